import Foundation
import XCTest
@testable import ReferenceKit

final class LiveObjectsTests: XCTestCase {
    private func address(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    func test_objectAtAddress_findsLiveViewsGuidesConstraintsAndControllers() {
        onMain {
            let view = UIView()
            let guide = UILayoutGuide()
            let constraint = view.widthAnchor.constraint(equalToConstant: 10)
            let controller = UIViewController()
            let list = UIConstraintList(constraints: [constraint])
            for object in [view, guide, constraint, controller, list] as [AnyObject] {
                XCTAssertTrue(LiveObjects.object(at: address(object)) === object)
            }
        }
    }

    func test_objectAtAddress_isNilOnceTheObjectIsFreed() {
        onMain {
            var view: UIView? = UIView()
            let freed = address(view!)
            view = nil
            XCTAssertNil(view)
            XCTAssertNil(LiveObjects.object(at: freed))
        }
    }

    func test_objectAtAddress_isNilForAnAddressNoObjectHas() {
        onMain {
            XCTAssertNil(LiveObjects.object(at: 0x10))
        }
    }
}
