import XCTest
@testable import LayoutDebugSupport

/// A window's constraints solved through `Layout/` alone: what a new question about a
/// view's frame ("why is this view this wide") would build on. Frames are worked by hand
/// from the constraints below.
final class LayoutSystemTests: XCTestCase {
    private func view(_ name: String, _ address: UInt64, frame: SnapshotRect, constraints: [ConstraintSnapshot] = [],
                      children: [ViewSnapshot] = []) -> ViewSnapshot {
        ViewSnapshot(reference: ObjectReference(className: "UIView", address: address, name: name), frame: frame,
                     translatesAutoresizingMask: false, constraints: constraints, children: children)
    }

    private func constraint(_ first: ObjectReference, _ firstAttribute: LayoutAttribute,
                            _ second: ObjectReference? = nil, _ secondAttribute: LayoutAttribute = .notAnAttribute,
                            constant: Double, priority: Double = 1000) -> ConstraintSnapshot {
        ConstraintSnapshot(firstItem: first, firstAttribute: firstAttribute, relation: .equal, secondItem: second,
                           secondAttribute: secondAttribute, multiplier: 1, constant: constant, priority: priority)
    }

    /// A 300-wide root; its child pinned 20 from the leading edge and 30 from the trailing
    /// edge: 300 − 20 − 30 = 250 wide, at x = 20 (x = 30 right to left).
    private func tree() -> LayoutTree {
        let root = ObjectReference(className: "UIView", address: 0x1000, name: "root")
        let child = ObjectReference(className: "UIView", address: 0x2000, name: "child")
        let pins = [constraint(child, .leading, root, .leading, constant: 20),
                    constraint(root, .trailing, child, .trailing, constant: 30),
                    constraint(child, .top, root, .top, constant: 0),
                    constraint(child, .height, constant: 44)]
        let root0 = view("root", 0x1000, frame: SnapshotRect(x: 0, y: 0, width: 300, height: 100), constraints: pins,
                         children: [view("child", 0x2000, frame: SnapshotRect(x: 0, y: 0, width: 0, height: 0))])
        return LayoutTree(root0, frameworkContainers: [])
    }

    func test_aTreeSolves_toTheFramesItsConstraintsGive() {
        let system = LayoutSystem(tree(), content: .requiredOnly)
        XCTAssertEqual(system.frame(1), SnapshotRect(x: 20, y: 0, width: 250, height: 44))
        XCTAssertFalse(system.isAmbiguous(1))
    }

    func test_rightToLeft_mirrorsLeadingAndTrailing() {
        let system = LayoutSystem(tree(), content: .requiredOnly, rightToLeft: true)
        XCTAssertEqual(system.frame(1), SnapshotRect(x: 30, y: 0, width: 250, height: 44))
    }

    func test_takingAConstraintOut_leavesTheViewAmbiguous() {
        let system = LayoutSystem(tree(), content: .requiredOnly)
        system.remove(entry: 0)
        XCTAssertTrue(system.isAmbiguous(1), "nothing places the leading edge any more")
        XCTAssertTrue(system.add(entry: 0))
        XCTAssertFalse(system.isAmbiguous(1))
    }
}
