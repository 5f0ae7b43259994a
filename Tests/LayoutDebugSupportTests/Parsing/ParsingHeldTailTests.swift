@testable import LayoutDebugSupport
import XCTest

/// What the parser holds back between buffers (`heldTail`): it is internal
/// state, so these tests see it through `@testable`.
final class ParsingHeldTailTests: XCTestCase {
    /// A reader hands a line longer than its chunk over in pieces; a header
    /// in such a line must not be held, or each piece would copy all the
    /// pieces before it again.
    func test_aHeaderInALineLongerThanABuffer_isNotHeldAcrossPieces() {
        var parser = ConsoleLogParser()
        var found: [ConflictSnapshot] = []
        let pieces = ["App[1:2] Unable to simultaneously satisfy constraints. "]
            + Array(repeating: String(repeating: "a", count: 4096), count: 64) + ["\n"]
        for piece in pieces {
            let bytes = Array(piece.utf8)
            bytes.withUnsafeBufferPointer { parser.consume($0) { found.append($0.snapshot) } }
            XCTAssertTrue(parser.heldTail.isEmpty)
        }
        parser.finish { found.append($0.snapshot) }
        XCTAssertEqual(found.count, 0)
    }

    func test_aHeaderEndingABufferAtALineEnd_isHeldUntilTheNextBuffer() {
        var parser = ConsoleLogParser()
        let bytes = Array("App[1:2] Unable to simultaneously satisfy constraints.\n".utf8)
        bytes.withUnsafeBufferPointer { parser.consume($0) { _ in } }
        XCTAssertEqual(parser.heldTail, bytes)
        var found = 0
        parser.finish { _ in found += 1 }
        XCTAssertTrue(parser.heldTail.isEmpty)
        XCTAssertEqual(found, 0)
    }
}
