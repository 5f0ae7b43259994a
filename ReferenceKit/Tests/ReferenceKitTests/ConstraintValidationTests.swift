import Foundation
import XCTest
@testable import ReferenceKit

final class ConstraintValidationTests: XCTestCase {
    func test_rawValues_areUIKits() {
        onMain {
            XCTAssertEqual(NSLayoutConstraint.Attribute.left.rawValue, 1)
            XCTAssertEqual(NSLayoutConstraint.Attribute.leading.rawValue, 5)
            XCTAssertEqual(NSLayoutConstraint.Attribute.width.rawValue, 7)
            XCTAssertEqual(NSLayoutConstraint.Attribute.lastBaseline.rawValue, 11)
            XCTAssertEqual(NSLayoutConstraint.Attribute.trailingMargin.rawValue, 18)
            XCTAssertEqual(NSLayoutConstraint.Attribute.centerYWithinMargins.rawValue, 20)
            XCTAssertEqual(NSLayoutConstraint.Attribute.notAnAttribute.rawValue, 0)
            XCTAssertEqual(NSLayoutConstraint.Relation.lessThanOrEqual.rawValue, -1)
            XCTAssertEqual(NSLayoutConstraint.Relation.greaterThanOrEqual.rawValue, 1)
            XCTAssertEqual(NSLayoutConstraint.Axis.vertical.rawValue, 1)
            XCTAssertEqual(UILayoutPriority.defaultHigh.rawValue, 750)
            XCTAssertEqual(UILayoutPriority.defaultLow.rawValue, 250)
            XCTAssertEqual(UILayoutPriority.fittingSizeLevel.rawValue, 50)
            XCTAssertEqual(UIView.AutoresizingMask.flexibleHeight.rawValue, 16)
        }
    }

    func test_validate_locationToAConstant_mustBeSpecifiedInPairs() {
        onMain {
            let error = NSLayoutConstraint.validate(item: UIView(), attribute: .leading, toItem: nil,
                                                    attribute: .notAnAttribute, multiplier: 1)
            XCTAssertEqual(error, .locationEqualToConstant)
            XCTAssertTrue(error!.reason.hasSuffix("Location attributes must be specified in pairs."))
            XCTAssertEqual(error!.name, "NSInvalidArgumentException")
        }
    }

    func test_validate_mixingAxes_isAnInvalidPairing() {
        onMain {
            XCTAssertEqual(NSLayoutConstraint.validate(item: UIView(), attribute: .top, toItem: UIView(),
                                                       attribute: .leading, multiplier: 1), .invalidPairing)
            XCTAssertEqual(NSLayoutConstraint.validate(item: UIView(), attribute: .width, toItem: UIView(),
                                                       attribute: .leading, multiplier: 1), .invalidPairing)
        }
    }

    func test_validate_leadingWithLeft_isRejected() {
        onMain {
            XCTAssertEqual(NSLayoutConstraint.validate(item: UIView(), attribute: .leading, toItem: UIView(),
                                                       attribute: .left, multiplier: 1), .leadingWithLeft)
        }
    }

    func test_validate_widthToHeightAndConstantSizes_areAllowed() {
        onMain {
            XCTAssertNil(NSLayoutConstraint.validate(item: UIView(), attribute: .width, toItem: UIView(),
                                                     attribute: .height, multiplier: 2))
            XCTAssertNil(NSLayoutConstraint.validate(item: UIView(), attribute: .height, toItem: nil,
                                                     attribute: .notAnAttribute, multiplier: 1))
            XCTAssertNil(NSLayoutConstraint.validate(item: UIView(), attribute: .centerX, toItem: UILayoutGuide(),
                                                     attribute: .leading, multiplier: 1))
        }
    }

    func test_installationTarget_itemsInTwoHierarchies_haveNoCommonAncestor() {
        onMain {
            let one = makeChild(of: makeRoot())
            let other = makeChild(of: makeRoot())
            let constraint = one.leadingAnchor.constraint(equalTo: other.leadingAnchor)
            guard case .failure(let error) = constraint.installationTarget() else { return XCTFail("expected no common ancestor") }
            XCTAssertEqual(error.name, "NSGenericException")
            XCTAssertTrue(error.reason.hasPrefix("Unable to activate constraint with anchors <NSLayoutConstraint:"))
            XCTAssertTrue(error.reason.hasSuffix("because they have no common ancestor. Does the constraint or its anchors "
                + "reference items in different view hierarchies?  That's illegal."))
        }
    }

    func test_activatingItemsInTwoHierarchies_raisesUIKitsExceptionThroughObjCExceptionThrow() {
        let text = textOfChildThatDies {
            let one = makeChild(of: makeRoot())
            let other = makeChild(of: makeRoot())
            one.leadingAnchor.constraint(equalTo: other.leadingAnchor).isActive = true
        }
        // Foundation's line for an uncaught exception, then the stack it was thrown from (this
        // test binary exports no symbol for objc_exception_throw; the demo's library does:
        // Tests/python/test_loop_scenarios.py).
        XCTAssertTrue(text.contains("*** Terminating app due to uncaught exception 'NSGenericException', reason: "
            + "'Unable to activate constraint with anchors <NSLayoutConstraint:"), text)
        XCTAssertTrue(text.contains("*** First throw call stack:\n(\n\t0   "), text)
    }

    func test_aMixedAxesAnchorConstraint_raisesUIKitsInvalidPairingThroughObjCExceptionThrow() {
        let text = textOfChildThatDies {
            let view = makeChild(of: makeRoot())
            _ = NSLayoutConstraint(item: view, attribute: .width, relatedBy: .equal, toItem: view, attribute: .top,
                                   multiplier: 1, constant: 0)
        }
        XCTAssertTrue(text.contains("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: "
            + "'*** +[NSLayoutConstraint constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:]: "
            + "Invalid pairing of layout attributes.'"), text)
        XCTAssertTrue(text.contains("libc++abi.dylib: terminating with uncaught exception of type NSException\n"), text)
    }

    func test_activate_installsOnTheNearestCommonAncestor() {
        onMain {
            let root = makeRoot()
            let row = makeChild(of: root)
            let left = makeChild(of: row)
            let right = makeChild(of: row)
            let spacing = right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 8)
            let width = left.widthAnchor.constraint(equalToConstant: 10)
            NSLayoutConstraint.activate([spacing, width])
            XCTAssertTrue(row.constraints.contains(spacing))
            XCTAssertTrue(left.constraints.contains(width))
            XCTAssertTrue(spacing.isActive)
            NSLayoutConstraint.deactivate([spacing])
            XCTAssertFalse(spacing.isActive)
            XCTAssertFalse(row.constraints.contains(spacing))
        }
    }

    func test_removeFromSuperview_removesConstraintsAboveThatNameTheSubtree() {
        onMain {
            let root = makeRoot()
            let child = makeChild(of: root)
            let pin = child.topAnchor.constraint(equalTo: root.topAnchor)
            let own = child.heightAnchor.constraint(equalToConstant: 5)
            NSLayoutConstraint.activate([pin, own])
            child.removeFromSuperview()
            XCTAssertFalse(pin.isActive)
            XCTAssertTrue(own.isActive)
        }
    }
}
