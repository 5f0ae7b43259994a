import XCTest

/// UIKit's own views: the keyboard's and a toolbar's conflicts (system), and an autoresizing one.
final class SystemTests: DemoAppTestCase {
    func testKeyboard() throws { try layOut("keyboard-conflict") }

    func testToolbar() throws { try layOut("toolbar-conflict") }

    func testAutoresizing() throws { try layOut("autoresizing-conflict") }
}
