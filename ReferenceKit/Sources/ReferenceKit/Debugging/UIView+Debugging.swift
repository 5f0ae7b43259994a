import Cassowary
import Foundation

// MARK: - UIConstraintBasedLayoutDebugging

extension UIView {
    /// Whether the engine could place the view somewhere else at no cost:
    /// some of its `minX`, `minY`, `Width`, `Height` can take another value.
    /// `false` for a view no engine lays out.
    public var hasAmbiguousLayout: Bool {
        // Asked of every view of a tree by the debugger, so it stops at the first ambiguous
        // variable and builds none of the named lists `ambiguousVariables` does.
        // The host test comes last: it is only needed once an origin variable is ambiguous.
        guard let engine = enrolledEngine else { return false }
        engine.willQuery(.hasAmbiguousLayout)
        let solver = engine.solver
        if solver.isAmbiguous(layoutVariables.width) || solver.isAmbiguous(layoutVariables.height) { return true }
        return (solver.isAmbiguous(layoutVariables.minX) || solver.isAmbiguous(layoutVariables.minY))
            && engine.host !== self
    }

    /// The view's ambiguous engine variables with their trace names and ids
    /// (the host's origin is fixed, so it never counts).
    var ambiguousVariables: [(name: String, id: Int, variable: Variable)] {
        guard let engine = enrolledEngine else { return [] }
        return Self.ambiguous(layoutVariables, in: engine, skipOrigin: engine.host === self)
    }

    static func ambiguous(_ variables: LayoutVariables, in engine: LayoutEngine, skipOrigin: Bool) -> [(name: String, id: Int, variable: Variable)] {
        variables.named.enumerated().filter { index, named in
            !(skipOrigin && index < 2) && engine.solver.isAmbiguous(named.variable)
        }.map(\.element)
    }

    /// Moves each ambiguous variable of the view to another solution of equal
    /// cost and lays out again, as UIKit does to show what is undetermined.
    ///
    /// Each ambiguous variable is pinned 37 points from its value by the
    /// weakest constraint (priority 1), which nothing else opposes; a bounded
    /// variable stops at its bound. The pin stays until the next exercise.
    public func exerciseAmbiguityInLayout() {
        guard let engine = enrolledEngine else { return }
        engine.willQuery(.exerciseAmbiguityInLayout)
        for named in ambiguousVariables {
            engine.pin(named.variable, to: engine.solver.value(of: named.variable) + 37)
        }
        engine.assignFrames()
    }

    /// The constraints in the engine that bear on the view's position or size
    /// along `axis`: those relating one of its attributes on that axis
    /// (margin attributes included).
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        guard let engine = enrolledEngine else { return [] }
        engine.willQuery(.constraintsAffectingLayout)
        return engine.engineConstraints.filter {
            ($0.firstLayoutItem === self && $0.firstAttribute.axis == axis)
                || ($0.secondLayoutItem === self && $0.secondAttribute.axis == axis)
        }
    }

    // MARK: - Trace

    /// UIKit's private `_autolayoutTrace`, in its modern form: the whole
    /// hierarchy from the window (or root), `|   ` per level, `•` for an
    /// engine host, `*` for a view laid out by constraints, `+` for one whose
    /// autoresizing mask is translated, layout guides before subviews, an
    /// `- AMBIGUOUS LAYOUT for …minX{id: 34}` suffix on ambiguous items, and the legend.
    public func _autolayoutTrace() -> String {
        var root: UIView = self
        while let parent = root.superview { root = parent }
        var asked = Set<ObjectIdentifier>()
        for view in root.subtreeViews() {
            guard let engine = view.enrolledEngine, asked.insert(ObjectIdentifier(engine)).inserted else { continue }
            engine.willQuery(.autolayoutTrace)
        }
        var lines: [String] = []
        appendTrace(of: root, depth: 0, to: &lines)
        lines += ["", "Legend:",
                  "\t* - is laid out with auto layout",
                  "\t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES",
                  "\t• - layout engine host"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func appendTrace(of view: UIView, depth: Int, to lines: inout [String]) {
        let indent = String(repeating: "|   ", count: depth)
        var marker = ""
        if let engine = view.enrolledEngine {
            marker = engine.host === view ? "•" : (view.translatesAutoresizingMaskIntoConstraints ? "+" : "*")
        }
        lines.append(indent + marker + view.classAndAddress + Self.ambiguitySuffix(view, view.ambiguousVariables))
        for guide in view.layoutGuides {
            let guideMarker = view.enrolledEngine == nil ? "" : "*"
            let ambiguous = view.enrolledEngine.map { Self.ambiguous(guide.layoutVariables, in: $0, skipOrigin: false) } ?? []
            lines.append(indent + "|   " + guideMarker + guide.description + Self.ambiguitySuffix(guide, ambiguous))
        }
        for subview in view.subviews { subview.appendTrace(of: subview, depth: depth + 1, to: &lines) }
    }

    private static func ambiguitySuffix(_ item: LayoutItem, _ variables: [(name: String, id: Int, variable: Variable)]) -> String {
        guard !variables.isEmpty else { return "" }
        let names = variables.map { "\(item.classAndAddress).\($0.name){id: \($0.id)}" }
        return "- AMBIGUOUS LAYOUT for " + names.joined(separator: ", ")
    }
}
