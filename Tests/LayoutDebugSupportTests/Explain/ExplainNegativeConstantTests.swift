@testable import LayoutDebugSupport
import XCTest

/// A negative constant is said as the geometry it makes, a distance that is
/// never negative, whichever way the code wrote it: SnapKit's `offset(-10)`
/// (or `inset(10)` on a far edge), Masonry's, an anchor's `constant: -16`, or
/// a visual format's `-(-2)-`. Each sentence is worked out from the
/// constraint's equation by hand.
final class ExplainNegativeConstantTests: XCTestCase {
    /// The sentence the explainer gives the one constraint `line`.
    private func sentence(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws -> String {
        let c = try ConstraintLineParser.parse(line)
        let conflict = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [c])
        return ExplanationPhrases(conflict, LinearSystem(conflict)).sentence(c)
    }

    /// `make.bottom.equalTo(imageView).offset(-10)`: the label's bottom edge is
    /// 10 above the image's, so the label sits 10 inside that edge.
    func test_snapKitOffsetOnABottomEdge_readsAsTenInside_andNamesBothSpellings() throws {
        XCTAssertEqual(try sentence("<SnapKit.LayoutConstraint:0x1@Card.swift#20 UILabel:0x2.bottom == UIImageView:0x3.bottom - 10.0>"),
                       "UILabel is pinned 10 from the bottom edge of UIImageView (SnapKit: .offset(-10), or .inset(10) on this edge)")
    }

    /// Masonry's `make.top.equalTo(view).offset(-8)`: the label's top edge is 8
    /// above the view's, so it is the view's top edge that is 8 inside the label's.
    func test_masonryOffsetOnATopEdge_swapsWhoIsInside() throws {
        XCTAssertEqual(try sentence("<MASLayoutConstraint:0x6000 UILabel:0x2.top == UIView:0x3.top - 8>"),
                       "UIView is pinned 8 from the top edge of UILabel (Masonry: .offset(-8))")
    }

    /// `label.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16)`.
    func test_anchorsTrailingConstant_readsAsSixteenInside() throws {
        XCTAssertEqual(try sentence("<NSLayoutConstraint:0x5 UILabel:0x2.trailing == UIView:0x3.trailing - 16   (active)>"),
                       "UILabel is pinned 16 from the trailing edge of UIView")
    }

    /// `H:[label]-(-2)-|`: the label's trailing edge is 2 past its superview's.
    func test_visualFormatNegativeGapToTheSuperview_sticksOut() throws {
        XCTAssertEqual(try sentence("<NSLayoutConstraint:0x7 H:[UILabel:0x2]-(-2)-|   (active, names: '|':UIView:0x3 )>"),
                       "UILabel sticks out 2 past the trailing edge of UIView")
        XCTAssertEqual(try sentence("<NSLayoutConstraint:0x19 H:|-(-20)-[UIView:0x15]   (active, names: '|':UIView:0x20 )>"),
                       "UIView:0x15 sticks out 20 past the leading edge of UIView:0x20")
    }

    /// `H:[label]-(-8)-[button]`: the button starts 8 before the label ends.
    func test_negativeGapBetweenSiblings_isAnOverlap() throws {
        XCTAssertEqual(try sentence("<NSLayoutConstraint:0x8 H:[UILabel:0x2]-(-8)-[UIButton:0x4]   (active)>"),
                       "UIButton overlaps UILabel by 8")
    }

    /// A centre 10 up from another's.
    func test_negativeCentreOffset_saysWhichWay() throws {
        XCTAssertEqual(try sentence("<NSLayoutConstraint:0x9 UILabel:0x2.centerY == UIView:0x3.centerY - 10   (active)>"),
                       "UILabel is centered on UIView, 10 above its centre")
    }

    /// The arithmetic gives the distance too: the label's top 20 below the
    /// image's, 100 high, and its bottom 10 above the image's bottom make
    /// 20 + 100 + 10 = 130 against the image's 120, never `(-10)`.
    func test_theArithmetic_movesANegativeConstantAcross() throws {
        let log = """
            (
            "<SnapKit.LayoutConstraint:0x1@Card.swift#20 UILabel:0x2.bottom == UIImageView:0x3.bottom - 10.0>",
            "<SnapKit.LayoutConstraint:0x4@Card.swift#21 UILabel:0x2.top == UIImageView:0x3.top + 20.0>",
            "<SnapKit.LayoutConstraint:0x5@Card.swift#22 UILabel:0x2.height == 100.0>",
            "<SnapKit.LayoutConstraint:0x6@Card.swift#23 UIImageView:0x3.height == 120.0>"
            )

            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        let reason = ConflictExplainer.explain(conflict).reason
        XCTAssertTrue(reason.hasSuffix(": 10 + 20 + 100 = 120 is impossible (130 against 120)."), reason)
        XCTAssertFalse(try XCTUnwrap(reason.components(separatedBy: ": ").last).contains("-"), reason)
    }
}
