// MARK: - Certificates

extension Solver {
    /// The certificate of a rejected constraint, read off the failing row.
    ///
    /// The failing row is `c + Σ aⱼ·symbolⱼ` with `c > 0`: either the new row reduced to dummies,
    /// or the artificial variable's row at its positive minimum. Each row of the tableau is a
    /// linear combination of the constraints' rows `expression + κ·marker (+ errors) = 0`, and a
    /// marker appears in its own constraint's row only, so the weight of constraint *i* in the
    /// failing row is `a(markerᵢ) / κᵢ`. With those weights the variables cancel and the
    /// constants add up to `c`. At the artificial minimum every slack has `a ≥ 0`, which gives
    /// the Farkas signs documented on ``Certificate``; errors of non-required constraints have
    /// weight 0 there, so only required constraints appear.
    ///
    /// - Parameters:
    ///   - row: The failing row.
    ///   - constraint: The rejected constraint.
    ///   - tag: Its tag (not yet recorded).
    /// - Returns: The entries in insertion order, the rejected constraint last.
    func certificate(from row: Row, adding constraint: Constraint, _ tag: Tag) -> Certificate {
        var found: [(position: Int, entry: Certificate.Entry)] = []
        for cell in row.cells where !isNearZero(cell.coefficient) {
            if cell.symbol == tag.marker {
                let entry = Certificate.Entry(constraint: constraint, multiplier: cell.coefficient / tag.markerCoefficient)
                found.append((Int.max, entry))
                continue
            }
            // Symbols made by this addition (its other error, the artificial variable) have
            // no entry yet.
            guard cell.symbol.index < markerOwner.count, let owner = markerOwner[cell.symbol.index],
                  let ownerTag = tags[owner],
                  ownerTag.marker == cell.symbol, owner.strength.isRequired else { continue }
            let entry = Certificate.Entry(constraint: owner, multiplier: cell.coefficient / ownerTag.markerCoefficient)
            found.append((ownerTag.position, entry))
        }
        found.sort { $0.position < $1.position }
        return Certificate(entries: found.map(\.entry), constant: row.constant)
    }
}
