import Foundation
import ReferenceKit

// MARK: - ConflictStorm

/// `conflict-storm N`: after a first layout pass, N rows are added one by
/// one, each making exactly one conflict as it is constrained. Row i is
/// (0, 30i; 375 30) and its kind is i mod 3:
/// - 0, duplicate width: a box 100 then 120 wide; 120 breaks, the box is (0 0; 100 20);
/// - 1, duplicate leading: `H:|-50-[label]` then `H:|-80-[label]`; the label ("Storm") is (50 0; 40 30);
/// - 2, autoresizing: a label framed (10 5; 60 20) is also centred; it stays put.
@MainActor
enum ConflictStorm {
    static func build(root: UIView, count: Int) {
        root.layoutIfNeeded()
        for index in 0..<max(count, 0) {
            let row = UIView(frame: CGRect(x: 0, y: 30 * CGFloat(index), width: 375, height: 30))
            root.addSubview(row)
            switch index % 3 {
            case 0: duplicateWidth(in: row)
            case 1: duplicateLeading(in: row)
            default: autoresizing(in: row)
            }
        }
    }

    /// A box 100 and 120 wide at once: the second width breaks (also `owner-storm`'s "yours").
    static func duplicateWidth(in row: UIView) {
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        row.addSubview(box)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: row.leadingAnchor),
            box.topAnchor.constraint(equalTo: row.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 20),
            box.widthAnchor.constraint(equalToConstant: 100),
            box.widthAnchor.constraint(equalToConstant: 120),
        ])
    }

    private static func duplicateLeading(in row: UIView) {
        let label = UILabel()
        label.text = "Storm"
        label.translatesAutoresizingMaskIntoConstraints = false
        row.addSubview(label)
        for format in ["V:|[label]|", "H:|-50-[label]", "H:|-80-[label]"] {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil, views: ["label": label]))
        }
    }

    private static func autoresizing(in row: UIView) {
        let label = UILabel(frame: CGRect(x: 10, y: 5, width: 60, height: 20))
        label.text = "Storm"
        row.addSubview(label)
        label.centerXAnchor.constraint(equalTo: row.centerXAnchor).isActive = true
    }
}
