import XCTest
@testable import LayoutDebugSupport

/// Whose conflict it is in the SwiftUI era (issue 33): SwiftUI's hosting
/// classes, bar-button wrappers, toolbar content views, the keyboard's newer
/// internals and a plain view inside an alert controller are UIKit's or
/// SwiftUI's. Logs written to the grammar, with classes as those of
/// ruddarr/app #182, IQKeyboardManager #1592 and RocketSimApp #974 print them.
final class ConflictTriageSwiftUIEraTests: XCTestCase {
    private func triage(_ items: [String], file: StaticString = #filePath, line: UInt = #line) throws -> ConflictTriage {
        let log = "(\n" + items.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n"
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first, file: file, line: line)
        XCTAssertEqual(conflict.unparsedLines, [], file: file, line: line)
        XCTAssertEqual(ConflictTriage.owner(of: conflict), ConflictTriage.classify(conflict).owner, "both agree",
                       file: file, line: line)
        return ConflictTriage.classify(conflict)
    }

    func test_barButtonWrappers_areUIKits() throws {
        let result = try triage([
            "<NSLayoutConstraint:0x600002140a50 _UIModernBarButton:0x7fd33c61d2a0.width == 44   (active)>",
            "<NSLayoutConstraint:0x600002140aa0 UIKit.ButtonWrapper:0x7fd33c61cf60.width == _UIModernBarButton:0x7fd33c61d2a0.width + 10   (active)>",
            "<NSLayoutConstraint:0x600002140af0 UIKit.ButtonWrapper:0x7fd33c61cf60.width == 30   (active)>",
        ])
        XCTAssertEqual(result.owner, .system)
        XCTAssertEqual(result.evidence, "only UIKit-internal views: _UIModernBarButton, UIKit.ButtonWrapper")
    }

    func test_swiftUIHostingViewInAToolbar_isSwiftUIs() throws {
        let result = try triage([
            "<NSLayoutConstraint:0x600001f48a50 _TtGC7SwiftUI14_UIHostingViewVS_7AnyView_:0x7fe2c8d13e00.height == 120   (active)>",
            "<NSLayoutConstraint:0x600001f48aa0 V:|-(0)-[_TtGC7SwiftUI14_UIHostingViewVS_7AnyView_:0x7fe2c8d13e00]   (active, names: '|':_UIToolbarContentView:0x7fe2c8d0f6a0 )>",
            "<NSLayoutConstraint:0x600001f48af0 V:[_TtGC7SwiftUI14_UIHostingViewVS_7AnyView_:0x7fe2c8d13e00]-(0)-|   (active, names: '|':_UIToolbarContentView:0x7fe2c8d0f6a0 )>",
            "<NSLayoutConstraint:0x600001f48b40 _UIToolbarContentView:0x7fe2c8d0f6a0.height == 44   (active)>",
        ])
        XCTAssertEqual(result.owner, .system)
        XCTAssertEqual(result.evidence, "only SwiftUI-internal views: _UIHostingView<AnyView>, _UIToolbarContentView")
    }

    func test_keyboardAssistantBar_isUIKits() throws {
        let result = try triage([
            "<NSLayoutConstraint:0x600003e44f00 'assistantHeight' SystemInputAssistantView:0x7fa6f3d2e620.height == 45   (active)>",
            "<NSLayoutConstraint:0x600003e45040 'assistantView.bottom' SystemInputAssistantView:0x7fa6f3d2e620.bottom == _UIKBCompatInputView:0x7fa6f3d2c6e0.top   (active)>",
            "<NSLayoutConstraint:0x600003e45090 'assistantView.top' V:|-(0)-[SystemInputAssistantView:0x7fa6f3d2e620]   (active, names: '|':UIInputSetHostView:0x7fa6f3d1d4a0 )>",
            "<NSLayoutConstraint:0x600003e450e0 'inputView.top' V:|-(0)-[_UIKBCompatInputView:0x7fa6f3d2c6e0]   (active, names: '|':UIInputSetHostView:0x7fa6f3d1d4a0 )>",
            "<_UIKBAutofillHeightConstraint:0x600003e45130 TUIKeyboardContentView:0x7fa6f3d31200.height == 0   (active)>",
            "<NSLayoutConstraint:0x600003e45180 TUIKeyplaneView:0x7fa6f3d31e00.height == TUIKeyboardContentView:0x7fa6f3d31200.height   (active)>",
        ])
        XCTAssertEqual(result.owner, .system)
        XCTAssertEqual(result.evidence, "only UIKit-internal views: SystemInputAssistantView, _UIKBCompatInputView, UIInputSetHostView, …")
    }

    /// A plain `UIView` tied only to an alert controller's views is the alert's
    /// (the action sheet's `width == - 16`); beside a bar's views it stays the app's.
    func test_plainViewInsideAnAlertController_isUIKits_butNotElsewhere() throws {
        let alert = try triage([
            "<NSLayoutConstraint:0x6000021a1e00 UIView:0x7f8b1c41f2d0.width == - 16   (active)>",
            "<NSLayoutConstraint:0x6000021a1e50 _UIAlertControllerInterfaceActionGroupView:0x7f8b1c51d9a0.width == UIView:0x7f8b1c41f2d0.width + 16   (active)>",
        ])
        XCTAssertEqual(alert.owner, .system)
        XCTAssertEqual(alert.evidence, "only UIKit-internal views: _UIAlertControllerInterfaceActionGroupView")

        let bar = try triage([
            "<NSLayoutConstraint:0x6000021a1f00 UIView:0x7f8b1c41f500.width == 20   (active)>",
            "<NSLayoutConstraint:0x6000021a1f50 _UIButtonBarStackView:0x7f8b1c51da00.width == UIView:0x7f8b1c41f500.width   (active)>",
            "<NSLayoutConstraint:0x6000021a1fa0 _UIButtonBarStackView:0x7fb1c51da00.width == 0   (active)>",
        ])
        XCTAssertEqual(bar.owner, .yours)
    }

    /// An app's view beside SwiftUI's is the app's to fix.
    func test_anAppViewBesideAHostingView_isYours() throws {
        let result = try triage([
            "<NSLayoutConstraint:0x600001f48c00 Orbit.MapPin:0x7fe2c8d14000.width == SwiftUI._UIHostingView<Orbit.PinLabel>:0x7fe2c8d13f00.width   (active)>",
            "<NSLayoutConstraint:0x600001f48c50 Orbit.MapPin:0x7fe2c8d14000.width == 30   (active)>",
        ])
        XCTAssertEqual(result.owner, .yours)
        XCTAssertEqual(result.evidence, "the app's <Orbit.MapPin:0x7fe2c8d14000>")
    }

    func test_newerKeyboardAndHostingClasses_areFrameworkInternal() {
        for name in ["TUIKeyboardContentView", "TUIKeyplaneView", "SystemInputAssistantView", "_UIHostingView",
                     "SwiftUI.PlatformViewHost", "_TtC7SwiftUI17HostingScrollView", "_UIToolbarContentView",
                     "_TtC5UIKitP33_DDE14AA6B49FCAFC5A54255A118E1D8713ButtonWrapper"] {
            XCTAssertEqual(FrameworkClassNames.kind(of: ObjectReference(className: name)), .frameworkInternal, name)
        }
        for name in ["Orbit.ButtonWrapperCell", "MyButtonWrapper", "Orbit.SystemInputAssistantViewModel"] {
            XCTAssertEqual(FrameworkClassNames.kind(of: ObjectReference(className: name)), .app, name)
        }
    }
}
