@testable import LayoutDebugSupport
import XCTest

extension XCTestCase {
    /// `read` is the run `whole` is, as a user sees it: the same totals, lines, test cases and
    /// groups in order, each with its counts, its test cases and its first occurrence (line and
    /// number), and the same verdict on a log cut inside a conflict. What pieces, streamed or
    /// not, must give against one reader of the whole log.
    func assertSameRun(_ read: ConflictRun, _ whole: ConflictRun, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(read.total, whole.total, file: file, line: line)
        XCTAssertEqual(read.lines, whole.lines, file: file, line: line)
        XCTAssertEqual(read.testCases, whole.testCases, file: file, line: line)
        XCTAssertEqual(read.endsInsideConflict, whole.endsInsideConflict, file: file, line: line)
        XCTAssertEqual(read.groups.map(\.signature), whole.groups.map(\.signature), file: file, line: line)
        for (a, b) in zip(read.groups, whole.groups) {
            XCTAssertEqual(a.count, b.count, a.signature, file: file, line: line)
            XCTAssertEqual(a.outsideTests, b.outsideTests, a.signature, file: file, line: line)
            XCTAssertEqual(Set(a.tests(in: read)), Set(b.tests(in: whole)), a.signature, file: file, line: line)
            XCTAssertEqual(a.first?.firstLine, b.first?.firstLine, a.signature, file: file, line: line)
            XCTAssertEqual(a.first?.snapshot.ordinal, b.first?.snapshot.ordinal, a.signature, file: file, line: line)
        }
    }
}
