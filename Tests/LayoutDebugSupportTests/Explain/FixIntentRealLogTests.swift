@testable import LayoutDebugSupport
import XCTest

/// Real conflicts whose fix a developer made in public or a maintainer gave
/// (`Tests/Fixtures/fixes/README.md` cites each): the change a report ranks
/// first is that fix. The logs hold no frames, so intent alone ranks.
final class FixIntentRealLogTests: XCTestCase {
    /// The explanation of the one conflict in `Tests/Fixtures/fixes/<name>`.
    private func explained(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConflictExplanation {
        let url = ParsingCorpus.directory.deletingLastPathComponent().appendingPathComponent("fixes/" + name)
        let log = try String(contentsOf: url, encoding: .utf8)
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first, "no conflict in \(name)", file: file, line: line)
        return ConflictExplainer.explain(conflict)
    }

    /// mozilla-mobile/prox 9ad8a8d: the text view's bottom constraint at 999,
    /// so it gives way while the stack view hides the event view.
    func test_prox242_fix1_isTheBottomEdgeAt999_asTheCommitDid() throws {
        let explanation = try explained("prox-242.txt")
        let first = try XCTUnwrap(explanation.fixes.first)
        XCTAssertEqual(first.tryFirst, true)
        XCTAssertEqual(first.change, .priority(999))
        XCTAssertEqual(first.target, 0x6100002920c0)  // UILabel.bottom == PlaceDetailsEventView.bottom - 16
        XCTAssertEqual(explanation.rankedBy, ["transientSize"])
        XCTAssertTrue(first.reason?.hasPrefix("'UISV-hiding' holds Prox.PlaceDetailsEventView at 0 only while its stack "
                                              + "view hides it: your bottom edge gives way at 999 meanwhile") == true,
                      first.reason ?? "")
    }

    /// LoopKit/Loop 9b15943: the chart's `height >= 100` lowered (to 750 there).
    func test_loop439_fix1_lowersTheHeight_asTheCommitDid() throws {
        let explanation = try explained("loop-439.txt")
        let first = try XCTUnwrap(explanation.fixes.first)
        XCTAssertEqual(first.target, 0x600000097430)  // ChartContentView.height >= 100
        XCTAssertEqual(first.change, .priority(999))
        XCTAssertEqual(first.tryFirst, true)
    }

    /// xi-editor 38d24a36: the edit view's mask off. Its own `height >= 4880.32`
    /// stays; the mask's height 270 is the constraint nobody wrote.
    func test_xiEditor139_fix1_turnsTheMaskOff_asTheCommitDid() throws {
        let explanation = try explained("xi-editor-139.txt")
        let first = try XCTUnwrap(explanation.fixes.first)
        XCTAssertEqual(first.change, .noAutoresizing)
        XCTAssertEqual(first.target, 0x101d06bc0)  // XiEditor.EditView
        XCTAssertEqual(first.advice, "set translatesAutoresizingMaskIntoConstraints = false on XiEditor.EditView")
        XCTAssertEqual(explanation.rankedBy, ["autoresizing"])
    }

    /// SnapKit #64, with its maintainer's answer in #295: a left edge made to
    /// `view.right`, then "updated" to `view.left`, is two pins; the old one
    /// goes, as `remakeConstraints` does.
    func test_snapKit64_fix1_removesTheOldPin_andNamesRemakeConstraints() throws {
        let explanation = try explained("snapkit-64.txt")
        let first = try XCTUnwrap(explanation.fixes.first)
        XCTAssertEqual(first.change, .deactivate)
        XCTAssertEqual(first.target, 0x7fc7f48e2340)  // H:[UIView]-(0)-[Drafts…]: the left edge at UIView's right
        XCTAssertTrue(first.advice.hasPrefix("remove The_Grid.DraftsSiteManagementView.left == UIView.right, one of the two pins"),
                      first.advice)
        XCTAssertTrue(first.reason?.hasSuffix("(SnapKit: remakeConstraints, not a second makeConstraints or updateConstraints)") == true,
                      first.reason ?? "")
        XCTAssertEqual(explanation.fixes.map(\.target), [0x7fc7f48e2340, 0x7fc7f27a0210])
    }
}
