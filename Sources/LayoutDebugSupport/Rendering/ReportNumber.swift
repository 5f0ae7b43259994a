// MARK: - ReportNumber

/// The two ways reports print numbers, defined once so every report agrees.
///
/// The library does not link Foundation (it is injected into processes that
/// may not have it loaded), so there is no `String(format:)`: these helpers
/// round by hand.
enum ReportNumber {
    /// Decimals kept for non-integral values; enough for `0.3333` multipliers
    /// and half-point frames without printing binary noise.
    static let keptDecimals: Double = 10_000

    /// Sadun's constraint spelling: always one decimal for integers (`8.0`,
    /// `-20.0`), up to four otherwise (`0.5`, `0.3333`).
    static func decimal(_ value: Double) -> String {
        let text = plain(value)
        // Bytes, not `contains(_: String)`: Foundation's overload of that
        // searches through CFString, which dominated report time.
        guard value.isFinite, !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) else {
            return text
        }
        return text + ".0"
    }

    /// Log and frame spelling: no trailing `.0` (`110`, `10.5`, `-8`).
    static func plain(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if let integral = integralValue(value) { return String(integral) }
        return String(rounded(value))
    }

    /// Appends `plain(value)`; integral values, nearly every number a report
    /// prints, are written digit by digit without making a `String`.
    static func writePlain(_ value: Double, into out: inout TextWriter) {
        if let integral = integralValue(value) {
            out.write(decimal: integral)
        } else {
            out.write(plain(value))
        }
    }

    /// Appends `decimal(value)`: `8.0`, `0.5`.
    static func writeDecimal(_ value: Double, into out: inout TextWriter) {
        if let integral = integralValue(value) {
            out.write(decimal: integral)
            out.write(".0")
        } else {
            out.write(decimal(value))
        }
    }

    /// The value as an integer when `plain` would print it without a
    /// fraction (and not in exponent form).
    private static func integralValue(_ value: Double) -> Int64? {
        guard value.isFinite else { return nil }
        // Nearly every number a report prints is already a whole number of
        // points: converting it to an integer and back says so without the
        // two calls to libm's `round` below. Below 1e11 the rounding below
        // would give the same answer (value × 10⁴ is exact there).
        if abs(value) < 1e11, Double(Int64(value)) == value { return Int64(value) }
        let kept = rounded(value)
        guard kept == kept.rounded(), abs(kept) < 1e15 else { return nil }
        // `Int64(-0.0)` is `0`, so negative zero prints as `0`.
        return Int64(kept)
    }

    /// The value with `keptDecimals` decimals at most.
    private static func rounded(_ value: Double) -> Double {
        (value * keptDecimals).rounded() / keptDecimals
    }
}
