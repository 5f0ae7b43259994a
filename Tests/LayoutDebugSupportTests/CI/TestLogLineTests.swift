@testable import LayoutDebugSupport
import XCTest

/// Each form of test line a CI log holds, as the runners print it (the sources are cited in
/// `TestLogLine`'s comment), read into its event; other lines read as nothing.
final class TestLogLineTests: XCTestCase {
    private func event(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> TestLogEvent? {
        var bytes = Array(line.utf8)
        return ByteText.withTerminated(&bytes) { text, count in TestLogLine.event(text, 0, count) }
    }

    private func name(_ suite: String?, _ name: String) -> TestCaseName { TestCaseName(suite: suite, name: name) }

    func test_xcodebuildLines_startAndEndTheirTestCase() {
        XCTAssertEqual(event("Test Case '-[DemoAppTests.TitleTests testTitleLayout]' started."),
                       .started(name("DemoAppTests.TitleTests", "testTitleLayout")))
        XCTAssertEqual(event("Test Case '-[DemoAppTests.TitleTests testTitleLayout]' passed (0.012 seconds)."),
                       .ended(name("DemoAppTests.TitleTests", "testTitleLayout")))
        XCTAssertEqual(event("Test Case '-[DemoAppTests.TitleTests testTitleLayout]' failed (1.500 seconds)."),
                       .ended(name("DemoAppTests.TitleTests", "testTitleLayout")))
        XCTAssertEqual(event("Test Case '-[DemoAppTests.TitleTests testSkipped]' skipped (0.000 seconds)."),
                       .ended(name("DemoAppTests.TitleTests", "testSkipped")))
        XCTAssertEqual(event("Test Suite 'TitleTests' started at 2026-11-29 10:00:00.000."), .suite("TitleTests"))
    }

    func test_swiftCorelibsXCTestLines_nameClassDotMethod() {
        XCTAssertEqual(event("Test Case 'TitleTests.testTitleLayout' started at 2026-11-29 10:00:00.001"),
                       .started(name("TitleTests", "testTitleLayout")))
        XCTAssertEqual(event("Test Case 'TitleTests.testTitleLayout' passed (0.002 seconds)"),
                       .ended(name("TitleTests", "testTitleLayout")))
    }

    func test_failureLines_giveTheTestsFileAndLine() {
        XCTAssertEqual(event("/Users/ci/App/AppTests/TitleTests.swift:42: error: -[AppTests.TitleTests testTitle] : XCTAssertTrue failed"),
                       .failure(name("AppTests.TitleTests", "testTitle"), CodeLocation(path: "/Users/ci/App/AppTests/TitleTests.swift", line: 42)))
        XCTAssertEqual(event("/work/App/Tests/TitleTests.swift:7: error: TitleTests.testTitle : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"),
                       .failure(name("TitleTests", "testTitle"), CodeLocation(path: "/work/App/Tests/TitleTests.swift", line: 7)))
    }

    func test_swiftTestingLines_withTheirSymbols_plainSFSymbolsOrColoured() {
        XCTAssertEqual(event("◇ Test example() started."), .started(name(nil, "example()")))
        XCTAssertEqual(event("\u{1007C8}  Test example() started."), .started(name(nil, "example()")))
        XCTAssertEqual(event("\u{1B}[90m◇\u{1B}[0m Test \"Badge fits\" started."), .started(name(nil, "\"Badge fits\"")))
        XCTAssertEqual(event("✔ Test example() passed after 0.001 seconds."), .ended(name(nil, "example()")))
        XCTAssertEqual(event("✘ Test example() failed after 0.002 seconds with 1 issue."), .ended(name(nil, "example()")))
        XCTAssertEqual(event("➜ Test skippedTest() skipped: \"Skipping this test\""), .ended(name(nil, "skippedTest()")))
        XCTAssertEqual(event("◇ Suite TitleSuite started."), .suite("TitleSuite"))
        XCTAssertNil(event("◇ Test run started."))
        XCTAssertNil(event("✔ Test run with 3 tests passed after 0.001 seconds."))
    }

    func test_xcbeautifyResultLines_completeTheTestWhoseOutputCameBefore() {
        XCTAssertEqual(event("    ✔ testTitleLayout (0.012 seconds)"), .completed(name(nil, "testTitleLayout")))
        XCTAssertEqual(event("    ✖ testTitleLayout, XCTAssertTrue failed"), .completed(name(nil, "testTitleLayout")))
        XCTAssertEqual(event("    ✖ example() (0.001 seconds) 1 issue(s)"), .completed(name(nil, "example()")))
        XCTAssertEqual(event("    ⊘ testSkipped (0.000 seconds)"), .completed(name(nil, "testSkipped")))
        XCTAssertEqual(event("    \u{1B}[32m✔\u{1B}[0m testTitleLayout (\u{1B}[33m0.012\u{1B}[0m seconds)"),
                       .completed(name(nil, "testTitleLayout")))
        XCTAssertEqual(event("::error file=AppTests/TitleTests.swift,line=42::    ✖ testTitle, XCTAssertTrue failed"),
                       .completed(name(nil, "testTitle")))
    }

    func test_otherLines_areNoTestLine() {
        for line in ["    \"<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 100   (active)>\",",
                     "2026-11-29 10:00:00.000000+0000 App[1:1] [LayoutConstraints] Unable to simultaneously satisfy constraints.",
                     "    t =     0.05s Set Up", "Testing started", "/usr/bin/swift build", "✔ ", "Test Case 'x"] {
            XCTAssertNil(event(line), line)
        }
    }

    /// Lines read in turn, as a log's are (each name kept for the next line to compare with), give
    /// each line's own test: an end naming the test just started, one naming another whose name
    /// only extends it, a failure, another runner's form of the same name, an empty name.
    func test_linesReadInTurn_eachNameTheirOwnTest() {
        var names = TestNameMemo()
        func read(_ line: String) -> TestLogEvent? {
            var bytes = Array(line.utf8)
            return ByteText.withTerminated(&bytes) { text, count in TestLogLine.event(text, 0, count, names: &names) }
        }
        XCTAssertEqual(read("Test Case '-[AppTests.TitleTests testTitle]' started."), .started(name("AppTests.TitleTests", "testTitle")))
        XCTAssertEqual(read("Test Case '-[AppTests.TitleTests testTitle]' passed (0.010 seconds)."),
                       .ended(name("AppTests.TitleTests", "testTitle")))
        XCTAssertEqual(read("Test Case '-[AppTests.TitleTests testTitles]' passed (0.010 seconds)."),
                       .ended(name("AppTests.TitleTests", "testTitles")))
        XCTAssertEqual(read("Test Case '-[AppTests.TitleTests testTitle]' started."), .started(name("AppTests.TitleTests", "testTitle")))
        XCTAssertEqual(read("/ci/AppTests/TitleTests.swift:42: error: -[AppTests.TitleTests testTitle] : XCTAssertTrue failed"),
                       .failure(name("AppTests.TitleTests", "testTitle"), CodeLocation(path: "/ci/AppTests/TitleTests.swift", line: 42)))
        XCTAssertEqual(read("Test Case 'AppTests.TitleTests.testTitle' passed (0.002 seconds)"),
                       .ended(name("AppTests.TitleTests", "testTitle")))
        XCTAssertNil(read("Test Case '' passed (0.002 seconds)"))
        XCTAssertEqual(read("Test Case 'AppTests.TitleTests.testTitle' passed (0.002 seconds)"),
                       .ended(name("AppTests.TitleTests", "testTitle")))
    }
}
