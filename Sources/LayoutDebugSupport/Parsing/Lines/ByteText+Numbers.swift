#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Numbers and addresses

extension ByteText {
    /// Reads a decimal number at `index` (`94.3333`, `-20`, `2.22507e-308`,
    /// `44.0`) and returns it with the index after it, or `nil`.
    ///
    /// Short plain decimals are converted exactly by integer arithmetic (the
    /// common case, and no allocation); anything longer goes to `strtod`.
    func number(at index: Int, end: Int) -> (value: Double, next: Int)? {
        var cursor = index
        var negative = false
        if cursor < end, base[cursor] == UInt8(ascii: "-") || base[cursor] == UInt8(ascii: "+") {
            negative = base[cursor] == UInt8(ascii: "-")
            cursor += 1
        }
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0
        while cursor < end, ByteClass.isDigit(base[cursor]) {
            mantissa = mantissa &* 10 &+ UInt64(base[cursor] - 0x30)
            digits += 1; cursor += 1
        }
        if cursor < end, base[cursor] == UInt8(ascii: "."), cursor + 1 < end, ByteClass.isDigit(base[cursor + 1]) {
            cursor += 1
            while cursor < end, ByteClass.isDigit(base[cursor]) {
                mantissa = mantissa &* 10 &+ UInt64(base[cursor] - 0x30)
                digits += 1; fractionDigits += 1; cursor += 1
            }
        }
        guard digits > 0 else { return nil }
        var hasExponent = false
        if cursor < end, base[cursor] == UInt8(ascii: "e") || base[cursor] == UInt8(ascii: "E") {
            var probe = cursor + 1
            if probe < end, base[probe] == UInt8(ascii: "-") || base[probe] == UInt8(ascii: "+") { probe += 1 }
            if probe < end, ByteClass.isDigit(base[probe]) {
                hasExponent = true
                cursor = probe
                while cursor < end, ByteClass.isDigit(base[cursor]) { cursor += 1 }
            }
        }
        // Both operands are exact doubles below 2^53 and 10^22, so one
        // division rounds correctly.
        if !hasExponent, digits <= 15, fractionDigits <= 22 {
            let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return (negative ? -value : value, cursor)
        }
        return (slowNumber(index, cursor), cursor)
    }

    private func slowNumber(_ from: Int, _ to: Int) -> Double {
        var buffer = [CChar](repeating: 0, count: to - from + 1)
        for offset in 0..<(to - from) { buffer[offset] = CChar(bitPattern: base[from + offset]) }
        return strtod(buffer, nil)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Reads `0x` and hexadecimal digits at `index`; returns the value and the
    /// index after the digits, or `nil` when there is no `0x` or no digit.
    func hexAddress(at index: Int, end: Int) -> (value: UInt64, next: Int)? {
        guard index + 2 < end, base[index] == UInt8(ascii: "0"),
              base[index + 1] == UInt8(ascii: "x") || base[index + 1] == UInt8(ascii: "X") else { return nil }
        var cursor = index + 2, value: UInt64 = 0, digits = 0
        while cursor < end, let digit = ByteClass.hexValue(base[cursor]) {
            value = value &<< 4 | digit
            digits += 1; cursor += 1
        }
        guard digits > 0, digits <= 16 else { return nil }
        return (value, cursor)
    }
}
