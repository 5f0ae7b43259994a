// MARK: - LayoutChange

/// One change to a constraint or a view that a report suggests and `lfix`
/// applies: the two ways out of a conflict that *iOS Auto Layout Demystified*
/// names (remove a constraint; lower its priority so both can live), and the
/// other properties a fix touches.
enum LayoutChange: Hashable, Sendable {
    /// Set a constraint's priority (1...1000).
    case priority(Double)
    /// Set a constraint's constant.
    case constant(Double)
    /// Deactivate a constraint.
    case deactivate
    /// Activate a constraint.
    case activate
    /// Turn a view's `translatesAutoresizingMaskIntoConstraints` off.
    case noAutoresizing

    /// Whether the change applies to a view rather than to a constraint.
    var appliesToView: Bool { self == .noAutoresizing }

    /// The change as `lfix` options spell it: `--priority 999`, `--deactivate`.
    var optionText: String {
        switch self {
        case .priority(let value): return "--priority " + ConstraintSnapshot.number(value)
        case .constant(let value): return "--constant " + ConstraintSnapshot.number(value)
        case .deactivate: return "--deactivate"
        case .activate: return "--activate"
        case .noAutoresizing: return "--no-autoresizing"
        }
    }
}

// Codable as `{"kind": "priority", "value": 999}`, which reads the same in
// every language a tool might use.
extension LayoutChange: Codable {
    private enum Key: String, CodingKey { case kind, value }

    /// Decodes `{"kind", "value"}`.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "priority": self = .priority(try container.decode(Double.self, forKey: .value))
        case "constant": self = .constant(try container.decode(Double.self, forKey: .value))
        case "deactivate": self = .deactivate
        case "activate": self = .activate
        case "noAutoresizing": self = .noAutoresizing
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown change \(kind)")
        }
    }

    /// Encodes `{"kind", "value"}`; `value` only for a priority or a constant.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .priority(let value):
            try container.encode("priority", forKey: .kind)
            try container.encode(value, forKey: .value)
        case .constant(let value):
            try container.encode("constant", forKey: .kind)
            try container.encode(value, forKey: .value)
        case .deactivate: try container.encode("deactivate", forKey: .kind)
        case .activate: try container.encode("activate", forKey: .kind)
        case .noAutoresizing: try container.encode("noAutoresizing", forKey: .kind)
        }
    }
}
