import Foundation
import ReferenceKit
@testable import LayoutDebugSupport

// MARK: - ReferenceKit hierarchies in the shapes of the book's examples

/// Small live hierarchies, laid out by ReferenceKit, for the adapter and C-surface tests.
@MainActor
enum LiveHierarchy {
    /// A 320×504 parent (the book's iPhone 5 content area) holding an image
    /// view with 64×64 content, sized 100×100 at priority 250 and centred by
    /// constraints the parent owns.
    struct ImageShape {
        let parent: UIView
        let image: UIImageView
        let width: NSLayoutConstraint
        let centerX: NSLayoutConstraint
    }

    /// The image shape with the given hugging priority on both axes.
    static func imageShape(hugging: Float) -> ImageShape {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 504))
        let image = UIImageView(image: UIImage(size: CGSize(width: 64, height: 64)))
        image.translatesAutoresizingMaskIntoConstraints = false
        image.contentMode = .center
        image.setContentHuggingPriority(UILayoutPriority(hugging), for: .horizontal)
        image.setContentHuggingPriority(UILayoutPriority(hugging), for: .vertical)
        parent.addSubview(image)
        let width = NSLayoutConstraint(item: image, attribute: .width, relatedBy: .equal, toItem: nil,
                                       attribute: .notAnAttribute, multiplier: 1, constant: 100)
        let height = NSLayoutConstraint(item: image, attribute: .height, relatedBy: .equal, toItem: nil,
                                        attribute: .notAnAttribute, multiplier: 1, constant: 100)
        width.priority = .defaultLow
        height.priority = .defaultLow
        image.addConstraints([width, height])
        let centerX = NSLayoutConstraint(item: image, attribute: .centerX, relatedBy: .equal, toItem: parent,
                                         attribute: .centerX, multiplier: 1, constant: 0)
        let centerY = NSLayoutConstraint(item: image, attribute: .centerY, relatedBy: .equal, toItem: parent,
                                         attribute: .centerY, multiplier: 1, constant: 0)
        parent.addConstraints([centerX, centerY])
        parent.layoutIfNeeded()
        return ImageShape(parent: parent, image: image, width: width, centerX: centerX)
    }

    /// A parent with a 50×50 child centred horizontally only: its `minY` is ambiguous.
    static func ambiguousChild() -> (parent: UIView, child: UIView) {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(child)
        NSLayoutConstraint.activate([
            child.widthAnchor.constraint(equalToConstant: 50),
            child.heightAnchor.constraint(equalToConstant: 50),
            child.centerXAnchor.constraint(equalTo: parent.centerXAnchor),
        ])
        parent.layoutIfNeeded()
        return (parent, child)
    }

    /// The address the debugger would pass for `object`.
    static func address(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }
}

// MARK: - Helpers for tests

/// `0x…` as reports print an object's address.
@MainActor
func hex(_ object: AnyObject) -> String {
    "0x" + String(LiveHierarchy.address(object), radix: 16)
}

/// Runs test code on the main actor. XCTest on Linux runs tests on the main
/// thread, but cannot discover test methods of a `@MainActor` class.
func onMain<T>(_ body: @MainActor () throws -> T) rethrows -> T {
    try MainActor.assumeIsolated(body)
}

/// A view controller from the app's module, to be found through the responder chain.
final class ProfileViewController: UIViewController {}
