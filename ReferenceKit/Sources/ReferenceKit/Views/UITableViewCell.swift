import Foundation

// MARK: - UITableViewCell

/// A table row whose `contentView` the table sizes, as in UIKit.
///
/// The content view gets the cell's size through
/// `'UIView-Encapsulated-Layout-Width'`/`-Height` (and its position through
/// `-Left`/`-Top`), required constraints standing for the size a table gives
/// a cell; set the cell's frame as a table would.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The styles UIKit offers; ReferenceKit's cells have no built-in labels.
    public enum CellStyle: Int, Sendable {
        case `default` = 0, value1, value2, subtitle
    }

    /// The view cell content goes in.
    open private(set) var contentView: UIView = UIView()
    /// The identifier a table reuses the cell by.
    open private(set) var reuseIdentifier: String?

    /// Creates a cell 320 by 44 points, as UIKit does.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        installContentView()
    }

    /// Creates a cell with a frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        installContentView()
    }

    /// ReferenceKit does not archive views; decoding always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func installContentView() {
        let content = UITableViewCellContentView(frame: bounds)
        content.translatesAutoresizingMaskIntoConstraints = false
        contentView = content
        addSubview(content)
    }
}

/// The class UIKit gives a cell's content view; descriptions print its name.
final class UITableViewCellContentView: UIView {
    override var systemConstraintSpecs: [SystemConstraintSpec] {
        guard let cell = superview as? UITableViewCell else { return super.systemConstraintSpecs }
        let rows: [(String, NSLayoutConstraint.Attribute, CGFloat)] = [
            ("Left", .left, 0), ("Top", .top, 0), ("Width", .width, cell.bounds.width), ("Height", .height, cell.bounds.height),
        ]
        return super.systemConstraintSpecs + rows.map { name, attribute, value in
            var spec = SystemConstraintSpec(key: "encapsulated.\(name)", kind: .plain, installOn: self,
                                            first: self, firstAttribute: attribute)
            spec.constant = value
            spec.identifier = "UIView-Encapsulated-Layout-\(name)"
            if !attribute.isSize { spec.locationOrigin = cell }
            return spec
        }
    }
}
