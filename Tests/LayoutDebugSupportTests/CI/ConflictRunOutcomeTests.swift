@testable import LayoutDebugSupport
import XCTest

/// A run held against a baseline, and what is written of it for CI: the verdict, the JUnit
/// file, GitHub's workflow commands and the Markdown summary.
final class ConflictRunOutcomeTests: XCTestCase {
    private typealias Log = ConflictRunReaderTests

    /// A run of two tests, 100/120 twice (known) and 100/140 once (new), against a baseline that
    /// also holds 1/2 (gone).
    private func outcome(failsOnGone: Bool = false) -> ConflictRunOutcome {
        let baseline = ConflictBaseline(entries: [
            .init(signature: Log.widthSignature(100, 120), owner: .yours),
            .init(signature: Log.widthSignature(1, 2), owner: .yours),
        ])
        let log = "Test Case '-[AppTests.TitleTests testTitle]' started.\n" + Log.widthConflict(100, 120)
            + "Test Case '-[AppTests.TitleTests testTitle]' passed (0.010 seconds).\n"
            + "Test Case '-[AppTests.TitleTests testBadge]' started.\n" + Log.widthConflict(100, 120)
            + Log.widthConflict(100, 140)
            + "/src/AppTests/TitleTests.swift:12: error: -[AppTests.TitleTests testBadge] : XCTAssertTrue failed\n"
            + "Test Case '-[AppTests.TitleTests testBadge]' failed (0.010 seconds).\n"
        return ConflictRunOutcome(run: Log.read(log, known: baseline.signatures), baseline: baseline, failsOnGone: failsOnGone)
    }

    func test_newKnownAndGone_andOnlyANewConflictFails() {
        let result = outcome()
        XCTAssertEqual(result.new.map(\.signature), [Log.widthSignature(100, 140)])
        XCTAssertEqual(result.known.map(\.signature), [Log.widthSignature(100, 120)])
        XCTAssertEqual(result.gone.map(\.signature), [Log.widthSignature(1, 2)])
        XCTAssertTrue(result.fails)
        XCTAssertEqual(result.verdict, "FAIL: 1 new conflict not in the baseline")
        XCTAssertEqual(result.headline(baselineName: "b.json"),
                       "3 conflicts, 2 distinct, in 2 test cases: 1 new, 1 known, 1 gone (baseline b.json)")

        let allKnown = ConflictRunOutcome(run: Log.read(Log.widthConflict(100, 120), known: [Log.widthSignature(100, 120)]),
                                          baseline: ConflictBaseline(entries: [.init(signature: Log.widthSignature(100, 120), owner: .yours),
                                                                               .init(signature: "gone", owner: nil)]))
        XCTAssertFalse(allKnown.fails, "a gone entry fails only with --fail-on-gone")
        let strict = ConflictRunOutcome(run: allKnown.run, baseline: ConflictBaseline(entries: [.init(signature: "gone", owner: nil),
                                                                                                 .init(signature: Log.widthSignature(100, 120), owner: .yours)]),
                                        failsOnGone: true)
        XCTAssertTrue(strict.fails)
        XCTAssertEqual(strict.verdict, "FAIL: 1 baseline entry no longer seen (--fail-on-gone): write the baseline again")
    }

    func test_newConflict_isReportedWithItsExplanation_andWhereItWasSeen() throws {
        let result = outcome()
        let group = try XCTUnwrap(result.new.first)
        XCTAssertEqual(result.whereSeen(group), "1× in AppTests.TitleTests.testBadge")
        let report = try XCTUnwrap(result.report(of: group))
        XCTAssertTrue(report.contains("UIView is 100 wide; UIView is 140 wide: 140 = 100 is impossible."), report)
        // The test's failure line says where its file is.
        XCTAssertEqual(result.location(of: group), CodeLocation(path: "/src/AppTests/TitleTests.swift", line: 12))
    }

    func test_junit_hasOneTestCasePerSignature_failingTheNewOne() {
        let xml = outcome().junit
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"Auto Layout conflicts\" tests=\"3\" failures=\"1\" errors=\"0\">\n"), xml)
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 3)
        XCTAssertTrue(xml.contains("<testcase classname=\"AppTests.TitleTests.testBadge\" name=\"NSLayoutConstraint UIView.width == 100 | NSLayoutConstraint UIView.width == 140 =&gt; NSLayoutConstraint UIView.width == 140\">\n      <failure type=\"new-conflict\" message=\"new Auto Layout conflict (yours), 1× in AppTests.TitleTests.testBadge\">"), xml)
        XCTAssertTrue(xml.contains("<skipped message=\"in the baseline, not seen in this run\"/>"), xml)
        XCTAssertEqual(ConflictRunOutcome.xml("a<b & \"c\" 'd'\u{1}"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;?")
    }

    func test_xml_keepsTextAndLineBreaks_andReplacesWhatXMLForbids() {
        // XML 1.0's Char production allows tab, LF, CR and U+0020 on, less U+FFFE and U+FFFF.
        XCTAssertEqual(ConflictRunOutcome.xml("é | ✔\t\r\n"), "é | ✔\t\r\n")
        XCTAssertEqual(ConflictRunOutcome.xml("a\u{FFFE}b\u{FFFF}\u{1F}c\u{FFFD}"), "a?b??c\u{FFFD}")
        XCTAssertEqual(ConflictRunOutcome.xml(""), "")
    }

    func test_githubAnnotations_followTheRunnersEscapes() {
        let text = outcome().githubAnnotations(paths: SourcePaths(root: "/src"))
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, text)
        XCTAssertTrue(lines[0].hasPrefix("::error file=AppTests/TitleTests.swift,line=12,title=New Auto Layout conflict (yours)::"
                                          + "NSLayoutConstraint UIView.width == 100 | NSLayoutConstraint UIView.width == 140 => "
                                          + "NSLayoutConstraint UIView.width == 140%0A1× in AppTests.TitleTests.testBadge%0A%0AOwner: yours"),
                      String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("::notice title=Baseline entry no longer seen::NSLayoutConstraint UIView.width == 1 |"), String(lines[1]))
        XCTAssertEqual(ConflictRunOutcome.escapeData("100% a\r\nb"), "100%25 a%0D%0Ab")
        XCTAssertEqual(ConflictRunOutcome.escapeProperty("a:b,c%"), "a%3Ab%2Cc%25")
        XCTAssertEqual(ConflictRunOutcome.command("error", [("file", "A.swift"), ("line", "3")], "m"), "::error file=A.swift,line=3::m\n")
    }

    func test_markdown_saysTheVerdict_andFoldsEachNewReport() {
        let text = outcome().markdown(baselineName: "b.json")
        XCTAssertTrue(text.hasPrefix("## Auto Layout conflicts\n\n❌ **FAIL: 1 new conflict not in the baseline**\n\n"), text)
        XCTAssertTrue(text.contains("| new | yours | 1 | `NSLayoutConstraint UIView.width == 100 \\| NSLayoutConstraint UIView.width == 140 => NSLayoutConstraint UIView.width == 140` | AppTests.TitleTests.testBadge |\n"), text)
        XCTAssertTrue(text.contains("| gone | yours | 0 |"), text)
        XCTAssertTrue(text.contains("<details><summary>New: NSLayoutConstraint UIView.width == 100 | NSLayoutConstraint UIView.width == 140 =&gt; NSLayoutConstraint UIView.width == 140</summary>"), text)
    }

    func test_testNames_areEscapedAsEachFileNeeds() {
        // A Swift Testing display name may hold anything: XML's five, a cell's `|`, and U+FFFE,
        // which XML has no character for.
        var run = ConflictRun(known: ["K"])
        for (signature, name) in [("N <a|b>", "size \"w\" & h | \u{FFFE}x"), ("K", "a<b|c")] {
            run.add(signature: signature, owner: .yours, count: 1, report: nil)
            let test = run.testID(TestCaseName(suite: "Suite", name: name))
            let group = run.group(signature: signature, owner: .yours)
            run.note(test: test, in: group)
        }
        let result = ConflictRunOutcome(run: run, baseline: ConflictBaseline(entries: [.init(signature: "K", owner: .yours)]))
        let xml = result.junit
        XCTAssertTrue(xml.contains("<testcase classname=\"Suite.size &quot;w&quot; &amp; h | ?x\" name=\"N &lt;a|b&gt;\">\n"
            + "      <failure type=\"new-conflict\" message=\"new Auto Layout conflict (yours), 1× in Suite.size &quot;w&quot; &amp; h | ?x\">"), xml)
        XCTAssertTrue(xml.contains("<testcase classname=\"Suite.a&lt;b|c\" name=\"K\">\n"
            + "      <system-out>known (in the baseline), yours, 1× in Suite.a&lt;b|c</system-out>"), xml)
        let markdown = result.markdown(baselineName: nil)
        XCTAssertTrue(markdown.contains("| new | yours | 1 | `N <a\\|b>` | Suite.size \"w\" & h \\| \u{FFFE}x |\n"), markdown)
        XCTAssertTrue(markdown.contains("| known | yours | 1 | `K` | Suite.a<b\\|c |\n"), markdown)
        XCTAssertEqual(result.whereSeen(result.new[0]), "1× in Suite.size \"w\" & h | \u{FFFE}x")
    }
}
