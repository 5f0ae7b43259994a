import XCTest
@testable import LayoutDebugSupport

/// Which window a trace starts from on a Mac: while the debugger has the focus the app has no
/// key window, so its main window, else the first window on screen, stands in.
final class FrontWindowTests: XCTestCase {
    private func choose(key: String?, main: String?, windows: [String], visible: Set<String>) -> String? {
        FrontWindow.choose(key: key, main: main, windows: windows, isVisible: visible.contains)
    }

    func test_theKeyWindow_whenTheAppHasTheFocus() {
        XCTAssertEqual(choose(key: "inspector", main: "document", windows: ["document", "inspector"],
                              visible: ["document", "inspector"]), "inspector")
    }

    func test_theMainWindow_whileTheDebuggerHasTheFocus() {
        XCTAssertEqual(choose(key: nil, main: "document", windows: ["palette", "document"],
                              visible: ["palette", "document"]), "document")
    }

    func test_theFirstVisibleWindow_whenNoneIsKeyOrMain() {
        // A hidden status window listed first is passed over.
        XCTAssertEqual(choose(key: nil, main: nil, windows: ["hidden", "document"], visible: ["document"]), "document")
        XCTAssertEqual(choose(key: nil, main: nil, windows: ["hidden"], visible: []), "hidden")
        XCTAssertNil(choose(key: nil, main: nil, windows: [], visible: []))
    }
}
