import Foundation
import XCTest
@testable import ReferenceKit

final class StackViewTests: XCTestCase {
    func test_stackView_fillsEquallyAndGivesHiddenViewsNoSpace() {
        onMain {
            let root = makeRoot()
            let views = [UIView(), UIView(), UIView()]
            views[1].isHidden = true
            let stack = makeChild(of: root, UIStackView(arrangedSubviews: views))
            stack.distribution = .fillEqually
            stack.spacing = 10
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         stack.topAnchor.constraint(equalTo: root.topAnchor),
                                         stack.widthAnchor.constraint(equalToConstant: 210),
                                         stack.heightAnchor.constraint(equalToConstant: 30)])
            root.layoutIfNeeded()
            assertFrame(views[0], 0, 0, 100, 30)
            assertFrame(views[2], 110, 0, 100, 30)
            XCTAssertEqual(views[1].frame.width, 0)
            XCTAssertTrue(stack.constraints.contains { $0.identifier == "UISV-hiding" })
            XCTAssertTrue(stack.constraints.contains { $0.identifier == "UISV-fill-equally" })
        }
    }

    func test_stackView_centerAlignment_centresAcrossTheAxis() {
        onMain {
            let root = makeRoot()
            let small = UILabel()
            small.text = "ab"
            let large = UILabel()
            large.text = "abcdef"
            let stack = makeChild(of: root, UIStackView(arrangedSubviews: [small, large]))
            stack.axis = .vertical
            stack.alignment = .center
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         stack.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            assertFrame(stack, 0, 0, 48, 40)
            assertFrame(small, 16, 0, 16, 20)
            assertFrame(large, 0, 20, 48, 20)
        }
    }

    func test_hidingAnArrangedViewAfterLayout_closesTheGapWithoutAConflict() {
        onMain {
            let root = makeRoot()
            let views = [UIView(), UIView(), UIView()]
            let stack = makeChild(of: root, UIStackView(arrangedSubviews: views))
            stack.spacing = 5
            let widths = views.map { $0.widthAnchor.constraint(equalToConstant: 20) }
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         stack.topAnchor.constraint(equalTo: root.topAnchor),
                                         stack.heightAnchor.constraint(equalToConstant: 10)] + widths)
            root.layoutIfNeeded()
            assertFrame(stack, 0, 0, 70, 10)
            let seen = recordConflicts {
                // A required width would fight 'UISV-hiding', as it does in UIKit.
                widths[1].isActive = false
                views[1].isHidden = true
                root.layoutIfNeeded()
            }
            XCTAssertEqual(seen.count, 0)
            assertFrame(views[2], 25, 0, 20, 10)
            assertFrame(stack, 0, 0, 45, 10)
        }
    }

    func test_marginsRelativeArrangement_placesViewsInTheMarginsGuide() {
        onMain {
            let root = makeRoot()
            let label = UILabel()
            label.text = "abcd"
            let stack = makeChild(of: root, UIStackView(arrangedSubviews: [label]))
            stack.isLayoutMarginsRelativeArrangement = true
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         stack.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            assertFrame(stack, 0, 0, 48, 36)
            assertFrame(label, 8, 8, 32, 20)
            let guide = stack.layoutMarginsGuide
            let canvas = stack.constraints.first { $0.identifier == "UISV-canvas-connection" && $0.firstAttribute == .leading }!
            XCTAssertEqual(canvas.description, "<NSLayoutConstraint:\(hex(canvas)) 'UISV-canvas-connection' "
                + "UILayoutGuide:\(hex(guide))'UIViewLayoutMarginsGuide'.leading == UILabel:\(hex(label))'abcd'.leading   (active)>")
        }
    }
}
