// MARK: - LayoutAttribute

/// An attribute of a layout item, spelled as Auto Layout logs spell it.
///
/// The raw value is the spelling used in console logs and in `stringValue`
/// output. `uikitRawValue` gives `NSLayoutConstraint.Attribute`'s raw value for
/// the attributes UIKit has; the autoresizing and encapsulated-size spellings
/// (`minX` … `midY`) exist only in logs and map onto their UIKit equivalents
/// through `canonical`.
enum LayoutAttribute: String, Codable, Hashable, Sendable, CaseIterable {
    case notAnAttribute
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline
    /// The pre-iOS 8 name of `lastBaseline`, still printed by older systems.
    case baseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case minX, minY, maxX, maxY, midX, midY

    /// `NSLayoutConstraint.Attribute.rawValue` for this attribute, or `nil`
    /// for log-only spellings.
    var uikitRawValue: Int? {
        switch self {
        case .notAnAttribute: return 0
        case .left: return 1
        case .right: return 2
        case .top: return 3
        case .bottom: return 4
        case .leading: return 5
        case .trailing: return 6
        case .width: return 7
        case .height: return 8
        case .centerX: return 9
        case .centerY: return 10
        case .lastBaseline, .baseline: return 11
        case .firstBaseline: return 12
        case .leftMargin: return 13
        case .rightMargin: return 14
        case .topMargin: return 15
        case .bottomMargin: return 16
        case .leadingMargin: return 17
        case .trailingMargin: return 18
        case .centerXWithinMargins: return 19
        case .centerYWithinMargins: return 20
        case .minX, .minY, .maxX, .maxY, .midX, .midY: return nil
        }
    }

    /// Creates the attribute for a UIKit raw value, or `nil` when UIKit has none.
    init?(uikitRawValue: Int) {
        guard let match = LayoutAttribute.allCases.first(where: {
            $0 != .baseline && $0.uikitRawValue == uikitRawValue
        }) else { return nil }
        self = match
    }

    /// The UIKit attribute this spelling means: `minX` is `left`, `midY` is
    /// `centerY`, `baseline` is `lastBaseline`; every other attribute is itself.
    var canonical: LayoutAttribute {
        switch self {
        case .minX: return .left
        case .maxX: return .right
        case .midX: return .centerX
        case .minY: return .top
        case .maxY: return .bottom
        case .midY: return .centerY
        case .baseline: return .lastBaseline
        default: return self
        }
    }

    /// The attribute as a log prints it: AppKit since macOS 13 prints
    /// `(null)` for an attribute with no name (raw value 0), so reports
    /// show it that way rather than as the case's name.
    var logSpelling: String { self == .notAnAttribute ? "(null)" : rawValue }

    /// The axis the attribute lies on, or `nil` for `notAnAttribute`.
    var axis: LayoutAxis? {
        switch canonical {
        case .notAnAttribute: return nil
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            return .horizontal
        default:
            return .vertical
        }
    }

    /// Whether the attribute is a size (`width`, `height`) rather than a location.
    var isSize: Bool { self == .width || self == .height }
}

/// The axis of a layout attribute; the raw values are `NSLayoutConstraint.Axis`'s.
enum LayoutAxis: Int, Codable, Hashable, Sendable {
    case horizontal = 0
    case vertical = 1
}

/// The relation of a constraint; the raw values are `NSLayoutConstraint.Relation`'s.
enum LayoutRelation: Int, Codable, Hashable, Sendable {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1

    /// The operator as logs print it: `<=`, `==` or `>=`.
    var symbol: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }

    /// Creates a relation from its printed operator.
    init?(symbol: String) {
        switch symbol {
        case "<=": self = .lessThanOrEqual
        case "==": self = .equal
        case ">=": self = .greaterThanOrEqual
        default: return nil
        }
    }

    /// The case's name, as JSON writes it: `lessThanOrEqual`, `equal`, `greaterThanOrEqual`.
    var name: String {
        switch self {
        case .lessThanOrEqual: return "lessThanOrEqual"
        case .equal: return "equal"
        case .greaterThanOrEqual: return "greaterThanOrEqual"
        }
    }

    /// The relation named `name`, or `nil`.
    init?(name: String) {
        switch name {
        case "lessThanOrEqual": self = .lessThanOrEqual
        case "equal": self = .equal
        case "greaterThanOrEqual": self = .greaterThanOrEqual
        default: return nil
        }
    }
}

// MARK: - JSON

// By name, as attributes and owners are: a raw value (`0`) means nothing to a reader
// who has not looked up `NSLayoutConstraint.Relation`.
extension LayoutRelation {
    /// Reads the name.
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let relation = LayoutRelation(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a relation: \(name)")
        }
        self = relation
    }

    /// Writes the name.
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
