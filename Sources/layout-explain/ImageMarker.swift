// MARK: - ImageFrame

/// One frame of a monitor's `made at <image frames …>` marker: `layout-demo+0x1a2b`, with the
/// symbol `dladdr` found when the image exports one: `layout-demo+0x1a2b($s13DemoScenarios…)`.
/// The format is `ImageAddresses.describe` in LayoutDebugSupport.
struct ImageFrame: Hashable {
    /// The image's file name (`layout-demo`, `libReferenceKit.so`, `UIKitCore`).
    var image: String
    /// The return address, from where the image was loaded.
    var offset: UInt64
    /// The nearest exported symbol, as `dladdr` gave it (mangled), when there was one.
    var symbol: String?
}

// MARK: - ImageMarker

/// Finds and reads the markers `OriginText.imageMarker` writes:
/// `made at <image frames layout-demo+0x1a2b($s…) libReferenceKit.so+0x88a0 0x7f00…>`,
/// frames innermost first; an address in no image is a bare `0x…`, kept as `nil`.
enum ImageMarker {
    /// Where a marker starts.
    static let start = "made at <image frames"

    /// The marker's frames and the index just past its `>`, for a marker whose body starts
    /// at `index` (just after `start`); `nil` when the text there is not a whole marker,
    /// which is then left as it is.
    static func frames(in text: [UInt8], from index: Int) -> (frames: [ImageFrame?], end: Int)? {
        var frames: [ImageFrame?] = []
        var at = index
        while at < text.count {
            switch text[at] {
            case UInt8(ascii: ">"):
                return frames.isEmpty ? nil : (frames, at + 1)
            case UInt8(ascii: " "):
                at += 1
            case UInt8(ascii: "\n"):
                return nil
            default:
                guard let (frame, next) = frame(in: text, from: at) else { return nil }
                frames.append(frame)
                at = next
            }
        }
        return nil
    }

    /// One frame starting at `index`: `0x…` (no image), or `image+0x…` and an optional
    /// `(symbol)`. An image name may hold spaces (`My App`), so it runs to the `+0x`.
    private static func frame(in text: [UInt8], from index: Int) -> (ImageFrame?, Int)? {
        if let (_, next) = hexNumber(in: text, from: index), next < text.count,
           text[next] == UInt8(ascii: " ") || text[next] == UInt8(ascii: ">") {
            return (nil, next)
        }
        var plus = index
        while plus + 2 < text.count, !(text[plus] == UInt8(ascii: "+") && text[plus + 1] == UInt8(ascii: "0")
                                        && text[plus + 2] == UInt8(ascii: "x")) {
            if text[plus] == UInt8(ascii: ">") || text[plus] == UInt8(ascii: "\n") { return nil }
            plus += 1
        }
        guard plus > index, let (offset, afterOffset) = hexNumber(in: text, from: plus + 1) else { return nil }
        var frame = ImageFrame(image: String(decoding: text[index..<plus], as: UTF8.self), offset: offset)
        var at = afterOffset
        if at < text.count, text[at] == UInt8(ascii: "(") {
            // Balanced, though mangled names hold no parentheses: a C symbol might.
            var depth = 0
            let open = at
            repeat {
                if text[at] == UInt8(ascii: "(") { depth += 1 }
                if text[at] == UInt8(ascii: ")") { depth -= 1 }
                if text[at] == UInt8(ascii: "\n") { return nil }
                at += 1
            } while depth > 0 && at < text.count
            guard depth == 0 else { return nil }
            frame.symbol = String(decoding: text[(open + 1)..<(at - 1)], as: UTF8.self)
        }
        return (frame, at)
    }

    /// `0x` and hex digits at `index`: the number and the index after it.
    private static func hexNumber(in text: [UInt8], from index: Int) -> (UInt64, Int)? {
        guard index + 2 < text.count, text[index] == UInt8(ascii: "0"), text[index + 1] == UInt8(ascii: "x") else { return nil }
        var value: UInt64 = 0
        var at = index + 2
        while at < text.count, let digit = hexDigit(text[at]), at - index - 2 < 16 {
            value = value << 4 | UInt64(digit)
            at += 1
        }
        return at > index + 2 ? (value, at) : nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

// MARK: - FrameworkImages

/// Images and modules whose frames are never the user's: the frameworks that make a
/// constraint on the user's behalf, their runtimes, and our own library. The lists are
/// `FrameworkImages+List.swift`, generated from the one list both languages use
/// (`FRAMEWORK_*` in lldb/layoutdebug/origin_text.py), so a live report and a symbolicated
/// backlog name the same frame.
enum FrameworkImages {
    /// Whether `image` is a framework's or runtime's (`libsystem_kernel.dylib`, `UIKitCore`).
    static func contains(image: String) -> Bool {
        let name = image.lowercased()
        if imageNames.contains(name) || imagePrefixes.contains(where: name.hasPrefix) { return true }
        // A family's prefix, then at least one character.
        return imageFamilies.contains { name.hasPrefix($0) && name.count > $0.count }
    }

    /// Whether `symbol` (mangled, or demangled in full as LLDB prints it) is in one of the
    /// modules an app links statically (where the image name cannot tell them apart; the
    /// monitor's own hook is the first frame of every marker), or names one of the
    /// frameworks' functions (`-[MASConstraintMaker install]`).
    static func contains(symbol: String) -> Bool {
        if let module = SwiftNames.module(ofMangled: symbol) { return modules.contains(module) }
        if modules.contains(where: { SwiftNames.unqualified(symbol).hasPrefix($0 + ".") }) { return true }
        return words(of: symbol).contains { word in functionWords.contains(where: word.hasPrefix) }
    }

    /// The runs of letters, digits and underscores of `text`: a name matches a word that
    /// starts one of them, as the Python side's `\bName` does.
    private static func words(of text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
