import Foundation

// MARK: - Visual format language

extension NSLayoutConstraint {
    /// Makes constraints from a visual format string, as UIKit does:
    /// `H:|-15-[a]-8-[b]-|`, `V:[a(44)]`, `H:[a(>=50@750)]-(<=8)-[b(==a)]`.
    ///
    /// `-` alone is the standard spacing: 8 points between siblings, 20 to
    /// the superview. Horizontal formats relate `leading`/`trailing` unless the
    /// options ask for a left-to-right or right-to-left direction. The
    /// constraints come back inactive. A format UIKit cannot parse raises UIKit's
    /// `NSInvalidArgumentException`, `Unable to parse constraint format`.
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        do {
            var parser = VisualFormatParser(format: format, options: opts, metrics: metrics ?? [:], views: views)
            return try parser.parse()
        } catch let error as LayoutConstraintError {
            error.raise()
        } catch {
            fatalError(String(describing: error))
        }
    }
}

/// A recursive-descent reader of one visual format string.
@MainActor
struct VisualFormatParser {
    private let format: String
    private let characters: [Character]
    private var index = 0
    private let options: NSLayoutConstraint.FormatOptions
    private let metrics: [String: Any]
    private let views: [String: Any]
    private var vertical = false
    private var result: [NSLayoutConstraint] = []

    /// A `(relation, constant or view, priority)` predicate.
    private struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
        /// A bare `-`: 8 points between siblings, 20 to the superview.
        var isStandard = false

        func spacing(toSuperview: Bool) -> CGFloat {
            guard isStandard else { return view == nil ? constant : 0 }
            return toSuperview ? 20 : 8
        }
    }

    init(format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any], views: [String: Any]) {
        self.format = format
        self.characters = Array(format.filter { !$0.isWhitespace })
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    /// Parses the whole format.
    /// - Throws: `LayoutConstraintError` with UIKit's parse message.
    mutating func parse() throws -> [NSLayoutConstraint] {
        if characters.count >= 2, characters[1] == ":" {
            guard characters[0] == "H" || characters[0] == "V" else { throw failure("Expected 'H' or 'V' before ':'") }
            vertical = characters[0] == "V"
            index = 2
        }
        var previous: UIView?
        var pendingGap: [Predicate]? = nil
        var leadingSuperview = false
        if peek("|") {
            index += 1
            leadingSuperview = true
            pendingGap = try connection()
        }
        var arranged: [UIView] = []
        while peek("[") {
            let view = try viewTerm()
            if let previous {
                relate(later: view, earlier: previous, gap: pendingGap ?? [Predicate()])
            } else if leadingSuperview {
                try relateToSuperview(view, leading: true, gap: pendingGap ?? [Predicate()])
            }
            arranged.append(view)
            previous = view
            pendingGap = try connection()
        }
        guard let last = previous else { throw failure("Expected a view") }
        if peek("|") {
            index += 1
            try relateToSuperview(last, leading: false, gap: pendingGap ?? [Predicate()])
        } else if pendingGap != nil {
            throw failure("Expected a view or '|'")
        }
        guard index == characters.count else { throw failure("Unexpected character") }
        alignAll(arranged)
        return result
    }

    // MARK: - Grammar

    private func peek(_ character: Character) -> Bool { index < characters.count && characters[index] == character }

    /// `-pred-`, `-`, or nothing (adjacent views); `nil` means no connection.
    private mutating func connection() throws -> [Predicate]? {
        guard peek("-") else { return nil }
        index += 1
        if peek("[") || peek("|") { return [Predicate(isStandard: true)] }
        let predicates = peek("(") ? try predicateList() : [try predicate()]
        guard peek("-") else { throw failure("Expected '-'") }
        index += 1
        return predicates
    }

    /// `[name]` or `[name(predicates)]`; size predicates become constraints at once.
    private mutating func viewTerm() throws -> UIView {
        index += 1
        let name = identifier()
        guard let view = views[name] as? UIView else { throw failure("\(name) is not a key in the views dictionary.") }
        if peek("(") {
            for size in try predicateList() { addSize(view, size) }
        }
        guard peek("]") else { throw failure("Expected ']'") }
        index += 1
        return view
    }

    private mutating func predicateList() throws -> [Predicate] {
        index += 1
        var list = [try predicate()]
        while peek(",") {
            index += 1
            list.append(try predicate())
        }
        guard peek(")") else { throw failure("Expected ')'") }
        index += 1
        return list
    }

    private mutating func predicate() throws -> Predicate {
        var result = Predicate()
        for (symbol, relation) in [("==", NSLayoutConstraint.Relation.equal), (">=", .greaterThanOrEqual), ("<=", .lessThanOrEqual)]
            where String(characters[index..<min(index + 2, characters.count)]) == symbol {
            result.relation = relation
            index += 2
        }
        let object = try objectOfPredicate()
        result.constant = object.0 ?? 0
        result.view = object.1
        if peek("@") {
            index += 1
            guard let priority = try objectOfPredicate().0 else { throw failure("Expected a priority") }
            result.priority = UILayoutPriority(Float(priority))
        }
        return result
    }

    /// A number, a metric name or a view name.
    private mutating func objectOfPredicate() throws -> (CGFloat?, UIView?) {
        let start = index
        if peek("-") { index += 1 }
        while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
        if index > start, let number = Double(String(characters[start..<index])) { return (CGFloat(number), nil) }
        index = start
        let name = identifier()
        if let metric = metrics[name] { return (try Self.number(metric, name: name), nil) }
        if let view = views[name] as? UIView { return (nil, view) }
        throw failure(name.isEmpty ? "Expected a number, metric or view" : "\(name) is not a key in the metrics or views dictionaries.")
    }

    private mutating func identifier() -> String {
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
        return String(characters[start..<index])
    }

    private static func number(_ value: Any, name: String) throws -> CGFloat {
        switch value {
        case let number as CGFloat: return number
        case let number as Double: return CGFloat(number)
        case let number as Float: return CGFloat(number)
        case let number as Int: return CGFloat(number)
        case let number as NSNumber: return CGFloat(number.doubleValue)
        default: throw LayoutConstraintError(name: "NSInvalidArgumentException", reason: "Metric \(name) is not a number.")
        }
    }

    private func failure(_ message: String) -> LayoutConstraintError {
        let caret = String(repeating: " ", count: min(index, characters.count)) + "^"
        return LayoutConstraintError(name: "NSInvalidArgumentException",
                                     reason: "Unable to parse constraint format: \n\(message) \n\(format) \n\(caret)")
    }

    // MARK: - Constraints

    private var attributes: (lead: NSLayoutConstraint.Attribute, trail: NSLayoutConstraint.Attribute, size: NSLayoutConstraint.Attribute) {
        if vertical { return (.top, .bottom, .height) }
        if options.contains(.directionLeftToRight) { return (.left, .right, .width) }
        if options.contains(.directionRightToLeft) { return (.right, .left, .width) }
        return (.leading, .trailing, .width)
    }

    /// Right-to-left formats run against the x axis, so their gaps subtract.
    private var sign: CGFloat { !vertical && options.contains(.directionRightToLeft) ? -1 : 1 }

    private mutating func add(_ first: UIView, _ firstAttribute: NSLayoutConstraint.Attribute, _ predicate: Predicate,
                              _ second: UIView?, _ secondAttribute: NSLayoutConstraint.Attribute, constant: CGFloat, visual: Bool = false) {
        let constraint = NSLayoutConstraint(first: first, firstAttribute: firstAttribute, relation: predicate.relation,
                                            second: second, secondAttribute: second == nil ? .notAnAttribute : secondAttribute,
                                            multiplier: 1, constant: constant)
        constraint.priority = predicate.priority
        constraint.prefersVisualFormat = visual
        result.append(constraint)
    }

    private mutating func addSize(_ view: UIView, _ predicate: Predicate) {
        let size = attributes.size
        add(view, size, predicate, predicate.view, size, constant: predicate.view == nil ? predicate.constant : 0, visual: true)
    }

    private mutating func relate(later: UIView, earlier: UIView, gap: [Predicate]) {
        for predicate in gap {
            add(later, attributes.lead, predicate, earlier, attributes.trail, constant: sign * predicate.spacing(toSuperview: false))
            if predicate.isStandard { result.last?.systemSpacing = .visualFormat }
        }
    }

    private mutating func relateToSuperview(_ view: UIView, leading: Bool, gap: [Predicate]) throws {
        guard let parent = view.superview else { throw failure("Unable to interpret '|' character, because the related view doesn't have a superview") }
        for predicate in gap {
            let constant = sign * predicate.spacing(toSuperview: true)
            if leading {
                add(view, attributes.lead, predicate, parent, attributes.lead, constant: constant)
            } else {
                add(parent, attributes.trail, predicate, view, attributes.trail, constant: constant)
            }
            if predicate.isStandard { result.last?.systemSpacing = .visualFormat }
        }
    }

    /// The `alignAll…` options: each view's attribute equals its predecessor's.
    private mutating func alignAll(_ arranged: [UIView]) {
        let table: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in table where options.contains(option) {
            for (earlier, later) in zip(arranged, arranged.dropFirst()) {
                add(earlier, attribute, Predicate(), later, attribute, constant: 0)
            }
        }
    }
}
