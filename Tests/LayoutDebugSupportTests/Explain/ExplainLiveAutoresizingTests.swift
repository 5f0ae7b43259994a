import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

/// A live conflict between a view's autoresizing mask and a constraint:
/// the adapter gives the explainer the superview the mask's `minX` is
/// measured from.
final class ExplainLiveAutoresizingTests: XCTestCase {
    override func tearDown() {
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    func test_maskOrigin_againstALeadingConstraint_isAContradiction() throws {
        try onMain {
            // The mask keeps the view's frame at x = 10 in its superview; the
            // constraint wants it 50 from the superview's leading edge:
            // (view.minX - parent.minX = 10) less (view.minX - parent.minX = 50) is 0 = -40.
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            let controller = ProfileViewController()
            window.rootViewController = controller
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
            controller.view.addSubview(view)
            view.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 50).isActive = true
            var caught: (NSLayoutConstraint, [NSLayoutConstraint])?
            let restore = WillBreakHook.install { constraint, list in
                if caught == nil { caught = (constraint, list) }
            }
            window.layoutIfNeeded()
            restore()
            let (broken, list) = try XCTUnwrap(caught)
            let conflict = LiveAdapter().conflict(broken: broken, list: list, ordinal: 1)
            let minX = try XCTUnwrap(conflict.mutuallyExclusive.first { $0.firstAttribute == .left && $0.secondItem == nil })
            XCTAssertEqual(minX.superview?.address, UInt64(LiveHierarchy.address(controller.view)))
            let explanation = ConflictExplainer.explain(conflict)
            XCTAssertEqual(explanation.verdict, .contradiction, explanation.reason)
            XCTAssertEqual(explanation.sum ?? 0, -40, accuracy: 1e-9)
            withExtendedLifetime((window, controller, view)) {}
        }
    }
}
