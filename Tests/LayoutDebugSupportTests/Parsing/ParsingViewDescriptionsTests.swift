@testable import LayoutDebugSupport
import XCTest

/// View descriptions pasted next to a conflict (`ViewDescriptions`, docs/parser-grammar.md
/// section 9) place the conflict's views in their window. Every expected frame is
/// worked out by hand from the frames the dumps print.
final class ParsingViewDescriptionsTests: XCTestCase {
    /// The log's first conflict, placed from the descriptions anywhere in the same log.
    private func placed(_ log: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConflictSnapshot {
        var conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first, "no conflict", file: file, line: line)
        ViewDescriptions(text: log).place(&conflict)
        return conflict
    }

    /// A conflict naming the label 0x40 and the content view 0x30 it sits in.
    private let labelInContent = """
        (
            "<NSLayoutConstraint:0x1 UILabel:0x40.leading == UIView:0x30.leading + 20   (active)>",
            "<NSLayoutConstraint:0x2 UILabel:0x40.width == 400   (active)>"
        )

        """

    // MARK: - Window coordinates

    func test_recursiveDescription_placesEachViewInWindowCoordinates_throughAScrolledScrollView() throws {
        let log = labelInContent + """
            <UIWindow: 0x10; frame = (0 0; 375 667); gestureRecognizers = <NSArray: 0x1a>; layer = <UIWindowLayer: 0x1b>>
               | <UIScrollView: 0x20; frame = (0 88; 375 579); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x2a>; layer = <CALayer: 0x2b>; contentOffset: {0, 120}; contentSize: {375, 1000}; adjustedContentInset: {0, 0, 0, 0}>
               |    | <UIView: 0x30; frame = (0 0; 375 1000); autoresize = W+H; layer = <CALayer: 0x3b>>
               |    |    | <UILabel: 0x40; frame = (20 300; 335 21); text = 'Total'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x4b>>
               | <UIView: 0x50; frame = (10 10; 100 50); layer = <CALayer: 0x5b>>

            """
        let placements = try XCTUnwrap(try placed(log).placements)
        let window = SnapshotRect(x: 0, y: 0, width: 375, height: 667)
        // The scroll view's content starts at 88 - 120 = -32: the content view is at (0 -32),
        // the label at (0 + 20, -32 + 300) = (20 268).
        let content = SnapshotRect(x: 0, y: -32, width: 375, height: 1000)
        XCTAssertEqual(placements, [
            ViewPlacement(view: 0x40, frame: SnapshotRect(x: 20, y: 268, width: 335, height: 21), depth: 3,
                          superview: 0x30, superviewFrame: content, window: window),
            ViewPlacement(view: 0x30, frame: content, depth: 2, superview: 0x20,
                          superviewFrame: SnapshotRect(x: 0, y: 88, width: 375, height: 579), window: window),
        ])
    }

    func test_aDumpBeforeTheConflict_placesAsOneAfterIt() throws {
        let dump = """
            <UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>>
               | <UIView: 0x30; frame = (0 64; 375 603); layer = <CALayer: 0x3b>>
               |    | <UILabel: 0x40; frame = (20 8; 335 21); layer = <_UILabelLayer: 0x4b>>

            """
        let before = try placed(dump + labelInContent).placements
        XCTAssertEqual(before, try placed(labelInContent + dump).placements)
        // (20, 64 + 8).
        XCTAssertEqual(before?.first?.frame, SnapshotRect(x: 20, y: 72, width: 335, height: 21))
    }

    /// `NSLog(@"%@", [window recursiveDescription])` puts the console's prefix
    /// before the first line only; a dump pasted from a web page may be one line,
    /// each view after `|` once per level.
    func test_anNSLogPrefix_andADumpOnOneLine_nestAsTheDumpPrints() throws {
        let prefixed = labelInContent + """
            2026-11-27 10:00:00.000 Demo[85351:6181765] <UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>>
               | <UIView: 0x30; frame = (0 64; 375 603); layer = <CALayer: 0x3b>>
               |    | <UILabel: 0x40; frame = (20 8; 335 21); layer = <_UILabelLayer: 0x4b>>

            """
        let oneLine = labelInContent + "<UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>> | "
            + "<UIView: 0x30; frame = (0 64; 375 603); layer = <CALayer: 0x3b>> | | "
            + "<UILabel: 0x40; frame = (20 8; 335 21); layer = <_UILabelLayer: 0x4b>>\n"
        for log in [prefixed, oneLine] {
            let label = try XCTUnwrap(try placed(log).placements?.first)
            XCTAssertEqual(label.frame, SnapshotRect(x: 20, y: 72, width: 335, height: 21))
            XCTAssertEqual(label.depth, 2)
            XCTAssertEqual(label.superview, 0x30)
        }
    }

    /// A class UIKit does not know prints `baseClass =` before its frame.
    func test_anAppClass_withItsBaseClass_isPlaced() throws {
        let log = """
            (
                "<NSLayoutConstraint:0x1 Demo.Badge:0x40.width == 400   (active)>"
            )
            <UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>>
               | <Demo.Badge: 0x40; baseClass = UILabel; frame = (0.333333 6; 45.6667 18); text = 'New'; layer = <_UILabelLayer: 0x4b>>

            """
        XCTAssertEqual(try placed(log).placements?.first?.frame,
                       SnapshotRect(x: 0.333333, y: 6, width: 45.6667, height: 18))
    }

    // MARK: - What is not placed, and why

    func test_aLogWithoutDescriptions_placesNothing_andGivesNoReason() throws {
        let conflict = try placed(labelInContent)
        XCTAssertNil(conflict.placements)
        XCTAssertNil(conflict.whyNotPlaced, "the explainer says the log holds no frames")
    }

    func test_aDumpWithoutTheConflictsViews_saysWhichIsMissing() throws {
        let conflict = try placed(labelInContent + DescribedLogs.otherWindow)
        XCTAssertNil(conflict.placements)
        XCTAssertEqual(conflict.whyNotPlaced, "the view descriptions in the log do not include <UILabel:0x40>")
    }

    /// `_autolayoutTrace` nests views without frames; only a guide's
    /// `owningView = <UIView: 0x2ea1510cc06a; frame = (0 0; 414 736); …>` has one.
    func test_aTrace_nestsTheViews_butGivesNoFrameAboveTheOwningView() throws {
        let trace = try ParsingCorpus.text("001.txt", folder: "traces")
        let log = """
            (
                "<NSLayoutConstraint:0x1 UIView:0x2ea1510cc06a.width == 400   (active)>"
            )

            """ + trace
        let conflict = try placed(log)
        XCTAssertNil(conflict.placements)
        // The trace puts 0x2ea1510cc06a under UIViewControllerWrapperView:0x1f73cf460c6c, which no line frames.
        XCTAssertEqual(conflict.whyNotPlaced, "the log gives no frame for <UIViewControllerWrapperView:0x1f73cf460c6c>, "
                       + "which holds <UIView:0x2ea1510cc06a>")
    }

    func test_aFrameThatIsNotANumber_isNotGuessed() throws {
        let log = labelInContent + """
            <UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>>
               | <UIView: 0x30; frame = (0 0; 375 667); layer = <CALayer: 0x3b>>
               |    | <UILabel: 0x40; frame = (nan 0; 335 21); layer = <_UILabelLayer: 0x4b>>

            """
        XCTAssertEqual(try placed(log).whyNotPlaced, "the log gives no frame for <UILabel:0x40>")
    }

    /// A line at a depth that is not a view (here, damaged) keeps its place:
    /// what nests under it is not put under the view before it.
    func test_aViewUnderALineThatIsNotAView_hasNoKnownSuperview() throws {
        let log = labelInContent + """
            <UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>>
               | <UIView: 0x30; frame = (0 0; 375 667); layer = <CALayer: 0x3b>>
               |    | <UIStackView: 0x3f; layer = <CATransformLayer: 0x3c>>
               |    |    | <UILabel: 0x40; frame = (20 8; 335 21); layer = <_UILabelLayer: 0x4b>>

            """
        XCTAssertEqual(try placed(log).whyNotPlaced, "the log does not show which view <UILabel:0x40> is in")
    }

    /// A guide is not a view: one the dumps do not hold is left to the solver.
    func test_aGuideTheDumpDoesNotHold_isPassedOver() throws {
        let log = """
            (
                "<NSLayoutConstraint:0x1 UILabel:0x40.leading == UILayoutGuide:0x9a'UIViewSafeAreaLayoutGuide'.leading + 20   (active)>",
                "<NSLayoutConstraint:0x2 UILabel:0x40.width == 400   (active)>"
            )
            <UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>>
               | <UILabel: 0x40; frame = (20 8; 335 21); layer = <_UILabelLayer: 0x4b>>

            """
        XCTAssertEqual(try placed(log).placements?.map(\.view), [0x40])
    }

    /// A paste cut anywhere reads the same: the reader keeps a cut line for the next buffer.
    func test_descriptionsReadInPieces_placeAsReadWhole() throws {
        // The last line has no newline: `finish` reads it.
        let log = labelInContent + """
            <UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x1b>>
               | <UIView: 0x30; frame = (0 64; 375 603); layer = <CALayer: 0x3b>>
               |    | <UILabel: 0x40; frame = (20 8; 335 21); layer = <_UILabelLayer: 0x4b>>
            """
        var whole = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        ViewDescriptions(text: log).place(&whole)
        XCTAssertNotNil(whole.placements)
        let bytes = Array(log.utf8)
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            var pieces = ViewDescriptions()
            bytes.withUnsafeBufferPointer { all in
                pieces.consume(UnsafeBufferPointer(rebasing: all[..<cut]))
                pieces.consume(UnsafeBufferPointer(rebasing: all[cut...]))
            }
            pieces.finish()
            var conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
            pieces.place(&conflict)
            XCTAssertEqual(conflict.placements, whole.placements, "cut at \(cut)")
        }
    }
}
