// MARK: - MangledClassName

/// Demangles the Objective-C runtime names Swift gives classes, as console
/// logs print them: `_TtC3App10HeaderView` is `App.HeaderView`, and
/// `_TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_` (corpus
/// `logs/017.txt`) is `MyAppXYZ.CardView<MyAppXYZ.(RecoveryKeyView in $105829144)>`,
/// written as `swift demangle` writes them. A live report already has the
/// demangled name (`String(reflecting:)`), so a log and a breakpoint agree.
///
/// Covers what these names hold (the Swift 3 mangling the runtime keeps for
/// class names): nested classes, structs and enums, private discriminators,
/// generic arguments, substitutions and the standard library's common types.
/// Anything else gives `nil`, and the caller keeps the name as printed: a
/// wrong name would be worse than a mangled one.
enum MangledClassName {
    /// The demangled name, or `nil` when `name` is not a mangled Swift class
    /// name this reader understands.
    ///
    /// - Complexity: O(n) in the length of the name.
    static func demangle(_ name: String) -> String? {
        guard name.hasPrefix("_Tt") else { return nil }
        var reader = Reader(Array(name.utf8.dropFirst(3)))
        guard let type = reader.type(), reader.atEnd else { return nil }
        return type
    }

    /// A cursor over the mangled bytes, with the substitution table.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// Modules and nominal types in the order they were read: `S_` is the
        /// first, `S0_` the second, `S1_` the third.
        var substitutions: [String] = []

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        private var next: UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func take(_ byte: Character) -> Bool {
            guard next == byte.asciiValue else { return false }
            index += 1
            return true
        }

        // MARK: Types

        /// type := nominal | 'G' nominal type* '_' | standard | substitution
        mutating func type() -> String? {
            if take("G") {
                let base: String
                if take("S") {
                    guard let kind = next else { return nil }
                    index += 1
                    base = kind == UInt8(ascii: "q") ? "Optional" : kind == UInt8(ascii: "a") ? "Array" : ""
                    guard !base.isEmpty else { return nil }
                } else {
                    guard let nominal = nominal() else { return nil }
                    base = nominal
                }
                var arguments: [String] = []
                while !take("_") {
                    guard !atEnd, let argument = type() else { return nil }
                    arguments.append(argument)
                }
                guard !arguments.isEmpty else { return nil }
                if base == "Optional", arguments.count == 1 { return arguments[0] + "?" }
                if base == "Array", arguments.count == 1 { return "[" + arguments[0] + "]" }
                return base + "<" + arguments.joined(separator: ", ") + ">"
            }
            if next == UInt8(ascii: "S") { return standardOrSubstitution() }
            return nominal()
        }

        /// nominal := ('C' | 'V' | 'O') context name
        mutating func nominal() -> String? {
            guard let kind = next, [UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "O")].contains(kind) else {
                return nil
            }
            index += 1
            guard let context = context(), let name = name() else { return nil }
            let full = context + "." + name
            substitutions.append(full)
            return full
        }

        /// context := nominal | module; module := identifier | 'Ss' | substitution
        private mutating func context() -> String? {
            if let kind = next, [UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "O")].contains(kind) {
                return nominal()
            }
            if next == UInt8(ascii: "S") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "s") {
                    index += 2
                    return "Swift"
                }
                return substitution()
            }
            guard let module = identifier() else { return nil }
            substitutions.append(module)
            return module
        }

        /// name := identifier | 'P' identifier identifier (a private name and its file's discriminator)
        private mutating func name() -> String? {
            if take("P") {
                guard let discriminator = identifier(), let name = identifier() else { return nil }
                return "(" + name + " in " + discriminator + ")"
            }
            return identifier()
        }

        /// `Si`, `SS`, … or a substitution `S_`, `S0_`.
        private mutating func standardOrSubstitution() -> String? {
            let standard: [UInt8: String] = [
                UInt8(ascii: "i"): "Swift.Int", UInt8(ascii: "u"): "Swift.UInt", UInt8(ascii: "b"): "Swift.Bool",
                UInt8(ascii: "S"): "Swift.String", UInt8(ascii: "d"): "Swift.Double", UInt8(ascii: "f"): "Swift.Float",
            ]
            if index + 1 < bytes.count, let known = standard[bytes[index + 1]] {
                index += 2
                return known
            }
            return substitution()
        }

        /// 'S' [index] '_': `S_` is substitution 0, `S0_` is 1, `S1_` is 2.
        private mutating func substitution() -> String? {
            guard take("S") else { return nil }
            var number = 0
            if take("_") {
                number = 0
            } else {
                guard let value = decimal(), take("_") else { return nil }
                number = value + 1
            }
            return number < substitutions.count ? substitutions[number] : nil
        }

        // MARK: Pieces

        /// identifier := decimal-length bytes (punycode `X…` is not read)
        private mutating func identifier() -> String? {
            guard let length = decimal(), length > 0, index + length <= bytes.count else { return nil }
            let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
            index += length
            return text
        }

        private mutating func decimal() -> Int? {
            var value: Int?
            while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), (value ?? 0) < 100_000 {
                value = (value ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
    }
}
