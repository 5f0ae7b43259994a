import XCTest

/// The golden-file helper's own promises: what it writes for a live address, and
/// the line it shows when a report has changed.
final class GoldenFilesTests: XCTestCase {
    func test_naming_replacesOnlyWholeAddressesItIsGiven() {
        let text = "<UIView:0x1a> <UIImageView:0x1ab> on <UIView:0x1a>, 0x2"
        XCTAssertEqual(Golden.naming(["view": "0x1a"], in: text),
                       "<UIView:{view}> <UIImageView:0x1ab> on <UIView:{view}>, 0x2")
        XCTAssertEqual(Golden.naming([:], in: text), text)
    }

    func test_firstDifference_quotesBothLines_soATrailingSpaceShows() {
        XCTAssertEqual(Golden.firstDifference(expected: "a\nb\nc\n", actual: "a\nb \nc\n", prefix: false),
                       "first difference at line 2:\n  golden: \"b\"\n  actual: \"b \"")
    }

    func test_firstDifference_saysWhenTheReportHasEnded() {
        XCTAssertEqual(Golden.firstDifference(expected: "a\nb", actual: "a", prefix: false),
                       "first difference at line 2:\n  golden: \"b\"\n  actual: (none: the text has ended)")
    }

    func test_firstDifference_inPrefixMode_looksOnlyAtTheGoldenLines() {
        XCTAssertEqual(Golden.firstDifference(expected: "a\nx\n", actual: "a\nb\nc\n", prefix: true),
                       "first difference at line 2:\n  golden: \"x\"\n  actual: \"b\"")
    }

    func test_leadingLines_keepsAPrefixRecordingAsLongAsBefore() {
        XCTAssertEqual(Golden.lineCount("a\nb\n"), 2)
        XCTAssertEqual(Golden.leadingLines("a\nb\nc\n", count: 2), "a\nb\n")
    }

    func test_goldenDirectory_isBesideTheTestTarget() {
        XCTAssertEqual(Golden.directory.lastPathComponent, "Golden")
        XCTAssertTrue(FileManager.default.fileExists(atPath: Golden.url("Rendering/view-layout-image-view").path))
    }
}
