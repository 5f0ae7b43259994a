// MARK: - FarkasCertificate

/// Multipliers that add an infeasible set of rows up to a contradiction.
///
/// Multiplying each row `Σ a·x  REL  c` by its multiplier and adding them
/// cancels every variable and leaves `0 REL' K` with `K` impossible: `0 = K`
/// with `K ≠ 0`, or `0 ≤ K` with `K < 0`. For an irreducible infeasible set
/// the multipliers are unique up to scale, so they are found exactly by
/// solving `Σ multiplier·a = 0` rather than taken from the solver's floating
/// tableau, then scaled to the smallest whole numbers when they are
/// rational with small denominators (they are ±1, ±½, a constraint's
/// multiplier, in practice). Every "is this zero" here is `nearZero`, the
/// solver's own tolerance.
struct FarkasCertificate {
    /// The multiplier of each row, in the row's own orientation.
    var multipliers: [Int: Double]
    /// `Σ multiplier·constant`.
    var constant: Double
    /// Whether every row is an equation (the contradiction is `0 = K`).
    var isEquality: Bool

    /// The certificate for `subset`, or `nil` if the rows are not an
    /// irreducible infeasible set (the null space is not one line, or the
    /// signs do not make a contradiction).
    init?(_ rows: [LinearRow], subset: [Int]) {
        guard let null = Self.nullVector(rows, subset) else { return nil }
        var weights = Self.simplified(null)
        // Inequalities need multipliers of one sign in `≤` form: a `≤` row
        // scaled by a positive number, a `≥` row by a negative one.
        var sign = 0.0
        for (position, index) in subset.enumerated() where rows[index].relation != .equal {
            let leqSign = rows[index].relation == .lessThanOrEqual ? 1.0 : -1.0
            let needed = weights[position] * leqSign >= 0 ? 1.0 : -1.0
            if sign == 0 { sign = needed } else if sign != needed { return nil }
        }
        let isEquality = sign == 0
        var constant = zip(subset, weights).reduce(0) { $0 + $1.1 * rows[$1.0].constant }
        if isEquality {
            // Put the larger sum on the left when printed: any sign will do.
            if constant > 0 { sign = -1 } else { sign = 1 }
        }
        weights = weights.map { $0 * sign }
        constant *= sign
        let tolerance = nearZero * max(1, subset.map { abs(rows[$0].constant) }.max() ?? 1)
        guard isEquality ? abs(constant) > tolerance : constant < -tolerance else { return nil }
        self.multipliers = Dictionary(uniqueKeysWithValues: zip(subset, weights))
        self.constant = constant
        self.isEquality = isEquality
    }

    /// A non-zero `y` with `Σ y_i·row_i = 0` over the variables, when the
    /// null space is exactly one-dimensional.
    private static func nullVector(_ rows: [LinearRow], _ subset: [Int]) -> [Double]? {
        let variables = Array(Set(subset.flatMap { rows[$0].coefficients.keys })).sorted()
        let columns = subset.count
        // One equation per variable, one unknown per row.
        var matrix = variables.map { variable in subset.map { rows[$0].coefficients[variable] ?? 0 } }
        var pivotColumns: [Int] = []
        var pivotRow = 0
        for column in 0..<columns where pivotRow < matrix.count {
            guard let best = (pivotRow..<matrix.count).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }),
                  !isNearZero(matrix[best][column]) else { continue }
            matrix.swapAt(pivotRow, best)
            let pivot = matrix[pivotRow][column]
            matrix[pivotRow] = matrix[pivotRow].map { $0 / pivot }
            for other in 0..<matrix.count where other != pivotRow && matrix[other][column] != 0 {
                let factor = matrix[other][column]
                for entry in 0..<columns { matrix[other][entry] -= factor * matrix[pivotRow][entry] }
            }
            pivotColumns.append(column)
            pivotRow += 1
        }
        let free = (0..<columns).filter { !pivotColumns.contains($0) }
        guard free.count == 1, let freeColumn = free.first else { return nil }
        var vector = [Double](repeating: 0, count: columns)
        vector[freeColumn] = 1
        for (row, column) in pivotColumns.enumerated() { vector[column] = -matrix[row][freeColumn] }
        return vector
    }

    /// Scales the vector so its entries are small whole numbers when they
    /// are rational with denominators up to 64, and cleans rounding noise.
    private static func simplified(_ vector: [Double]) -> [Double] {
        guard let smallest = vector.filter({ !isNearZero($0) }).map(abs).min() else { return vector }
        let scaled = vector.map { $0 / smallest }
        for denominator in 1...64 {
            let candidate = scaled.map { $0 * Double(denominator) }
            if candidate.allSatisfy({ abs($0 - $0.rounded()) < nearZero * max(1, abs($0)) }) {
                return candidate.map { $0.rounded() }
            }
        }
        return scaled
    }
}
