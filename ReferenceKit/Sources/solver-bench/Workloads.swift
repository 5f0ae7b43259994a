import Cassowary

// The workloads of bench/solver/kiwi_workloads.py, constraint for constraint and in the
// same insertion order, so both solvers see the same systems.

// MARK: - Views

/// Four variables per view, as an Auto Layout engine has (minX, minY, width, height).
struct View {
    let left: Variable
    let top: Variable
    let width: Variable
    let height: Variable

    init(_ name: String) {
        left = Variable(name + ".left")
        top = Variable(name + ".top")
        width = Variable(name + ".width")
        height = Variable(name + ".height")
    }

    var right: Cassowary.Expression { left + width }
    var bottom: Cassowary.Expression { top + height }
    var centerY: Cassowary.Expression { top + 0.5 * height }
}

/// A system to benchmark: the superview whose size is edited, the constraints in insertion
/// order, the probe removed and re-added, the contradicting constraint, and the first size.
struct Workload {
    let superview: View
    let constraints: [Constraint]
    let probe: Constraint
    let conflict: Constraint
    let nominal: (width: Double, height: Double)
    let variableCount: Int
    let variables: [Variable]
}

// MARK: - Builders

/// UILayoutPriority to strength: 1000 is required, anything else its own tier.
private func priority(_ p: Double) -> Strength {
    p >= 1000 ? .required : Strength(priority: p)
}

private func equal(_ lhs: Cassowary.Expression, _ rhs: Cassowary.Expression, _ p: Double = 1000) -> Constraint {
    Constraint(lhs, .equal, rhs, strength: priority(p))
}

private func atMost(_ lhs: Cassowary.Expression, _ rhs: Cassowary.Expression, _ p: Double = 1000) -> Constraint {
    Constraint(lhs, .lessThanOrEqual, rhs, strength: priority(p))
}

private func atLeast(_ lhs: Cassowary.Expression, _ rhs: Cassowary.Expression, _ p: Double = 1000) -> Constraint {
    Constraint(lhs, .greaterThanOrEqual, rhs, strength: priority(p))
}

private func constant(_ value: Double) -> Cassowary.Expression { Cassowary.Expression(constant: value) }
private func expr(_ variable: Variable) -> Cassowary.Expression { Cassowary.Expression(variable) }

private func allVariables(_ views: [View]) -> [Variable] {
    views.flatMap { [$0.left, $0.top, $0.width, $0.height] }
}

/// chain(N): N views in a row with hugging, compression resistance and centerY preferences.
func chain(_ n: Int, pinsFirst: Bool = true) -> Workload {
    let sv = View("sv")
    let views = (0..<n).map { View("v\($0)") }
    var cs = [equal(expr(sv.left), constant(0)), equal(expr(sv.top), constant(0))]
    let pin = equal(sv.right, views[n - 1].right + 8)
    if pinsFirst { cs.append(pin) }
    var probe: Constraint?
    var previous: View?
    for (i, v) in views.enumerated() {
        cs.append(equal(expr(v.top), sv.top + 8))
        cs.append(equal(expr(v.height), constant(44)))
        if let prev = previous {
            cs.append(equal(expr(v.left), prev.right + 8))
            if i == n / 2 { probe = cs.last }
        } else {
            cs.append(equal(expr(v.left), sv.left + 8))
        }
        cs.append(atMost(expr(v.width), constant(40), 250))
        cs.append(atLeast(expr(v.width), constant(40), 750))
        cs.append(equal(v.centerY, sv.centerY, 500))
        previous = v
    }
    if !pinsFirst { cs.append(pin) }
    let conflict = equal(expr(views[0].left), constant(1000))
    return Workload(superview: sv, constraints: cs, probe: probe!, conflict: conflict,
                    nominal: (Double(48 * n + 8), 60), variableCount: 4 * n + 4,
                    variables: allVariables([sv] + views))
}

/// chain_req(N): the same chain with every constraint required (width == 40).
func chainRequired(_ n: Int) -> Workload {
    let sv = View("sv")
    let views = (0..<n).map { View("v\($0)") }
    var cs = [equal(expr(sv.left), constant(0)), equal(expr(sv.top), constant(0))]
    var probe: Constraint?
    var previous: View?
    for (i, v) in views.enumerated() {
        cs.append(equal(expr(v.top), sv.top + 8))
        cs.append(equal(expr(v.height), constant(44)))
        if let prev = previous {
            cs.append(equal(expr(v.left), prev.right + 8))
            if i == n / 2 { probe = cs.last }
        } else {
            cs.append(equal(expr(v.left), sv.left + 8))
        }
        cs.append(equal(expr(v.width), constant(40)))
        previous = v
    }
    cs.append(equal(sv.right, previous!.right + 8))
    cs.append(equal(sv.bottom, previous!.bottom + 8))
    let conflict = equal(expr(views[0].left), constant(1000))
    return Workload(superview: sv, constraints: cs, probe: probe!, conflict: conflict,
                    nominal: (Double(48 * n + 8), 60), variableCount: 4 * n + 4,
                    variables: allVariables([sv] + views))
}

/// grid(N): k × k views (k = round(√N)) with equal widths per row and heights per column.
func grid(_ n: Int, pinsFirst: Bool = true) -> Workload {
    let k = max(2, Int((Double(n).squareRoot()).rounded(.toNearestOrEven)))
    let sv = View("sv")
    let g = (0..<k).map { r in (0..<k).map { c in View("v\(r)_\(c)") } }
    var cs = [equal(expr(sv.left), constant(0)), equal(expr(sv.top), constant(0))]
    var pins = (0..<k).map { r in equal(sv.right, g[r][k - 1].right + 8) }
    pins += (0..<k).map { c in equal(sv.bottom, g[k - 1][c].bottom + 8) }
    if pinsFirst { cs += pins }
    var probe: Constraint?
    for r in 0..<k {
        for c in 0..<k {
            let v = g[r][c]
            if c == 0 {
                cs.append(equal(expr(v.left), sv.left + 8))
            } else {
                let l = g[r][c - 1]
                cs.append(equal(expr(v.left), l.right + 8))
                if r == k / 2 && c == k / 2 { probe = cs.last }
                cs.append(equal(expr(v.width), expr(l.width)))
            }
            if r == 0 {
                cs.append(equal(expr(v.top), sv.top + 8))
            } else {
                let t = g[r - 1][c]
                cs.append(equal(expr(v.top), t.bottom + 8))
                cs.append(equal(expr(v.height), expr(t.height)))
            }
            cs.append(atLeast(expr(v.width), constant(20), 750))
            cs.append(atLeast(expr(v.height), constant(20), 750))
            cs.append(atMost(expr(v.width), constant(20), 250))
            cs.append(atMost(expr(v.height), constant(20), 250))
        }
    }
    if !pinsFirst { cs += pins }
    let conflict = equal(expr(g[0][0].left), constant(1000))
    return Workload(superview: sv, constraints: cs, probe: probe!, conflict: conflict,
                    nominal: (Double(28 * k + 8), Double(28 * k + 8)), variableCount: 4 * k * k + 4,
                    variables: allVariables([sv] + g.flatMap { $0 }))
}

/// The builder of each workload name.
let builders: [String: (Int) -> Workload] = [
    "chain": { chain($0) },
    "chain_req": { chainRequired($0) },
    "grid": { grid($0) },
    "chain_pinlast": { chain($0, pinsFirst: false) },
    "grid_pinlast": { grid($0, pinsFirst: false) },
]
