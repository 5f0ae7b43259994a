import Foundation
import XCTest
@testable import ReferenceKit

/// The keyboard's private views print UIKit's class names, as real logs show
/// them (`UIInputSetHostView.bottom == UIInputSetContainerView.bottom` in a
/// keyboard conflict): a debugger or a log reader tells them apart by name only.
final class KeyboardViewsTests: XCTestCase {
    func test_keyboardViews_describeThemselvesWithUIKitsClassNames() {
        onMain {
            let window = UIRemoteKeyboardWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            let container = UIInputSetContainerView(frame: window.bounds)
            window.addSubview(container)
            let host = UIInputSetHostView()
            let keyboard = _UIKBCompatInputView()
            let assistant = TUISystemInputAssistantView()
            container.addSubview(host)
            host.addSubview(keyboard)
            host.addSubview(assistant)
            let pinned = host.bottomAnchor.constraint(equalTo: container.bottomAnchor)
            let stacked = assistant.bottomAnchor.constraint(equalTo: keyboard.topAnchor)
            XCTAssertTrue(pinned.description.contains(" UIInputSetHostView:0x"), pinned.description)
            XCTAssertTrue(pinned.description.contains(".bottom == UIInputSetContainerView:0x"), pinned.description)
            XCTAssertTrue(stacked.description.contains(" TUISystemInputAssistantView:0x"), stacked.description)
            XCTAssertTrue(stacked.description.contains(".bottom == _UIKBCompatInputView:0x"), stacked.description)
            XCTAssertTrue(window.description.hasPrefix("<UIRemoteKeyboardWindow: 0x"), window.description)
        }
    }
}
