// MARK: - HostingViewNames

/// SwiftUI's hosting views, known by their class names as logs and the
/// runtime print them, and named short.
///
/// A `UIHostingController`'s view is a `SwiftUI._UIHostingView<Content>`
/// and AppKit's is a `SwiftUI.NSHostingView<Content>`; both are generic, so
/// the Objective-C runtime, and with it every conflict log, names them
/// mangled: `_TtGC7SwiftUI14_UIHostingViewV4Feed8CardView_`,
/// `_TtGC7SwiftUI13NSHostingViewVS_7AnyView_`, and under key-value observing
/// `NSKVONotifying__TtGC7SwiftUI13NSHostingView…` (forms seen in public
/// issues: `Tests/Fixtures/hosting/README.md` lists them). Reports call them `_UIHostingView<Feed.CardView>`
/// and `NSHostingView<AnyView>`: the `SwiftUI.` of the hosting class and of
/// SwiftUI's own wrappers inside it (`ModifiedContent<AnyView, RootModifier>`)
/// says nothing the class name does not, while the content's module stays
/// unless it is the app's (`AppModuleNames`).
enum HostingViewNames {
    /// Which framework's hosting view a class is.
    enum Kind: String, Sendable {
        /// `_UIHostingView`, the view of a `UIHostingController`.
        case uiKit
        /// `NSHostingView`, an `NSHostingController`'s view or one the app made.
        case appKit
    }

    /// The hosting classes' short names, each followed by its generic argument.
    private static let shortPrefixes: [(String, Kind)] = [("_UIHostingView<", .uiKit), ("NSHostingView<", .appKit)]

    /// The hosting view kind of a class name, short or not (`_UIHostingView<…>`,
    /// `SwiftUI.NSHostingView<…>`, mangled); `nil` for any other class.
    static func kind(of className: String) -> Kind? {
        if let found = shortPrefixes.first(where: { className.hasPrefix($0.0) }) { return found.1 }
        let name = readable(className)
        return shortPrefixes.first { name.hasPrefix($0.0) }?.1
    }

    /// Whether a class name is a hosting view's short name, as snapshots
    /// hold it: the triage asks for every item of thousands of conflicts.
    static func isShortHostingName(_ className: String) -> Bool {
        className.hasPrefix("_UIHostingView<") || className.hasPrefix("NSHostingView<")
    }

    /// Whether a class name is a hosting controller's, as reports name it
    /// (`UIHostingController<CardView>`, `NSHostingController<…>`).
    static func isHostingController(_ className: String) -> Bool {
        className.hasPrefix("UIHostingController<") || className.hasPrefix("NSHostingController<")
    }

    /// Whether a class name is a hosting view's.
    static func isHostingView(_ className: String) -> Bool { kind(of: className) != nil }

    /// `name` as reports print it: a hosting view's class short, any other
    /// class unchanged. Mangled and key-value-observing forms are read first.
    ///
    /// - Complexity: O(n) in the length of the name.
    static func readable(_ name: String) -> String {
        var name = name
        if name.hasPrefix("NSKVONotifying_") {
            // KVO's subclass prints in the heap and in logs; the hosting view is what it observes.
            let observed = String(name.dropFirst("NSKVONotifying_".count))
            guard observed.contains("HostingView") else { return name }
            name = observed
        }
        if name.hasPrefix("_TtGC7SwiftUI"), let demangled = MangledClassName.demangle(name) { name = demangled }
        guard name.hasPrefix("SwiftUI.") || isShortHostingName(name) || isHostingController(name) else {
            return name
        }
        let short = droppingSwiftUIModule(name)
        return shortPrefixes.contains { short.hasPrefix($0.0) } || isHostingController(short) ? short : name
    }

    /// The generic argument of a hosting view's short name: `Feed.CardView`
    /// for `_UIHostingView<Feed.CardView>`; `nil` for other classes.
    static func content(of className: String) -> String? {
        let name = readable(className)
        guard let prefix = shortPrefixes.first(where: { name.hasPrefix($0.0) })?.0, name.hasSuffix(">") else { return nil }
        return String(name.dropFirst(prefix.count).dropLast())
    }

    /// `name` without `SwiftUI.` wherever a type of SwiftUI's is named in it.
    private static func droppingSwiftUIModule(_ name: String) -> String {
        AppModuleNames.shortened(name, modules: ["SwiftUI"], keepingLookalikes: false)
    }
}
