import Foundation

// MARK: - SourcePaths

/// Turns the paths a log gives into the ones an annotation needs, relative to the repository's
/// root: XCTest prints absolute paths (`#filePath`), SnapKit a file's name alone, and a test
/// case only its class and method.
final class SourcePaths {
    /// The repository's root, absolute, without a trailing `/`.
    let root: String
    /// The root's Swift files by file name, made the first time a bare name is looked up.
    private var filesByName: [String: [String]]?

    /// Paths under `root` (`--sources DIR`, else `$GITHUB_WORKSPACE`, else the current folder).
    init(root: String) {
        var root = root
        if !root.hasPrefix("/") { root = FileManager.default.currentDirectoryPath + "/" + root }
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    /// `path` relative to the root: an absolute path under it loses the root; a bare file name
    /// becomes the one file of that name under the root; `nil` when neither is found.
    func relative(_ path: String) -> String? {
        if path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        if path.hasPrefix("/") { return nil }
        if path.contains("/"), FileManager.default.fileExists(atPath: root + "/" + path) { return path }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let found = files(named: name), found.count == 1 else { return nil }
        return found[0]
    }

    /// Where `test`'s function is declared: `func NAME(` in the file named after its class
    /// (`TitleTests.swift` for `DemoAppTests.TitleTests`), as Xcode's templates name them.
    func declaration(of test: TestCaseName) -> CodeLocation? {
        guard let suite = test.suite?.split(separator: ".").last,
              let files = files(named: suite + ".swift"), files.count == 1,
              let text = try? String(contentsOfFile: root + "/" + files[0], encoding: .utf8) else { return nil }
        let function = test.name.hasSuffix("()") ? String(test.name.dropLast(2)) : test.name
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains("func " + function + "(") {
            return CodeLocation(path: files[0], line: index + 1)
        }
        return nil
    }

    /// The root's files called `name`, relative to it.
    private func files(named name: String) -> [String]? {
        if filesByName == nil { filesByName = index() }
        return filesByName?[name]
    }

    /// Every Swift file under the root, by name; build products and hidden folders left out.
    private func index() -> [String: [String]] {
        var found: [String: [String]] = [:]
        let skipped: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return found }
        while let path = walker.nextObject() as? String {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name.hasPrefix(".") || skipped.contains(name) {
                if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { walker.skipDescendants() }
                continue
            }
            if name.hasSuffix(".swift") || name.hasSuffix(".m") { found[name, default: []].append(path) }
        }
        return found
    }
}
