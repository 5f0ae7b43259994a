// MARK: - FrameworkClassNames

/// What a class name in a conflict says about who made the item: UIKit's or
/// AppKit's private machinery, a system layout guide, or something the app
/// made or subclassed.
///
/// Works on names only, as logs and live snapshots both print them (live
/// snapshots drop `UIKit.`/`ReferenceKit.` and keep an app's module), so a
/// pasted log and a breakpoint agree.
enum FrameworkClassNames {
    /// How one item of a constraint counts towards the owner.
    enum Kind: Equatable {
        /// A class only the framework makes: the keyboard, a bar's private
        /// stack view, `_UILayoutGuide`.
        case frameworkInternal
        /// A guide the framework pins inside every view (margins, safe area):
        /// it belongs to whichever view holds it, so it decides nothing.
        case systemGuide
        /// A class of the app's own (a module-qualified Swift class, an
        /// Objective-C class without a framework prefix, a name from `names:`).
        case app
        /// A public framework class (`UIView`, `UILabel`, `UITableViewCell`):
        /// apps make these every day, so it cannot show the framework's hand.
        case publicFramework
        /// The log named no class (`'|'` without `names:`).
        case unknown
    }

    /// Private framework classes without a leading underscore, met in real
    /// keyboard conflicts: `UIInputSetHostView`, `UIInputSetContainerView` and
    /// `UIRemoteKeyboardWindow` (corpus `logs/023.txt`), `TUISystemInputAssistantView`
    /// (TextInputUI's assistant bar, IQKeyboardManager #1615), `UIKeyboard…`,
    /// `UIKB…` and the text effects window that hosts the keyboard; and the
    /// text editing overlay.
    static let privateNamePrefixes = keyboardNamePrefixes + ["UIEditingOverlay"]

    /// The keyboard's private classes among `privateNamePrefixes`, which a
    /// system conflict's place names "the keyboard" (`SystemContainer`).
    static let keyboardNamePrefixes = [
        "UIInputSet", "UIRemoteKeyboardWindow", "UIKeyboard", "UIKB", "TUI", "UITextEffectsWindow",
        "UIInputWindow", "UICompatibilityInputView", "SystemInputAssistantView",
    ]

    /// Private framework classes printed with a module or in a private
    /// context (`UIKit.ButtonWrapper`, `_TtC5UIKitP33_…13ButtonWrapper`), known
    /// by their last name: a bar button item's wrapper (ruddarr/app #182,
    /// RocketSimApp #974) and the keyboard's assistant bar (IQKeyboardManager #1592).
    static let privateLastNames = ["ButtonWrapper", "SystemInputAssistantView"]

    /// SwiftUI's own classes, demangled (`SwiftUI.PlatformViewHost<…>`) or not
    /// (`_TtGC7SwiftUI14_UIHostingView…`, `_TtC7SwiftUI…`), and its hosting
    /// views as reports name them (`_UIHostingView<…>`, `NSHostingView<…>`:
    /// `HostingViewNames`): the hosting view and what SwiftUI puts in it are
    /// SwiftUI's, not the app's.
    static let swiftUIPrefixes = ["SwiftUI.", "_TtGC7SwiftUI", "_TtC7SwiftUI", "_UIHostingView<", "NSHostingView<"]

    /// Prefixes of public framework class names (Objective-C has no modules).
    static let publicNamePrefixes = ["UI", "NS", "CA", "WK", "MK", "AV", "SK", "SCN", "PK"]

    /// Modules whose Swift classes are the framework's, not the app's.
    static let frameworkModules = ["UIKit.", "AppKit.", "ReferenceKit.", "__C."]

    /// The kind of a constraint's item.
    static func kind(of item: ObjectReference?) -> Kind {
        guard let item else { return .unknown }
        let name = item.className
        // A bare name from `names:` (an accessibility identifier) is the
        // app's: only the app names its views that way.
        if item.name == name, !name.isEmpty { return name == "superview" ? .unknown : .app }
        if name == "superview" || name.isEmpty { return .unknown }
        if name == "UILayoutGuide" || name == "NSLayoutGuide" {
            let label = item.title ?? item.name ?? ""
            return label.hasPrefix("UIView") || label.hasPrefix("NSView") ? .systemGuide : .app
        }
        // Names are compared byte by byte: the prefixes are ASCII, and a
        // summary asks for the kind of tens of thousands of items, which
        // `String`'s character-aware `hasPrefix` and `firstIndex`, and then
        // the generic `starts(with:)`, made a sixth of its cost.
        var contiguous = name
        let kind: Kind? = contiguous.withUTF8 { bytes in
            if starts(bytes, "_UI") || starts(bytes, "_NS") { return .frameworkInternal }
            if privateNamePrefixes.contains(where: { starts(bytes, $0) }) { return .frameworkInternal }
            if swiftUIPrefixes.contains(where: { starts(bytes, $0) }) { return .frameworkInternal }
            if privateLastNames.contains(where: { ends(bytes, $0) }) { return .frameworkInternal }
            if starts(bytes, "_Tt") { return .app }  // a mangled Swift class: the app's module is inside
            if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
                let module = bytes[...dot]
                return frameworkModules.contains(where: { $0.utf8.elementsEqual(module) }) ? .publicFramework : .app
            }
            if starts(bytes, "NSKVONotifying_") { return nil }
            guard let prefix = publicNamePrefixes.first(where: { starts(bytes, $0) }) else { return .app }
            // The letter after the prefix is upper case: `UIView` and `NSView` are the framework's,
            // `NSKVOBox` is too, but `Unit` or `Cart` are not.
            let next = prefix.utf8.count
            guard next < bytes.count else { return .app }
            if bytes[next] < 0x80 { return bytes[next] &- UInt8(ascii: "A") < 26 ? .publicFramework : .app }
            return name.dropFirst(prefix.count).first?.isUppercase == true ? .publicFramework : .app
        }
        return kind ?? Self.kind(of: ObjectReference(className: String(name.dropFirst(15))))
    }

    /// Whether `bytes` is `name`, or ends in `.name` or in a mangled `NNname`
    /// (a Swift class in a private context).
    private static func ends(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        let count = name.utf8.count
        guard bytes.count >= count, bytes.suffix(count).elementsEqual(name.utf8) else { return false }
        guard bytes.count > count else { return true }
        let before = bytes[bytes.count - count - 1]
        return before == UInt8(ascii: ".") || ByteClass.isDigit(before)
    }

    /// Whether `bytes` starts with `prefix`'s bytes.
    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: String) -> Bool {
        var index = 0
        for byte in prefix.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Whether a constraint's class is an app's or a library's (SnapKit,
    /// Masonry): such a constraint was written by the app even when it ties
    /// framework views.
    static func isAppConstraintClass(_ name: String) -> Bool {
        containsDot(name) || name.hasPrefix("MAS")
    }

    /// Whether `name` holds a `.`. An ASCII name is searched byte by byte:
    /// Foundation's `contains`, which a plain `contains(".")` resolves to
    /// here, goes through `NSString` and costs a summary of thousands of
    /// distinct conflicts more than its whole triage; other names keep it.
    private static func containsDot(_ name: String) -> Bool {
        let bytes = name.utf8
        if ASCIIBytes.isASCII(name) { return bytes.contains(UInt8(ascii: ".")) }
        return name.contains(".")
    }

    /// `<Class:0x…>`, with `'name'` when the item has a name of its own, else the
    /// property that holds it, else the title a log printed (`'Welcome back'`,
    /// `'UIViewSafeAreaLayoutGuide'`); the triage speaks only snapshots, so it does not
    /// borrow the renderers'.
    static func label(_ item: ObjectReference) -> String {
        var text = "<" + item.className
        if let address = item.address { text += ":0x" + String(address, radix: 16) }
        if let name = item.name, name != item.className {
            text += " '" + name + "'"
        } else if let property = item.shownProperty {
            text += " " + property
        } else if let title = item.title {
            // A label's text or a guide's identifier, as the log printed it.
            text += " '" + title + "'"
        }
        return text + ">"
    }
}

// MARK: - Where to look

extension ConstraintSnapshot {
    /// The line a report prints under the constraint to say where it comes
    /// from: `made at …` when that is known, else the name the code gave it
    /// to search for; `nil` for a constraint between the framework's own
    /// views (the keyboard's `'assistantView.bottom'`), whose name is in no
    /// code of the app's.
    var sourceText: String? {
        if let madeAt = madeAtText { return madeAt }
        let items = [firstItem, secondItem].compactMap { $0 }
        if !items.isEmpty, items.allSatisfy({ FrameworkClassNames.kind(of: $0) == .frameworkInternal }) { return nil }
        return nameInCodeText
    }
}
