import XCTest
@testable import LayoutDebugSupport

/// Names that damage a line in logs of 2021–2026 (issue 33), in a keyboard
/// conflict written to the grammar: an identifier holding `<…>`, an empty
/// identifier, class names truncated with a space inside a VFL item or
/// before `....top`, an elided constraint, and a "breaking" line cut at `...`.
final class ParsingDamagedNamesTests: XCTestCase {
    private let log = """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x600001d5e0a0 'UIInputViewSetPlacement_GenericApplicator<UIInputViewSetPlacementOffScreenDown>.vertical' UIInputSetHostView:0x7fb8c2e1c800.top == UIInputSetContainerView:0x7fb8c2e0b400.bottom   (active)>",
            "<NSLayoutConstraint:0x600001d5e0f0 '' UIInputSetHostView:0x7fb8c2e1c800.top == UIInputSetContainerView:0x7fb8c2e0b400.bottom + 10   (active)>",
            "<NSLayoutConstraint:0x600001d5e140 'accessoryView.bottom' _UIRemoteKeyboardPlaceholderView...>",
            "<NSLayoutConstraint:0x600001d5e190 V:[UIKeyboardLayoutStar Prev...]-(0)-|   (active, names: '|':UIInputSetHostView:0x7fb8c2e1c800 )>",
            "<NSLayoutConstraint:0x600001d5e1e0 UIContinuousPathIntroduct....top == UIInputSetHostView:0x7fb8c2e1c800.top   (active)>"
        )
        Will attempt to recover by breaking constraint...
        """

    func test_damagedNames_areRead_andTheElidedConstraintIsListed() throws {
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), [0x600001d5e0a0, 0x600001d5e0f0, 0x600001d5e190, 0x600001d5e1e0])
        XCTAssertEqual(conflict.mutuallyExclusive[0].identifier,
                       "UIInputViewSetPlacement_GenericApplicator<UIInputViewSetPlacementOffScreenDown>.vertical")
        XCTAssertEqual(conflict.mutuallyExclusive[1].identifier, "")
        XCTAssertEqual(conflict.mutuallyExclusive[1].constant, 10)
        // `V:[A]-(0)-|`: the superview's bottom is A's bottom.
        XCTAssertEqual(conflict.mutuallyExclusive[2].secondItem?.className, "UIKeyboardLayoutStar Prev...")
        XCTAssertEqual(conflict.mutuallyExclusive[3].firstItem?.className, "UIContinuousPathIntroduct...")
        XCTAssertEqual(conflict.mutuallyExclusive[3].firstAttribute, .top)
        // An elided constraint has no relation to read: it is listed, never guessed.
        XCTAssertEqual(conflict.unparsedLines,
                       ["\"<NSLayoutConstraint:0x600001d5e140 'accessoryView.bottom' _UIRemoteKeyboardPlaceholderView...>\","])
        XCTAssertNil(conflict.brokenConstraint, "the breaking line names nothing")
        // The host's top is the container's bottom, and 10 below it: 0 == 10, shown.
        XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .contradiction)
    }
}
