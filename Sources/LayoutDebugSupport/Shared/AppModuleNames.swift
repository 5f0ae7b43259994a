// MARK: - AppModuleNames

/// Drops the app's own module from Swift class names, so reports say
/// `HeaderView` where the runtime says `App.HeaderView`: the module adds
/// nothing when it is the app's, and every view of the app would carry it.
///
/// The live adapter and the log parser both use it, so a breakpoint and a
/// pasted log name a class the same way.
enum AppModuleNames {
    /// `name` without `Module.` wherever a type of one of `modules` is named in
    /// it (the class itself and its generic arguments), except where the
    /// short name would read as a framework's (`App.UIView` stays, lest it
    /// pass for UIKit's `UIView`) or `isTaken` says another module has a
    /// class of that name.
    ///
    /// - Parameters:
    ///   - name: A class name as the runtime prints it, demangled.
    ///   - modules: The app's own modules; empty keeps every name.
    ///   - isTaken: Whether a class of the short name exists elsewhere (the
    ///     live adapter asks the runtime; a log cannot say).
    ///   - keepingLookalikes: Whether a short name that reads as a framework's
    ///     keeps its module; `false` where the module is a framework's itself
    ///     (`SwiftUI._UIHostingView`, `HostingViewNames`).
    /// - Returns: The readable name.
    static func shortened(_ name: String, modules: Set<String>, keepingLookalikes: Bool = true,
                                 isTaken: (String) -> Bool = { _ in false }) -> String {
        guard !modules.isEmpty, name.contains(".") else { return name }
        var out = ""
        var rest = Substring(name)
        var atTypeStart = true
        while let first = rest.first {
            if atTypeStart, let dot = rest.firstIndex(of: "."), modules.contains(String(rest[..<dot])) {
                let after = rest[rest.index(after: dot)...]
                let short = after.prefix { $0 != "<" && $0 != ">" && $0 != "," && $0 != " " && $0 != "?" && $0 != "]" }
                if !short.isEmpty, !(keepingLookalikes && looksLikeFramework(short)), !isTaken(String(short)) {
                    rest = after
                    atTypeStart = false
                    continue
                }
            }
            out.append(first)
            rest = rest.dropFirst()
            // A type name starts the text and follows `<`, `[`, `(` and `, `.
            atTypeStart = first == "<" || first == "[" || first == "(" || first == " "
        }
        return out
    }

    /// Whether a short name reads as UIKit's or AppKit's (`UIView`, `NSView`, `_UIBarView`).
    static func looksLikeFramework(_ name: Substring) -> Bool {
        for prefix in ["UI", "NS", "_UI", "_NS"] where name.hasPrefix(prefix) {
            if let next = name.dropFirst(prefix.count).first, next.isUppercase { return true }
        }
        return false
    }

    /// The module name Swift gives a product called `name`: characters that
    /// cannot be in an identifier become `_`, and a leading digit gets one
    /// (`layout-demo` is `layout_demo`, `My App` is `My_App`).
    static func moduleName(forProduct name: String) -> String {
        var out = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = out.first, first.isNumber { out = "_" + out }
        return out
    }
}
