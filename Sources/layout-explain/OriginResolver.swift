import Foundation

// MARK: - OriginResolver

/// Turns each marker's frames into the `made at` line that replaces it: the first frame
/// in the user's own code, found and resolved with the binaries of its image.
struct OriginResolver {
    private struct FrameKey: Hashable {
        var image: String
        var offset: UInt64
    }

    /// Why an image's frames cannot be resolved although its file was found.
    private enum ImageProblem {
        case notABinary(path: String)
        case symbolizerFailed(path: String)
    }

    /// Where one marker's constraint was made, before names are demangled.
    private enum Origin {
        case located(file: String, line: Int, function: String)
        case noDebugInfo(image: String, function: String)
        case noBinary(image: String, symbol: String?)
        case unresolved(ImageProblem, symbol: String?)
        case onlyFrameworks
    }

    private var locations: [FrameKey: SourceLocation] = [:]
    private var problems: [String: ImageProblem] = [:]

    /// The line for each distinct frame list of `frameLists`.
    mutating func lines(for frameLists: [[ImageFrame?]], binaries: inout BinaryLocator,
                        symbolizer: Symbolizer) -> [[ImageFrame?]: String] {
        let distinct = Array(Set(frameLists))
        resolve(distinct, binaries: &binaries, symbolizer: symbolizer)
        let origins = distinct.map { origin(of: $0, binaries: &binaries) }
        let names = shortNames(origins)
        var lines: [[ImageFrame?]: String] = [:]
        for (frames, origin) in zip(distinct, origins) {
            lines[frames] = text(origin, names: names, directory: binaries.root, tool: symbolizer.name)
        }
        return lines
    }

    /// Frames that may be the user's: in an image that is not a framework's, and not known
    /// by their exported symbol to be in a framework's module.
    private func candidates(_ frames: [ImageFrame?]) -> [ImageFrame] {
        frames.compactMap { $0 }.filter { frame in
            !FrameworkImages.contains(image: frame.image) && !(frame.symbol.map(FrameworkImages.contains(symbol:)) ?? false)
        }
    }

    /// Symbolizes every candidate frame, one run of the tool per image.
    private mutating func resolve(_ frameLists: [[ImageFrame?]], binaries: inout BinaryLocator, symbolizer: Symbolizer) {
        var offsets: [String: Set<UInt64>] = [:]
        for frames in frameLists {
            for frame in candidates(frames) where locations[FrameKey(image: frame.image, offset: frame.offset)] == nil {
                offsets[frame.image, default: []].insert(frame.offset)
            }
        }
        for (image, imageOffsets) in offsets.sorted(by: { $0.key < $1.key }) {
            guard let path = binaries.binary(for: image), problems[image] == nil else { continue }
            guard let base = ImageBase.address(ofBinaryAt: path) else {
                problems[image] = .notABinary(path: path)
                continue
            }
            let sorted = imageOffsets.sorted()
            // A return address follows its call: the byte before it is in the call's line.
            guard let found = symbolizer.locate(sorted.map { base + $0 - ($0 > 0 ? 1 : 0) }, in: path) else {
                problems[image] = .symbolizerFailed(path: path)
                continue
            }
            for (offset, location) in zip(sorted, found) { locations[FrameKey(image: image, offset: offset)] = location }
        }
    }

    /// The first frame in the user's code, or why none can be named.
    private func origin(of frames: [ImageFrame?], binaries: inout BinaryLocator) -> Origin {
        for frame in candidates(frames) {
            guard binaries.binary(for: frame.image) != nil else { return .noBinary(image: frame.image, symbol: frame.symbol) }
            if let problem = problems[frame.image] { return .unresolved(problem, symbol: frame.symbol) }
            let location = locations[FrameKey(image: frame.image, offset: frame.offset)] ?? SourceLocation()
            let function = location.function ?? frame.symbol
            // Our library (or ReferenceKit) linked into the app's own image.
            if let function, FrameworkImages.contains(symbol: function) { continue }
            let name = function ?? frame.image + "+0x" + String(frame.offset, radix: 16)
            if let file = location.file, location.line > 0 {
                return .located(file: URL(fileURLWithPath: file).lastPathComponent, line: location.line, function: name)
            }
            return .noDebugInfo(image: frame.image, function: name)
        }
        return .onlyFrameworks
    }

    /// Each function or symbol name the origins print, demangled in one run and shortened.
    private func shortNames(_ origins: [Origin]) -> [String: String] {
        var names: Set<String> = []
        for origin in origins {
            switch origin {
            case .located(_, _, let function), .noDebugInfo(_, let function): names.insert(function)
            case .noBinary(_, let symbol?), .unresolved(_, let symbol?): names.insert(symbol)
            default: break
            }
        }
        let mangled = names.sorted()
        let demangled = SwiftNames.demangled(mangled)
        return Dictionary(uniqueKeysWithValues: zip(mangled, demangled.map(SwiftNames.short)))
    }

    private func text(_ origin: Origin, names: [String: String], directory: String, tool: String) -> String {
        func inFunction(_ name: String?) -> String { name.map { " in " + (names[$0] ?? $0) } ?? "" }
        switch origin {
        case .located(let file, let line, let function):
            return "made at \(file):\(line)" + inFunction(function)
        case .noDebugInfo(let image, let function):
            return "made at ? (no debug info for \(image))" + inFunction(function)
        case .noBinary(let image, let symbol):
            return "made at ? (no binary for \(image) in \(directory))" + inFunction(symbol)
        case .unresolved(.notABinary(let path), let symbol):
            return "made at ? (\(path) is not an ELF or Mach-O binary)" + inFunction(symbol)
        case .unresolved(.symbolizerFailed(let path), let symbol):
            return "made at ? (\(tool) could not read \(path))" + inFunction(symbol)
        case .onlyFrameworks:
            return "made at ? (only framework frames were recorded)"
        }
    }
}
