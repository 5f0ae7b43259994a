import Foundation
import ReferenceKit

// MARK: - Scenarios without conflicts

/// The scenarios that lay out without a conflict. Frames below are in the
/// superview's coordinates; the root view is 375×667.
@MainActor
enum LayoutScenarios {
    /// An image view with a 40×40 image, at (20, 100), asked to be 100×100 at
    /// priority 500 but hugging at 750: it stays (20 100; 40 40).
    static func hugging(root: UIView, count: Int) {
        let image = UIImageView(image: UIImage(size: CGSize(width: 40, height: 40)))
        image.translatesAutoresizingMaskIntoConstraints = false
        image.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        image.setContentHuggingPriority(.defaultHigh, for: .vertical)
        root.addSubview(image)
        let width = image.widthAnchor.constraint(equalToConstant: 100)
        width.priority = UILayoutPriority(500)
        let height = image.heightAnchor.constraint(equalToConstant: 100)
        height.priority = UILayoutPriority(500)
        NSLayoutConstraint.activate([
            image.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            image.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            width, height,
        ])
    }

    /// `floating` has a leading edge, a width and a height but no vertical
    /// position: its `minY` is ambiguous. The solver leaves it at 0:
    /// (20 0; 100 50).
    static func ambiguous(root: UIView, count: Int) {
        let floating = UIView()
        floating.accessibilityIdentifier = "floating"
        floating.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(floating)
        NSLayoutConstraint.activate([
            floating.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            floating.widthAnchor.constraint(equalToConstant: 100),
            floating.heightAnchor.constraint(equalToConstant: 50),
        ])
    }

    /// The root lays out right to left; `H:|-20-[one]-8-[two]` puts "One"
    /// (24×20) 20 points in from the right edge and "Two" 8 points left of it:
    /// (331 100; 24 20) and (299 100; 24 20).
    static func rightToLeft(root: UIView, count: Int) {
        root.semanticContentAttribute = .forceRightToLeft
        let one = UILabel()
        one.text = "One"
        let two = UILabel()
        two.text = "Two"
        for label in [one, two] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        let views = ["one": one, "two": two]
        for format in ["H:|-20-[one]-8-[two]", "V:|-100-[one]", "V:|-100-[two]"] {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil, views: views))
        }
    }

    /// `count` plain views in a tree, four children each in creation order:
    /// view 0 is the root's child, view k's parent is view (k-1)/4. Each sits
    /// at (4, 4 + 24 × its index among siblings), 8 points narrower than its
    /// parent and 20 high.
    static func manyViews(root: UIView, count: Int) {
        var views: [UIView] = []
        var constraints: [NSLayoutConstraint] = []
        views.reserveCapacity(count)
        for index in 0..<max(count, 0) {
            let parent = index == 0 ? root : views[(index - 1) / 4]
            let sibling = index == 0 ? 0 : (index - 1) % 4
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(view)
            views.append(view)
            constraints += [
                view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 4),
                view.topAnchor.constraint(equalTo: parent.topAnchor, constant: 4 + 24 * CGFloat(sibling)),
                view.widthAnchor.constraint(equalTo: parent.widthAnchor, constant: -8),
                view.heightAnchor.constraint(equalToConstant: 20),
            ]
        }
        NSLayoutConstraint.activate(constraints)
    }
}
