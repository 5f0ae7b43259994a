@testable import LayoutDebugSupport
import XCTest

/// The explainer on corpus logs, against arithmetic done by hand.
///
/// Each expectation is the contradiction worked out on paper from the log,
/// written as the sum the certificate leaves when the multiplier of one
/// named constraint is scaled to ±1 (`0 = K` or `0 <= K`, K < 0).
final class ExplainCorpusTests: XCTestCase {
    /// The explanation, checked to be a contradiction whose sum, per unit of
    /// the multiplier of the constraint at `unit`, is `expected`.
    @discardableResult
    private func assertContradiction(_ name: String, unit: Int, sum expected: Double, inequality: Bool,
                                     file: StaticString = #filePath, line: UInt = #line) throws -> ConflictExplanation {
        let explanation = ConflictExplainer.explain(try ParsingCorpus.conflict(name, file: file, line: line))
        XCTAssertEqual(explanation.verdict, .contradiction, name, file: file, line: line)
        let row = try XCTUnwrap(explanation.rows.first { $0.constraintIndex == unit }, "\(name): row \(unit) in the subset",
                                file: file, line: line)
        let sum = try XCTUnwrap(explanation.sum, file: file, line: line)
        XCTAssertEqual(sum / abs(row.multiplier), expected, accuracy: 1e-6, name, file: file, line: line)
        XCTAssertEqual(explanation.contradiction?.contains("<="), inequality, name, file: file, line: line)
        return explanation
    }

    func test_001_stackInAZeroHighCell() throws {
        // 21 above + 24 high + 9 below must equal the cell's 0: 0 = 0 - 54.
        let explanation = try assertContradiction("001.txt", unit: 3, sum: -54, inequality: false)
        XCTAssertTrue(explanation.reason.contains("24 + 21 + 9 = 0 is impossible"), explanation.reason)
    }

    func test_002_leadingEdges() throws {
        // Pine = Quill = Cedar + 0, but Pine = Cedar + 6: 6 = 0.
        try assertContradiction("002.txt", unit: 1, sum: -6, inequality: false)
    }

    func test_003_labelSqueezedToNegativeHeight() throws {
        // The container is 0 high, the label sits 3 from top and bottom: height = -6 < 0.
        try assertContradiction("003.txt", unit: 2, sum: -6, inequality: true)
    }

    func test_004_layoutGuideBelowTheBottom() throws {
        // guide.top = view.bottom + 87 and guide.bottom = view.bottom, yet the guide is 0 high.
        try assertContradiction("004.txt", unit: 0, sum: -87, inequality: false)
    }

    func test_005_centeredCellAgainstItsTrailingPin() throws {
        // Centered: cell.minX = view.minX + (70 - 54) / 2 = view.minX + 8; the pin puts it at
        // view.minX + 70 - 54 - (-2) ... i.e. 8 + 54 - 2 = 60 against 70: 10 per unit of the
        // trailing pin, which the certificate doubles to cancel the halves of centerX.
        let explanation = ConflictExplainer.explain(try ParsingCorpus.conflict("005.txt"))
        XCTAssertEqual(explanation.verdict, .contradiction)
        let pin = try XCTUnwrap(explanation.rows.first { $0.constraintIndex == 3 })
        XCTAssertEqual(abs(pin.multiplier), 2)
        XCTAssertEqual(try XCTUnwrap(explanation.sum) / abs(pin.multiplier), -10, accuracy: 1e-9)
        XCTAssertTrue(explanation.fixes.contains { $0.advice.contains("translatesAutoresizingMaskIntoConstraints = false") })
    }

    func test_006_imageAspectRatioInACell() throws {
        // width = 0.4 × 342 = 136.8, height = 136.8 / 1.574 = 86.912325…; the column needs
        // 7 + 0 + 7 + 86.912325 + 9 + 11 + 11 = 131.912325 > 123.5.
        try assertContradiction("006.txt", unit: 9, sum: 123.5 - (7 + 7 + 136.8 / 1.574 + 9 + 11 + 11),
                                inequality: true)
    }

    func test_007_and_026_imagePinnedInACell() throws {
        // 0 + 60 + 0 = 80.
        try assertContradiction("007.txt", unit: 3, sum: -20, inequality: false)
        try assertContradiction("026.txt", unit: 3, sum: -20, inequality: false)
    }

    func test_009_rowOfImagesWiderThanTheCell() throws {
        // 15 + 40 + 8 + (stack >= 0) + 8 + 60 + 5 = 136 > 94.3333.
        let explanation = try assertContradiction("009.txt", unit: 10, sum: 94.3333 - 136, inequality: true)
        XCTAssertTrue(explanation.reason.contains("94.3333"), explanation.reason)
        XCTAssertTrue(explanation.fixes.allSatisfy { $0.advice.contains("priority 999") })
        // The engine broke a stack-view alignment constraint this contradiction does not use.
        XCTAssertTrue(explanation.reason.contains("'UISV-alignment', which this contradiction does not need"),
                      explanation.reason)
    }

    func test_brokenConstraintInTheSubset_isNamed() throws {
        let envelope = try ParsingCorpus.enveloped("027.txt", brokenIndex: 1)
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(envelope.text).first)
        let explanation = ConflictExplainer.explain(conflict)
        XCTAssertTrue(explanation.reason.hasSuffix("The engine broke Iris1Label.height >= 50, one of these."),
                      explanation.reason)
    }

    func test_011_aspectRatioAgainstAutoresizing() throws {
        // height = 85 / 0.384615 = 221.00022…; 2 + 221.00022 + 25 = 248.00022 against 234.
        try assertContradiction("011.txt", unit: 0, sum: 234 - (2 + 85 / 0.384615 + 25), inequality: false)
    }

    func test_014_stackViewsInACellUsingMargins() throws {
        // Margins (8 + 8) leave 50 of 66; the inner stack is at least 50 high around the centred
        // 50-high field, then 8 of spacing and a button of height >= 0: 58 > 50.
        try assertContradiction("014.txt", unit: 13, sum: -8, inequality: true)
    }

    func test_015_buttonAndMarginInAnAutoresizedView() throws {
        // 0 + 52 + 0 + 42 = 94 against 86.
        try assertContradiction("015.txt", unit: 0, sum: -8, inequality: false)
    }

    func test_018_labelInAZeroHighView() throws {
        // Centred in a 0-high view, the label's top is at -h/2 <= 0, yet at least 8 below the top.
        try assertContradiction("018.txt", unit: 0, sum: -8, inequality: true)
    }

    func test_019_and_022_marginsWiderThanAZeroWideBar() throws {
        // 15 + 15 + (guide >= 0) <= 0.
        try assertContradiction("019.txt", unit: 0, sum: -30, inequality: true)
        try assertContradiction("022.txt", unit: 0, sum: -30, inequality: true)
    }

    func test_020_insetsInAZeroWideView() throws {
        // 13 from the left, 13 from the right of a 0-wide view: width -26 < 0.
        try assertContradiction("020.txt", unit: 2, sum: -26, inequality: true)
    }

    func test_021_columnTallerThanTheCell() throws {
        // 8 + 8 + 55 + 8 + (text >= 0) + 8 + 308 + 8 + 25 + 8 + 8 = 444 against 50.
        try assertContradiction("021.txt", unit: 13, sum: 50 - 444, inequality: true)
    }

    func test_023_keyboardAndSafeArea() throws {
        // bottom = window.bottom, yet <= window.bottom - 34 + 8.
        try assertContradiction("023.txt", unit: 0, sum: -26, inequality: true)
    }

    func test_024_stackAlignmentAgainstAspect() throws {
        // Both labels and the image share top and bottom: image = 40, yet 0.9 × 40 = 36.
        try assertContradiction("024.txt", unit: 1, sum: -4, inequality: false)
    }

    func test_027_and_028() throws {
        try assertContradiction("027.txt", unit: 0, sum: -25, inequality: true)
        try assertContradiction("028.txt", unit: 0, sum: -30, inequality: true)
    }

    func test_logsWithoutAContradiction_saySoPlainly() throws {
        // A single constraint, or margins whose insets the log does not print.
        for name in ["008.txt", "010.txt", "012.txt", "013.txt", "016.txt"] {
            let explanation = ConflictExplainer.explain(try ParsingCorpus.conflict(name))
            XCTAssertEqual(explanation.verdict, .noContradictionShown, name)
            XCTAssertTrue(explanation.reason.hasPrefix("No arithmetic contradiction"), name)
            XCTAssertEqual(explanation.rows, [], name)
        }
    }
}
