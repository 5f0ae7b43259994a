@testable import LayoutDebugSupport
import XCTest

/// The escapes `--ci`'s results and the pictures apply: each named byte replaced once, the rest
/// kept, whether a text is escaped as it is appended or after it was written.
final class ASCIIEscapesTests: XCTestCase {
    private let cell = ASCIIEscapes(["|": "\\|", "\n": " "])

    func test_apply_replacesEachNamedByte_once() {
        XCTAssertEqual(cell.apply(to: "a|b\nc"), "a\\|b c")
        XCTAssertEqual(ASCIIEscapes(["&": "&amp;", "<": "&lt;"]).apply(to: "&lt; é <"), "&amp;lt; é &lt;")
        XCTAssertEqual(cell.apply(to: "no escape, ✔"), "no escape, ✔")
        XCTAssertEqual(cell.apply(to: ""), "")
    }

    func test_escapingWhatWasWritten_leavesTheTextBeforeItAlone() {
        var text = TextBytes()
        text.append("kept | as is, ")
        let start = text.count
        text.append("a|b")
        text.append(" ✔ ")
        text.append("c\n")
        text.escape(from: start, with: cell)
        XCTAssertEqual(text.string, "kept | as is, a\\|b ✔ c ")

        var appended = TextBytes()
        appended.append("a|b ✔ c\n", escaping: cell)
        XCTAssertEqual(appended.string, "a\\|b ✔ c ")
    }
}
