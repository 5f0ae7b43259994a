// MARK: - nearZero

/// The one tolerance of the arithmetic above the solver, named and valued as
/// kiwi's `nearZero` (`kiwi/util.h`) and our Cassowary's: a coefficient, a
/// pivot or a remainder smaller than this is rounding, not a number.
let nearZero = 1.0e-8

/// Whether `value` is zero within ``nearZero``.
func isNearZero(_ value: Double) -> Bool {
    value < nearZero && value > -nearZero
}
