import Foundation
import ReferenceKit
@testable import LayoutDebugSupport

// MARK: - Real conflicts, caught through ReferenceKit's engine hook

/// A conflict ReferenceKit's engine really reported, with the hierarchy kept alive.
@MainActor
struct LiveConflict {
    let window: UIWindow
    let controller: ProfileViewController
    let view: UIView
    let broken: NSLayoutConstraint
    let list: [NSLayoutConstraint]

    /// A view in a `ProfileViewController` with `width == 100` and `width == 200`,
    /// both required; `translatesAutoresizing` leaves its mask on as well.
    static func widthConflict(translatesAutoresizing: Bool = false) -> LiveConflict? {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let controller = ProfileViewController()
        window.rootViewController = controller
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.translatesAutoresizingMaskIntoConstraints = translatesAutoresizing
        controller.view.addSubview(view)
        var constraints = [view.widthAnchor.constraint(equalToConstant: 100)]
        if !translatesAutoresizing {
            constraints += [view.widthAnchor.constraint(equalToConstant: 200),
                            view.heightAnchor.constraint(equalToConstant: 10),
                            view.topAnchor.constraint(equalTo: controller.view.topAnchor),
                            view.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor)]
        }
        NSLayoutConstraint.activate(constraints)
        var caught: (NSLayoutConstraint, [NSLayoutConstraint])?
        let restore = WillBreakHook.install { constraint, list in
            if caught == nil { caught = (constraint, list) }
        }
        window.layoutIfNeeded()
        restore()
        guard let (broken, list) = caught else { return nil }
        return LiveConflict(window: window, controller: controller, view: view, broken: broken, list: list)
    }
}
