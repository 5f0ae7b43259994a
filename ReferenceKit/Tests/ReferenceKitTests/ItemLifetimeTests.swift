import Foundation
import XCTest
@testable import ReferenceKit

/// Views, guides and constraints refer to each other without retaining
/// (superview, items, owner): whichever is freed first must leave nothing
/// pointing at freed memory, as weak references would.
final class ItemLifetimeTests: XCTestCase {
    private func address(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    func test_constraintOutlivingItsItems_readsNilForEachFreedItem() {
        onMain {
            var first: UIView? = UIView()
            var second: UIView? = UIView()
            let constraint = first!.widthAnchor.constraint(equalTo: second!.widthAnchor, multiplier: 2)
            first = nil
            XCTAssertNil(constraint.firstItem)
            XCTAssertTrue(constraint.secondItem === second)
            second = nil
            XCTAssertNil(constraint.secondItem)
            XCTAssertFalse(constraint.isActive)
        }
    }

    func test_activeConstraintOutlivingItsView_becomesInactive() {
        onMain {
            var view: UIView? = UIView()
            let constraint = view!.widthAnchor.constraint(equalToConstant: 10)
            constraint.isActive = true
            XCTAssertTrue(constraint.isActive)
            view = nil
            XCTAssertFalse(constraint.isActive)
            XCTAssertNil(constraint.firstItem)
            // Deactivating again must not reach for the freed view.
            constraint.isActive = false
        }
    }

    func test_subviewOutlivingItsSuperview_hasNoSuperview() {
        onMain {
            var parent: UIView? = UIView()
            let child = UIView()
            parent!.addSubview(child)
            XCTAssertTrue(child.superview === parent)
            parent = nil
            XCTAssertNil(child.superview)
            XCTAssertNil(child.window)
            XCTAssertEqual(child.effectiveUserInterfaceLayoutDirection, .leftToRight)
        }
    }

    func test_guideOutlivingItsView_hasNoOwningView() {
        onMain {
            var view: UIView? = UIView()
            let guide = UILayoutGuide()
            view!.addLayoutGuide(guide)
            view = nil
            XCTAssertNil(guide.owningView)
        }
    }

    func test_autoresizingConstraintsOutlivingTheSuperview_forgetIt() {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            var parent: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let child = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 20))
            window.addSubview(parent!)
            parent!.addSubview(child)
            window.layoutIfNeeded()
            let system = Array(child.systemConstraints.values)
            XCTAssertTrue(system.contains { $0.locationOrigin === parent }, "the child's autoresizing constraints measure from the parent")
            parent!.removeFromSuperview()
            parent = nil
            for constraint in system {
                XCTAssertNil(constraint.locationOrigin)
                XCTAssertFalse(constraint.isActive)
                XCTAssertFalse(constraint.description.isEmpty)
            }
        }
    }

    func test_constraintFreedFirst_leavesItsItemsListingNothing() {
        onMain {
            let view = UIView()
            let other = UIView()
            do {
                let constraint = view.widthAnchor.constraint(equalTo: other.widthAnchor)
                XCTAssertTrue(view.namingConstraints.contains(constraint))
                XCTAssertTrue(other.namingConstraints.contains(constraint))
            }
            XCTAssertTrue(view.namingConstraints.isEmpty)
            XCTAssertTrue(other.namingConstraints.isEmpty)
        }
    }

    func test_anchorOfATemporaryView_stillMakesConstraints() {
        onMain {
            let anchor = UIView().widthAnchor
            XCTAssertNotNil(anchor.item)
            let constraint = anchor.constraint(equalToConstant: 5)
            XCTAssertTrue(constraint.firstItem === anchor.item)
        }
    }

    func test_registryLookup_returnsAStrongReference() {
        onMain {
            var view: UIView? = UIView()
            let place = address(view!)
            let found = LiveObjects.object(at: place)
            view = nil
            XCTAssertTrue(LiveObjects.object(at: place) === found)
        }
    }

    func test_registryLookup_refusesAnObjectWhoseDeinitHasBegun() {
        onMain {
            var probe: DeinitProbe? = DeinitProbe()
            probe = nil
            XCTAssertNil(probe)
            XCTAssertEqual(DeinitProbe.lookups, [false], "a lookup from inside deinit finds nothing")
        }
    }
}

/// Looks itself up in the registry from its own deinit, before `UIResponder`'s
/// deinit removes it: the entry is still there, the object is not usable.
private final class DeinitProbe: UIView {
    nonisolated(unsafe) static var lookups: [Bool] = []

    deinit {
        let place = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        Self.lookups.append(LiveObjects.object(at: place) != nil)
    }
}
