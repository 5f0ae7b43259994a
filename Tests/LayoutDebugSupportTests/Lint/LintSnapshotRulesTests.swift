@testable import LayoutDebugSupport
import XCTest

/// The rules on snapshot trees built by hand, with no live view anywhere: the
/// lint depends on snapshots alone, so a pasted or recorded tree lints the same.
final class LintSnapshotRulesTests: XCTestCase {
    private let root = ObjectReference(className: "UIView", address: 0x1000)
    private let child = ObjectReference(className: "UIView", address: 0x2000, name: "card")
    private let label = ObjectReference(className: "UILabel", address: 0x3000, name: "title")

    /// `item.attribute == other.attribute + constant`, with an address.
    private func pin(_ item: ObjectReference, _ attribute: LayoutAttribute, to other: ObjectReference?,
                     _ constant: Double, address: UInt64, priority: Double = 1000,
                     relation: LayoutRelation = .equal) -> ConstraintSnapshot {
        ConstraintSnapshot(address: address, firstItem: item, firstAttribute: attribute, relation: relation,
                           secondItem: other, secondAttribute: other == nil ? .notAnAttribute : attribute,
                           constant: constant, priority: priority)
    }

    /// A 400×600 root holding `children`, with `constraints` installed on the root.
    private func tree(_ children: [ViewSnapshot], _ constraints: [ConstraintSnapshot]) -> ViewSnapshot {
        ViewSnapshot(reference: root, frame: SnapshotRect(x: 0, y: 0, width: 400, height: 600),
                     constraints: constraints, children: children)
    }

    private func view(_ reference: ObjectReference, _ frame: SnapshotRect, intrinsic: SnapshotSize = SnapshotSize(width: -1, height: -1),
                      constraints: [ConstraintSnapshot] = []) -> ViewSnapshot {
        ViewSnapshot(reference: reference, superclassNames: reference.className == "UILabel" ? ["UIView"] : [],
                     frame: frame, intrinsicContentSize: intrinsic, translatesAutoresizingMask: false, constraints: constraints)
    }

    func test_offsetInset_measuresTheOverhangFromTheFrames() {
        // right == root.right + 30 with x 10: the card spans 10…430 in a 400 root, 30 out.
        let right = pin(child, .right, to: root, 30, address: 0xa1)
        let snapshot = tree([view(child, SnapshotRect(x: 10, y: 10, width: 420, height: 50))],
                            [pin(child, .left, to: root, 10, address: 0xa0), right,
                             pin(child, .top, to: root, 10, address: 0xa2), pin(child, .height, to: nil, 50, address: 0xa3)])
        let findings = LayoutLint.findings(in: snapshot)
        XCTAssertEqual(findings.map(\.rule), ["offset-inset"])
        XCTAssertEqual(findings[0].detail, "right leaves <UIView:0x1000> by 30")
        XCTAssertEqual(findings[0].constraints, [right])
    }

    func test_offsetInset_superviewFirstWithAPositiveConstant_isAnInset() {
        // root.right == card.right + 30 is SnapKit's inset spelled the other way: card ends at 370.
        let inset = ConstraintSnapshot(address: 0xb1, firstItem: root, firstAttribute: .right, secondItem: child,
                                       secondAttribute: .right, constant: 30)
        let snapshot = tree([view(child, SnapshotRect(x: 10, y: 10, width: 360, height: 50))],
                            [pin(child, .left, to: root, 10, address: 0xb0), inset,
                             pin(child, .top, to: root, 10, address: 0xb2), pin(child, .height, to: nil, 50, address: 0xb3)])
        XCTAssertEqual(LayoutLint.findings(in: snapshot), [])
    }

    func test_redundant_duplicateWidth_oneOfTwoIsReported() {
        // left 0, top 0, height 10 and width 100 twice: either width alone fixes it, so the later one goes.
        let first = pin(child, .width, to: nil, 100, address: 0xc3)
        let second = pin(child, .width, to: nil, 100, address: 0xc4)
        let snapshot = tree([view(child, SnapshotRect(x: 0, y: 0, width: 100, height: 10))],
                            [pin(child, .left, to: root, 0, address: 0xc0), pin(child, .top, to: root, 0, address: 0xc1),
                             pin(child, .height, to: nil, 10, address: 0xc2), first, second])
        let findings = LayoutLint.findings(in: snapshot)
        XCTAssertEqual(findings.map(\.rule), ["redundant-constraint"])
        XCTAssertEqual(findings[0].constraints.map(\.address), [0xc4])
    }

    func test_redundant_anInequalityThatDecidesNothingNew_isNotConfusedWithOneThatBinds() {
        // width >= 50 binds nothing when width == 100 holds, but the view has only 3 constraints
        // horizontally (left, width, width >= 50): it is implied, so it is the one reported.
        let floor = pin(child, .width, to: nil, 50, address: 0xd3, relation: .greaterThanOrEqual)
        let snapshot = tree([view(child, SnapshotRect(x: 0, y: 0, width: 100, height: 10))],
                            [pin(child, .left, to: root, 0, address: 0xd0), pin(child, .top, to: root, 0, address: 0xd1),
                             pin(child, .height, to: nil, 10, address: 0xd2), pin(child, .width, to: nil, 100, address: 0xd4), floor])
        XCTAssertEqual(LayoutLint.findings(in: snapshot).flatMap { $0.constraints.map(\.address) }, [0xd3])
    }

    func test_redundant_aLimitForAnotherScreen_isNotRedundant() {
        // 20 in from each side of a 400 root: 360 wide, so `width <= 600` adds nothing on this
        // screen. On a 1024-wide one it holds the card to 600: it is kept, and not reported.
        let limit = pin(child, .width, to: nil, 600, address: 0x63, relation: .lessThanOrEqual)
        let snapshot = tree([view(child, SnapshotRect(x: 20, y: 0, width: 360, height: 10))],
                            [pin(child, .leading, to: root, 20, address: 0x60),
                             ConstraintSnapshot(address: 0x61, firstItem: root, firstAttribute: .trailing, secondItem: child,
                                                secondAttribute: .trailing, constant: 20),
                             pin(child, .top, to: root, 0, address: 0x62), pin(child, .height, to: nil, 10, address: 0x64), limit])
        XCTAssertEqual(LayoutLint.findings(in: snapshot), [])
    }

    func test_centerOnly_isAboutTextThatGrowsSideways() {
        let centre = pin(label, .centerX, to: root, 0, address: 0xe0)
        let middle = pin(label, .centerY, to: root, 0, address: 0xe1)
        // A label (80 wide text) centred both ways: one finding, for the horizontal centre.
        let withText = tree([view(label, SnapshotRect(x: 160, y: 290, width: 80, height: 20), intrinsic: SnapshotSize(width: 80, height: 20))],
                            [centre, middle])
        let findings = LayoutLint.findings(in: withText)
        XCTAssertEqual(findings.map(\.rule), ["center-only"])
        XCTAssertEqual(findings[0].constraints, [centre])
        // An image view with the same constraints and a 40×40 image has no text to grow.
        let image = ObjectReference(className: "UIImageView", address: 0x3000)
        let centreImage = pin(image, .centerX, to: root, 0, address: 0xe2)
        let picture = tree([ViewSnapshot(reference: image, superclassNames: ["UIView"], frame: SnapshotRect(x: 180, y: 300, width: 40, height: 40),
                                         intrinsicContentSize: SnapshotSize(width: 40, height: 40), translatesAutoresizingMask: false)],
                           [centreImage, pin(image, .centerY, to: root, 0, address: 0xe3)])
        XCTAssertEqual(LayoutLint.findings(in: picture), [])
        // A width limit (<= 300) bounds the label: nothing to say.
        let bounded = tree([view(label, SnapshotRect(x: 160, y: 290, width: 80, height: 20), intrinsic: SnapshotSize(width: 80, height: 20),
                                 constraints: [pin(label, .width, to: nil, 300, address: 0xe4, relation: .lessThanOrEqual)])],
                           [centre, middle])
        XCTAssertEqual(LayoutLint.findings(in: bounded), [])
    }

    func test_leftRightMixed_acrossViews_isOneFindingOnTheRoot() {
        let a = ObjectReference(className: "UIView", address: 0x4000)
        let b = ObjectReference(className: "UIView", address: 0x5000)
        let frame = SnapshotRect(x: 0, y: 0, width: 10, height: 10)
        let left = pin(a, .left, to: root, 0, address: 0xf0)
        let leading = pin(b, .leading, to: root, 0, address: 0xf1)
        let snapshot = tree([view(a, frame), view(b, frame)],
                            [left, leading, pin(a, .top, to: root, 0, address: 0xf2), pin(b, .top, to: root, 0, address: 0xf3),
                             pin(a, .width, to: nil, 10, address: 0xf4), pin(b, .width, to: nil, 10, address: 0xf5),
                             pin(a, .height, to: nil, 10, address: 0xf6), pin(b, .height, to: nil, 10, address: 0xf7)])
        let findings = LayoutLint.findings(in: snapshot)
        XCTAssertEqual(findings.map(\.rule), ["left-right-mixed"])
        XCTAssertEqual(findings[0].view, root)
        XCTAssertEqual(findings[0].constraints, [left, leading])
    }

    func test_theFrameworksOwnViews_areNeverTheAppsTrap() {
        // The same offset-for-inset, on a private class and inside a UIButton: UIKit's, not the app's.
        let right = { (item: ObjectReference, parent: ObjectReference, address: UInt64) in
            ConstraintSnapshot(address: address, firstItem: item, firstAttribute: .right, secondItem: parent,
                               secondAttribute: .right, constant: 30)
        }
        let privateView = ObjectReference(className: "_UIBarBackground", address: 0x2100)
        let button = ObjectReference(className: "UIButton", address: 0x2200)
        let inside = ObjectReference(className: "UIView", address: 0x2300)
        let frame = SnapshotRect(x: 10, y: 0, width: 420, height: 10)
        var buttonView = view(button, SnapshotRect(x: 0, y: 0, width: 100, height: 40), constraints: [right(inside, button, 0x52)])
        buttonView.children = [view(inside, SnapshotRect(x: 10, y: 0, width: 120, height: 10))]
        let snapshot = tree([view(privateView, frame), buttonView], [right(privateView, root, 0x51)])
        XCTAssertEqual(LayoutLint.findings(in: snapshot, stress: true), [])
    }

    func test_systemConstraints_areNeverTheAppsTrap() {
        // A margins-guide constraint uses left and right; the app's constraint uses leading.
        let guide = ConstraintSnapshot(address: 0x91, identifier: "UIView-leftMargin-guide-constraint", firstItem: child,
                                       firstAttribute: .left, secondItem: root, secondAttribute: .left, constant: 8)
        let snapshot = tree([view(child, SnapshotRect(x: 8, y: 0, width: 10, height: 10))],
                            [guide, pin(child, .leading, to: root, 8, address: 0x92), pin(child, .top, to: root, 0, address: 0x93),
                             pin(child, .width, to: nil, 10, address: 0x94), pin(child, .height, to: nil, 10, address: 0x95)])
        XCTAssertEqual(LayoutLint.findings(in: snapshot), [])
    }

    // MARK: - Stress

    func test_stress_doubledText_leavesTheSuperview_andIsClipped() {
        // "title" (80 wide) starts at 300 in a 400 root: doubled it needs 160 and ends at 460.
        let free = tree([view(label, SnapshotRect(x: 300, y: 0, width: 80, height: 20), intrinsic: SnapshotSize(width: 80, height: 20))],
                        [pin(label, .leading, to: root, 300, address: 0x71), pin(label, .top, to: root, 0, address: 0x72)])
        XCTAssertEqual(LayoutLint.findings(in: free), [])
        let leaving = LayoutLint.findings(in: free, stress: true)
        XCTAssertEqual(leaving.map(\.rule), ["stress-leaves-superview"])
        XCTAssertEqual(leaving[0].detail, "with doubled text, it leaves <UIView:0x1000> by 60")
        // The same label held at a required width of 80: doubled, it gets 80 of the 160 it needs.
        let held = tree([view(label, SnapshotRect(x: 300, y: 0, width: 80, height: 20), intrinsic: SnapshotSize(width: 80, height: 20))],
                        [pin(label, .leading, to: root, 300, address: 0x71), pin(label, .top, to: root, 0, address: 0x72),
                         pin(label, .width, to: nil, 80, address: 0x73)])
        let clipped = LayoutLint.findings(in: held, stress: true)
        XCTAssertEqual(clipped.map(\.rule), ["stress-clipped"])
        XCTAssertEqual(clipped[0].detail, "with doubled text, its text needs 160 and gets 80")
    }

    func test_stress_anAmbiguousView_givesNoStressFinding() {
        // leading >= 300 leaves x free from 300 on: the solver's 300 is one choice of many, so
        // that the doubled text (160) would end at 460 is not a finding.
        let floor = pin(label, .leading, to: root, 300, address: 0x75, relation: .greaterThanOrEqual)
        let snapshot = tree([view(label, SnapshotRect(x: 300, y: 0, width: 80, height: 20), intrinsic: SnapshotSize(width: 80, height: 20))],
                            [floor, pin(label, .top, to: root, 0, address: 0x76)])
        XCTAssertEqual(LayoutLint.findings(in: snapshot, stress: true).map(\.rule), [])
        // Held at exactly 300, the same label is found leaving (test above).
    }

    func test_stress_rightToLeft_findsTheConflictLeftAndLeadingMake() {
        // left == root.left + 20 and leading == root.left + 20 agree left to right (x = 20); right to
        // left the leading edge is the right one, x + width = −20, which no width ≥ 0 allows.
        let left = pin(child, .left, to: root, 20, address: 0x81)
        let leading = ConstraintSnapshot(address: 0x82, firstItem: child, firstAttribute: .leading, secondItem: root,
                                         secondAttribute: .left, constant: 20)
        let snapshot = tree([view(child, SnapshotRect(x: 20, y: 0, width: 10, height: 10))],
                            [left, leading, pin(child, .top, to: root, 0, address: 0x83), pin(child, .height, to: nil, 10, address: 0x84)])
        let stressed = LayoutLint.findings(in: snapshot, stress: true).filter { $0.rule == "stress-conflict" }
        XCTAssertEqual(stressed.count, 1)
        XCTAssertTrue(stressed[0].detail.hasPrefix("right to left"), stressed[0].detail)
        XCTAssertEqual(Set(stressed[0].constraints.compactMap(\.address)).intersection([0x81, 0x82]), [0x81, 0x82])
    }

    func test_text_listsEachFindingThenTheCount() {
        let right = pin(child, .right, to: root, 30, address: 0xa1)
        let finding = LayoutFinding(rule: .offsetInset, view: child, constraints: [right], detail: "right leaves <UIView:0x1000> by 30")
        let text = LintReport.text([finding])
        XCTAssertEqual(text, """
            [offset-inset] <card:0x2000>: right leaves <UIView:0x1000> by 30
              0xa1 @1000 <card:0x2000>.right == <UIView:0x1000>.right + 30.0
              why: \(LintRule.offsetInset.why)
              fix: \(LintRule.offsetInset.fix)
              SnapKit: \(LintRule.offsetInset.snapKitFix!)

            1 finding

            """)
        XCTAssertEqual(LintReport.text([]), "0 findings\n")
        XCTAssertTrue(LintReport.text([finding, finding]).hasSuffix("\n2 findings\n"))
    }

    func test_everyRule_hasWhyAndFix_andAStableName() {
        for rule in LintRule.allCases {
            XCTAssertTrue(rule.why.hasSuffix("."), rule.rawValue)
            XCTAssertFalse(rule.fix.isEmpty, rule.rawValue)
            XCTAssertEqual(rule.rawValue, rule.rawValue.lowercased(), "names are kebab-case")
        }
        // Names users silence rules by and scripts read: changing one is a breaking change.
        XCTAssertEqual(LintRule.allCases.map(\.rawValue), [
            "ambiguous-layout", "center-only", "offset-inset", "redundant-constraint", "stack-arranged-edges",
            "left-right-mixed", "margin-on-child", "edge-margin-mixed", "autoresizing-mixed", "priority-tie",
            "cell-size-required", "sibling-overlap", "stress-leaves-superview", "stress-clipped", "stress-conflict",
        ])
    }
}
