import Foundation
import ReferenceKit

// MARK: - Scenarios with conflicts

/// The scenarios that end in an unsatisfiable-constraints conflict. Frames
/// below are in the superview's coordinates; the root view is 375×667.
@MainActor
enum ConflictScenarios {
    /// A cell 50 wide holds `wide`, pinned to the content view's edges and 768
    /// wide. The engine breaks `H:[wide(768)]`, so `wide` is (0 0; 50 44).
    static func cellWidth(root: UIView, count: Int) {
        let cell = UITableViewCell(frame: CGRect(x: 0, y: 0, width: 50, height: 44))
        root.addSubview(cell)
        let wide = UIView()
        wide.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(wide)
        let views = ["wide": wide]
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "H:|[wide]|", metrics: nil, views: views))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:|[wide]|", metrics: nil, views: views))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "H:[wide(768)]", metrics: nil, views: views))
    }

    /// A label framed at (20 100; 120 20) keeps its autoresizing constraints
    /// and is also centred: both centring constraints break, the frame stays.
    static func autoresizing(root: UIView, count: Int) {
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 120, height: 20))
        label.text = "Hello"
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
    }

    /// `H:|-50-[label]` then `H:|-80-[label]`: the second breaks, so the
    /// label ("Title", 40×20) is at (50 100; 40 20).
    static func duplicateLeading(root: UIView, count: Int) {
        let label = UILabel()
        label.text = "Title"
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        for format in ["H:|-50-[label]", "H:|-80-[label]", "V:|-100-[label]"] {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil, views: ["label": label]))
        }
    }

    /// A cell 100 wide holds a stack (10 points in from each side, spacing 8)
    /// of two image views 60 wide each: 128 points in 80. The second width
    /// breaks: stack (10 0; 80 44), images (0 0; 60 44) and (68 0; 12 44).
    static func stack(root: UIView, count: Int) {
        let cell = UITableViewCell(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        root.addSubview(cell)
        let images = [UIImageView(image: nil), UIImageView(image: nil)]
        let stack = UIStackView(arrangedSubviews: images)
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(stack)
        let views = ["stack": stack]
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "H:|-10-[stack]-10-|", metrics: nil, views: views))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:|[stack]|", metrics: nil, views: views))
        NSLayoutConstraint.activate(images.map { $0.widthAnchor.constraint(equalToConstant: 60) })
    }

    /// The root's margins are 16 left and right, 8 top and bottom. `card` is
    /// pinned to the root's leading edge and then to its leading margin; the
    /// margin constraint breaks. `card` is (0 8; 359 100).
    static func margins(root: UIView, count: Int) {
        root.layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        let card = UIView()
        card.accessibilityIdentifier = "card"
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            NSLayoutConstraint(item: card, attribute: .leading, relatedBy: .equal, toItem: root,
                               attribute: .leadingMargin, multiplier: 1, constant: 0),
            card.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            card.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            card.heightAnchor.constraint(equalToConstant: 100),
        ])
    }
}
