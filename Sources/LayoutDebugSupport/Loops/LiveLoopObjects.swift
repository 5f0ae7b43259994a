#if canImport(UIKit)
import UIKit
private typealias LoopView = UIView
#elseif canImport(AppKit) && os(macOS)
import AppKit
private typealias LoopView = NSView
#elseif os(Linux)
import ReferenceKit
private typealias LoopView = UIView
#endif
#if canImport(UIKit) || (canImport(AppKit) && os(macOS)) || os(Linux)

// MARK: - LiveLoopObjects

/// The live objects a loop report names, read at the stop from the addresses the recorder
/// kept; an address is looked up (`LiveObjectLookup`) before it is used, so a freed view is
/// said to be gone, never read.
enum LiveLoopObjects {
    /// An object's name in the report: its class and address, and a label's text.
    static func name(_ address: UInt) -> String {
        let hex = "0x" + String(address, radix: 16)
        guard let object = StoppedProcessAccess.run({ LiveObjectLookup.object(at: address) }) else {
            return "\(hex) (freed)"
        }
        var name = "\(String(describing: type(of: object))) \(hex)"
        #if canImport(UIKit) || os(Linux)
        if let text = (object as? UILabel)?.text, !text.isEmpty { name += " \"\(text)\"" }
        #endif
        return name
    }

    /// `Window: <UIWindow: 0x…> at (0, 0), 375 × 707`: the window of the view at `address`.
    static func line(near address: UInt) -> String {
        guard let view = StoppedProcessAccess.run({ LiveObjectLookup.object(at: address) }) as? LoopView else {
            return "Window: unknown: the view that asked last (0x\(String(address, radix: 16))) is freed"
        }
        guard let (window, frame) = window(of: view) else {
            return "Window: none: \(name(address)) is in no window"
        }
        let hex = "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(window).toOpaque()), radix: 16)
        return "Window: <\(String(describing: type(of: window))): \(hex)> at (\(LoopChain.number(frame.origin.x)), "
            + "\(LoopChain.number(frame.origin.y))), \(LoopChain.number(frame.width)) × \(LoopChain.number(frame.height))"
    }

    /// How many views the window of the view at `address` holds, the window's own included
    /// where the window is a view (UIKit), or its frame view (AppKit); `nil` when unknown.
    static func viewCount(near address: UInt) -> Int? {
        guard let view = StoppedProcessAccess.run({ LiveObjectLookup.object(at: address) }) as? LoopView,
              let root = rootView(of: view) else { return nil }
        return count(root)
    }

    private static func count(_ view: LoopView) -> Int {
        view.subviews.reduce(1) { $0 + count($1) }
    }

    #if canImport(UIKit) || os(Linux)
    private static func window(of view: UIView) -> (AnyObject, CGRect)? {
        guard let window = (view as? UIWindow) ?? view.window else { return nil }
        return (window, window.frame)
    }

    private static func rootView(of view: UIView) -> UIView? {
        (view as? UIWindow) ?? view.window
    }
    #else
    private static func window(of view: NSView) -> (AnyObject, CGRect)? {
        guard let window = view.window else { return nil }
        return (window, window.frame)
    }

    private static func rootView(of view: NSView) -> NSView? {
        view.window?.contentView?.superview ?? view.window?.contentView
    }
    #endif
}
#endif
