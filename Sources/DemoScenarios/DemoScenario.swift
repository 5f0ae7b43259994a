import Foundation
import ReferenceKit

// MARK: - DemoScenario

/// One hierarchy `layout-demo` can build, with the one-line summary `--list` prints.
public struct DemoScenario: Sendable {
    /// The name on the command line (`cell-width-conflict`).
    public let name: String
    /// What the scenario reproduces, in one line.
    public let summary: String
    /// Whether the scenario takes a count (`many-views N`).
    public let takesCount: Bool
    /// The count used when none is given.
    public let defaultCount: Int
    /// Builds the scenario's views and constraints inside the root view.
    let build: @MainActor @Sendable (_ root: UIView, _ count: Int) -> Void
    /// For a scenario that runs in the main run loop (`layout-demo` starts it with
    /// `UIApplicationMain`), its turns; `nil` for one built and laid out at once.
    let runLoop: RunLoopScript?

    init(name: String, summary: String, takesCount: Bool, defaultCount: Int,
         build: @escaping @MainActor @Sendable (_ root: UIView, _ count: Int) -> Void) {
        self.name = name
        self.summary = summary
        self.takesCount = takesCount
        self.defaultCount = defaultCount
        self.build = build
        self.runLoop = nil
    }

    init(name: String, summary: String, takesCount: Bool, defaultCount: Int, runLoop: RunLoopScript) {
        self.name = name
        self.summary = summary
        self.takesCount = takesCount
        self.defaultCount = defaultCount
        self.build = { _, _ in }
        self.runLoop = runLoop
    }

    /// Whether the scenario runs in the main run loop, its layouts being the deferred
    /// passes at the end of its turns.
    public var runsInRunLoop: Bool { runLoop != nil }

    /// Builds the scenario in a fresh 375×667 window whose root view
    /// controller's view is `root`, then runs a layout pass; a run-loop scenario runs
    /// each of its turns in a turn of the main run loop instead, whose end lays it out.
    ///
    /// - Parameter count: the scenario's N; ignored by scenarios without one.
    /// - Returns: the key window, laid out.
    @MainActor
    public func makeWindow(count: Int? = nil) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        if let runLoop {
            runLoop.runTurns(in: window, count: count ?? defaultCount)
            return window
        }
        build(window.rootViewController!.view, count ?? defaultCount)
        window.layoutIfNeeded()
        return window
    }
}

// MARK: - Catalog

/// Every scenario, in `--list` order.
public enum DemoCatalog {
    /// The scenarios. Each `build` is a closure, not a reference to the static
    /// function: a main-actor function used as a `Sendable` value draws a warning
    /// against Apple's SDK (`scripts/apple-sdk-check.sh`).
    public static let scenarios: [DemoScenario] = [
        DemoScenario(name: "cell-width-conflict",
                     summary: "a view pinned to leading and trailing with width 768, inside a cell whose encapsulated width is 50",
                     takesCount: false, defaultCount: 0, build: { ConflictScenarios.cellWidth(root: $0, count: $1) }),
        DemoScenario(name: "autoresizing-conflict",
                     summary: "a label centred with constraints while translatesAutoresizingMaskIntoConstraints is still on (two conflicts)",
                     takesCount: false, defaultCount: 0, build: { ConflictScenarios.autoresizing(root: $0, count: $1) }),
        DemoScenario(name: "duplicate-leading", summary: "H:|-50-[label] and H:|-80-[label]",
                     takesCount: false, defaultCount: 0, build: { ConflictScenarios.duplicateLeading(root: $0, count: $1) }),
        DemoScenario(name: "hugging", summary: "an image view whose 100x100 @500 size loses to 750 hugging",
                     takesCount: false, defaultCount: 0, build: { LayoutScenarios.hugging(root: $0, count: $1) }),
        DemoScenario(name: "ambiguous", summary: "a child with no vertical position",
                     takesCount: false, defaultCount: 0, build: { LayoutScenarios.ambiguous(root: $0, count: $1) }),
        DemoScenario(name: "stack-conflict", summary: "a stack view squeezed in a narrow cell",
                     takesCount: false, defaultCount: 0, build: { ConflictScenarios.stack(root: $0, count: $1) }),
        DemoScenario(name: "margins", summary: "leading vs leadingMargin: a card pinned to both",
                     takesCount: false, defaultCount: 0, build: { ConflictScenarios.margins(root: $0, count: $1) }),
        DemoScenario(name: "rtl", summary: "a right-to-left layout: H:|-20-[one]-8-[two] runs from the right edge",
                     takesCount: false, defaultCount: 0, build: { LayoutScenarios.rightToLeft(root: $0, count: $1) }),
        DemoScenario(name: "many-views", summary: "a deep and wide tree of N views (four children each), no conflict",
                     takesCount: true, defaultCount: 100, build: { LayoutScenarios.manyViews(root: $0, count: $1) }),
        DemoScenario(name: "conflict-storm", summary: "N conflicts of three kinds (duplicate width, duplicate leading, autoresizing) in a loop",
                     takesCount: true, defaultCount: 10, build: { ConflictStorm.build(root: $0, count: $1) }),
        DemoScenario(name: "keyboard-conflict",
                     summary: "the keyboard's assistant bar against its own keyboard, UIKit-internal views only",
                     takesCount: false, defaultCount: 0, build: { OwnerScenarios.keyboard(root: $0, count: $1) }),
        DemoScenario(name: "toolbar-conflict",
                     summary: "UIKit's toolbar views alone (a button bar squeezed to width <= 0), in the app's SettingsPanel of SettingsViewController",
                     takesCount: false, defaultCount: 0, build: { PlaceScenarios.toolbar(root: $0, count: $1) }),
        DemoScenario(name: "cell-reuse-conflict",
                     summary: "a reused cell with encapsulated height 0 under a label V:|-8-[label(20)]-8-|",
                     takesCount: false, defaultCount: 0, build: { OwnerScenarios.cellReuse(root: $0, count: $1) }),
        DemoScenario(name: "property-names",
                     summary: "a profile screen whose views are held by a controller's and a card's properties; the title's width breaks",
                     takesCount: false, defaultCount: 0, build: { PropertyNameScenarios.profile(root: $0, count: $1) }),
        DemoScenario(name: "profile-feed", summary: "about N views as a feed of N/5 cards held in a controller's array, no conflict",
                     takesCount: true, defaultCount: 100, build: { PropertyNameScenarios.feed(root: $0, count: $1) }),
        DemoScenario(name: "background-conflict",
                     summary: "a width conflict (100 against 120) raised on a background thread while the main thread waits",
                     takesCount: false, defaultCount: 0, build: { ThreadScenarios.backgroundConflict(root: $0, count: $1) }),
        DemoScenario(name: "owner-storm",
                     summary: "N conflicts cycling the owners: yours (duplicate width), system (keyboard), transient (reused cell)",
                     takesCount: true, defaultCount: 3, build: { OwnerScenarios.storm(root: $0, count: $1) }),
    ] + TrapScenarios.scenarios + RunLoopScenarios.scenarios + HostingScenarios.scenarios

    /// The layout loops, listed after `scenarios` but kept out of them: each ends the process
    /// in the exception UIKit or AppKit raises (or spins), so it runs alone, never built beside
    /// the others.
    public static let loops: [DemoScenario] = LoopScenarios.scenarios

    /// The scenario called `name`, if there is one.
    public static func scenario(named name: String) -> DemoScenario? {
        (scenarios + loops).first { $0.name == name }
    }

    /// The `--list` text: one line per scenario, `name [N]  summary`.
    public static var listing: String {
        (scenarios + loops).map { scenario in
            let usage = scenario.name + (scenario.takesCount ? " N" : "")
            // A name too long for the column (`trap-redundant-constraint-fixed`) keeps
            // two spaces before its summary: padding would cut it.
            let column = usage.count < 24 ? usage.padding(toLength: 24, withPad: " ", startingAt: 0) : usage + "  "
            return column + scenario.summary
        }.joined(separator: "\n") + "\n"
    }
}
