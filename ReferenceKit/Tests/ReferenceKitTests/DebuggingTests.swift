import Foundation
import XCTest
@testable import ReferenceKit

final class DebuggingTests: XCTestCase {
    /// A root with `floating` constrained horizontally and in size but not vertically.
    @MainActor
    private func floatingView() -> (UIView, UIView) {
        let root = makeRoot()
        let floating = makeChild(of: root)
        NSLayoutConstraint.activate([floating.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                                     floating.widthAnchor.constraint(equalToConstant: 100),
                                     floating.heightAnchor.constraint(equalToConstant: 50)])
        root.layoutIfNeeded()
        return (root, floating)
    }

    func test_hasAmbiguousLayout_isTrueOnlyWithoutAVerticalPosition() {
        onMain {
            let (root, floating) = floatingView()
            XCTAssertTrue(floating.hasAmbiguousLayout)
            XCTAssertEqual(floating.ambiguousVariables.map(\.name), ["minY"])
            XCTAssertFalse(root.hasAmbiguousLayout)
            floating.topAnchor.constraint(equalTo: root.topAnchor, constant: 5).isActive = true
            XCTAssertFalse(floating.hasAmbiguousLayout)
        }
    }

    func test_hasAmbiguousLayout_ofTheHost_ignoresItsFreeOrigin() {
        onMain {
            let (root, _) = floatingView()
            let engine = root.enrolledEngine!
            XCTAssertTrue(engine.host === root)
            // Nothing places the host, and that does not count against it.
            XCTAssertTrue(engine.solver.isAmbiguous(root.layoutVariables.minX))
            XCTAssertFalse(root.hasAmbiguousLayout)
            XCTAssertTrue(root.ambiguousVariables.isEmpty)
        }
    }

    func test_exerciseAmbiguityInLayout_movesOnlyTheAmbiguousVariable() {
        onMain {
            let (root, floating) = floatingView()
            assertFrame(floating, 20, 0, 100, 50)
            floating.exerciseAmbiguityInLayout()
            assertFrame(floating, 20, 37, 100, 50)
            root.layoutIfNeeded()
            assertFrame(floating, 20, 37, 100, 50)
        }
    }

    func test_constraintsAffectingLayout_listsTheAxisConstraints() {
        onMain {
            let (root, floating) = floatingView()
            let horizontal = floating.constraintsAffectingLayout(for: .horizontal)
            XCTAssertEqual(Set(horizontal.map(ObjectIdentifier.init)),
                           Set((root.constraints.filter { $0.firstItem === floating } + floating.constraints.filter { $0.firstAttribute == .width })
                            .map(ObjectIdentifier.init)))
            XCTAssertEqual(floating.constraintsAffectingLayout(for: .vertical).map(\.firstAttribute), [.height])
        }
    }

    func test_autolayoutTrace_marksHostsAutoLayoutAndAmbiguity() {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            let controller = UIViewController()
            window.rootViewController = controller
            let root = controller.view!
            let floating = makeChild(of: root)
            let framed = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.addSubview(framed)
            NSLayoutConstraint.activate([floating.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         floating.widthAnchor.constraint(equalToConstant: 10),
                                         floating.heightAnchor.constraint(equalToConstant: 10)])
            window.layoutIfNeeded()
            let id = floating.layoutVariables.firstID + 1
            XCTAssertEqual(floating._autolayoutTrace(), """
            UIWindow:\(hex(window))
            |   •UIView:\(hex(root))
            |   |   *UIView:\(hex(floating))- AMBIGUOUS LAYOUT for UIView:\(hex(floating)).minY{id: \(id)}
            |   |   +UIView:\(hex(framed))

            Legend:
            \t* - is laid out with auto layout
            \t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES
            \t• - layout engine host

            """)
        }
    }

    func test_application_listsWindowsAndTheKeyWindow_andTheResponderChainClimbs() {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let controller = UIViewController()
            window.rootViewController = controller
            window.makeKeyAndVisible()
            XCTAssertTrue(UIApplication.shared.windows.contains { $0 === window })
            XCTAssertTrue(UIApplication.shared.keyWindow === window)
            let child = makeChild(of: controller.view)
            XCTAssertTrue(child.next === controller.view)
            XCTAssertTrue(controller.view.next === controller)
            XCTAssertTrue(controller.next === window)
            XCTAssertTrue(window.next === UIApplication.shared)
            XCTAssertEqual(controller.view.frame, CGRect(x: 0, y: 0, width: 320, height: 480))
        }
    }

    func test_scenes_holdTheirOwnWindows_andEachSceneKnowsItsKeyWindow() {
        onMain {
            let background = UIWindowScene(activationState: .background)
            let other = UIWindow(windowScene: background)
            other.makeKey()
            XCTAssertTrue(UIApplication.shared.connectedScenes.contains(background))
            XCTAssertTrue(other.windowScene === background)
            XCTAssertEqual(background.windows.count, 1)
            XCTAssertTrue(background.keyWindow === other)
            XCTAssertEqual(background.activationState.rawValue, 2, "UIKit's UISceneActivationStateBackground")

            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.makeKey()
            let main = window.windowScene
            XCTAssertEqual(main?.activationState, .foregroundActive, "an app without scenes has one, active")
            XCTAssertTrue(main?.keyWindow === window)
            XCTAssertTrue(background.keyWindow === other, "making a window key in one scene leaves the other's")
            XCTAssertFalse(background.windows.contains { $0 === window })
        }
    }
}
