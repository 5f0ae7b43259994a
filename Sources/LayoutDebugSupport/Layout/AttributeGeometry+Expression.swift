// MARK: - FrameVariable

/// The variables of one item's frame, in the order a system numbers them:
/// item `i`'s variable `v` is number `i × FrameVariable.allCases.count + v`.
enum FrameVariable: Int, CaseIterable {
    case minX, width, minY, height, firstBaseline, lastBaseline
}

// MARK: - FrameExpression

/// An attribute as a linear expression over one item's frame variables:
/// `Σ coefficient·variable + constant`, the terms in the order a solver meets
/// them (the position before the size).
struct FrameExpression {
    /// The products, in order.
    var terms: [(variable: FrameVariable, coefficient: Double)]
    /// The constant part (a margin's inset, or 0).
    var constant: Double
    /// Whether the variables are those of the item's margins, an item of their
    /// own (see `AttributeGeometry.Margins.ownItem`), rather than of its frame.
    var onMargins = false

    /// The expression times −1, constant included.
    var negated: FrameExpression {
        FrameExpression(terms: terms.map { ($0.variable, $0.coefficient * -1) }, constant: constant * -1,
                        onMargins: onMargins)
    }
}

// MARK: - Attributes as expressions

extension AttributeGeometry {
    /// How a system reads the attributes inside an item's layout margins.
    enum Margins {
        /// The margins' box is the frame inset by these: what a view tree knows.
        case insets(AttributeGeometry.Insets)
        /// The margins are an item of their own, with a frame of its own: what a
        /// log knows, since it names a view's margins but never prints their insets.
        case ownItem
    }

    /// The choices a system makes when it turns an attribute into arithmetic.
    struct Options {
        /// Whether leading is the right edge, as under an Arabic or Hebrew locale:
        /// leading and trailing are then negated, since the axis runs leftwards
        /// (`leading + 20` is 20 points further left).
        var rightToLeft = false
        /// How the margins are read.
        var margins = Margins.ownItem
        /// Whether baselines are variables of their own (else they have no expression).
        var baselines = false
    }

    /// The attribute as a linear expression over its item's frame variables, or
    /// `nil` when it has none: `notAnAttribute`, and baselines unless `options`
    /// give them variables.
    ///
    /// - Parameters:
    ///   - attribute: The attribute.
    ///   - options: Direction, margins and baselines.
    /// - Returns: `minX` for left, `minX + width` for right, `minX + 0.5·width`
    ///   for centerX, `width` for width (and the same vertically); inside margins
    ///   the edges move in by the insets, and right to left leading is
    ///   `−(minX + width)`.
    static func expression(_ attribute: LayoutAttribute, _ options: Options) -> FrameExpression? {
        switch meaning(attribute) {
        case .nothing:
            return nil
        case .baseline(let first):
            guard options.baselines else { return nil }
            return FrameExpression(terms: [(first ? .firstBaseline : .lastBaseline, 1)], constant: 0)
        case .place(let place):
            return expression(place, options)
        }
    }

    private static func expression(_ place: Place, _ options: Options) -> FrameExpression {
        let (origin, length): (FrameVariable, FrameVariable) = place.axis == .horizontal ? (.minX, .width) : (.minY, .height)
        // The insets of the margins' box on this axis, nil on the frame itself.
        var insets: (start: Double, end: Double)?
        var onMargins = false
        if place.withinMargins {
            switch options.margins {
            case .ownItem: onMargins = true
            case .insets(let m): insets = place.axis == .horizontal ? (m.left, m.right) : (m.top, m.bottom)
            }
        }
        // Right to left, leading is the far edge, negated.
        let mirrored = options.rightToLeft && place.followsDirection
        var part = place.part
        if mirrored { part = part == .start ? .end : .start }
        // The constants are computed as `x + left`, `x + w - right` and
        // `x + left + (w - left - right) * 0.5` compute them, so every system
        // gets the same bits whichever way it once wrote them.
        var expression: FrameExpression
        switch part {
        case .start:
            expression = FrameExpression(terms: [(origin, 1)], constant: insets.map { 0 + $0.start } ?? 0)
        case .end:
            expression = FrameExpression(terms: [(origin, 1), (length, 1)], constant: insets.map { 0 - $0.end } ?? 0)
        case .center:
            expression = FrameExpression(terms: [(origin, 1), (length, 0.5)],
                                         constant: insets.map { $0.start + ((0 - $0.start) - $0.end) * 0.5 } ?? 0)
        case .size:
            expression = FrameExpression(terms: [(length, 1)], constant: 0)
        }
        if mirrored { expression = expression.negated }
        expression.onMargins = onMargins
        return expression
    }
}
