#if canImport(UIKit) || os(Linux) || (canImport(AppKit) && os(macOS))
import Foundation

// MARK: - LiveReports

/// Each C entry point's work, as Swift: validate and snapshot through the
/// adapter (`LiveSnapshots`), then render. The `@_cdecl` functions only
/// convert their arguments and forward here, so all of this is testable.
public enum LiveReports {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var skipped = DescentReport.defaultSkippedClasses

    /// The classes descent reports do not open; replaceable for the process
    /// (`lds_set_skipped_classes`, the in-app monitor). `LDS_ALL` ignores it.
    static var skippedClasses: Set<String> {
        get { lock.lock(); defer { lock.unlock() }; return skipped }
        set { lock.lock(); skipped = newValue; lock.unlock() }
    }

    /// `lds_version`: the version, and a warning when the library's own checks of the
    /// process fail (see `LiveObjectLookup.selfCheckProblem`).
    static func version() -> String {
        let version = "LayoutDebugSupport \(LayoutDebugSupportVersion.current)"
        guard let problem = LiveObjectLookup.selfCheckProblem else { return version }
        return version + "; warning: " + problem
    }

    /// `lds_report`: a view's descent report (one view with `.noDescend`), or a
    /// constraint's stringValue and items.
    public static func report(at address: UInt, options: ReportOptions) -> String {
        var out = TextWriter(capacity: 64 * 1024)
        writeReport(at: address, options: options, into: &out)
        return out.string
    }

    /// Writes `report(at:options:)` into `out`, as the C surface publishes
    /// it: a text descent report is a megabyte for a thousand views, and is
    /// never made into a `String` on its way to the debugger.
    static func writeReport(at address: UInt, options: ReportOptions, into out: inout TextWriter) {
        if !options.contains(.json), !options.contains(.noDescend) {
            // Written as the live tree is visited; no tree of snapshots is built.
            var writer = DescentReport.Writer(skipping: skippedClasses, all: options.contains(.all))
            let visited = LiveSnapshots.descend(at: address) { view, depth, hasChildren in
                writer.write(view, depth: depth, hasChildren: hasChildren, into: &out)
            }
            if case .success = visited { return }
        }
        if options.contains(.json), !options.contains(.noDescend) {
            // The same visit, writing the JSON entries into `out` and the text
            // aside; the text goes in front of the entries at the end.
            let start = out.count
            var document = DescentReport.JSONDocumentWriter(skipping: skippedClasses, all: options.contains(.all),
                                                            into: &out)
            let visited = LiveSnapshots.descend(at: address) { view, depth, hasChildren in
                document.write(view, depth: depth, hasChildren: hasChildren, into: &out)
            }
            if case .success = visited {
                document.finish(into: &out)
                return
            }
            out.truncate(toCount: start)  // the head, written before the lookup failed
        }
        switch LiveSnapshots.subject(at: address, descend: !options.contains(.noDescend)) {
        case .failure(let error): out.write(error.message)
        case .success(.view(let view)):
            let all = options.contains(.all) || options.contains(.noDescend)
            if options.contains(.json) {
                DescentReport.writeJSON(view, skipping: skippedClasses, all: all, into: &out)
            } else {
                DescentReport.write(view, skipping: skippedClasses, all: all, into: &out)
            }
        case .success(.constraint(let c, let items)):
            out.write(options.contains(.json) ? ConstraintReport.json(c, items: items) : ConstraintReport.text(c, items: items))
        }
    }

    /// `lds_constraints`: every constraint naming the view, on it and on its ancestors.
    static func constraints(at address: UInt, options: ReportOptions) -> String {
        switch LiveSnapshots.view(at: address) {
        case .failure(let error): return error.message
        case .success(let view):
            let includeSystem = !options.contains(.systemFilter)
            return options.contains(.json)
                ? ReferencingConstraintsReport.json(view, includeSystem: includeSystem)
                : ReferencingConstraintsReport.text(view, includeSystem: includeSystem)
        }
    }

    /// `lds_trace`: the autolayout trace from a view, or from the key window when `nil`.
    static func trace(at address: UInt?, options: ReportOptions) -> String {
        switch LiveSnapshots.traceRoot(at: address) {
        case .failure(let error): return error.message
        case .success(let root):
            return options.contains(.json) ? AutolayoutTrace.json(root) : AutolayoutTrace.text(root)
        }
    }

    /// `lds_lint`: the layout traps in a view's tree, or the key window's when `nil`
    /// (`LDS_STRESS` adds the stress pass); text ends with `N findings`.
    static func lint(at address: UInt?, options: ReportOptions) -> String {
        // Flattened as the live tree is visited: no tree of snapshots is built.
        var tree = LayoutTree(frameworkContainers: DescentReport.defaultSkippedClasses)
        let visited = LiveSnapshots.descend(fromTraceRootAt: address) { view, depth, _ in
            tree.append(view, depth: depth)
            return true
        }
        if case .failure(let error) = visited { return error.message }
        tree.finish()
        let findings = LayoutLint.findings(in: tree, stress: options.contains(.stress))
        return options.contains(.json) ? LintReport.json(findings) : LintReport.text(findings)
    }

    /// `lds_lint_ignore`: silences one rule for the view at `address` from now on.
    static func lintIgnore(_ rule: String, at address: UInt) -> String {
        guard LintRule(rawValue: rule) != nil else {
            return "error: no lint rule '\(rule)'; rules: " + LintRule.allCases.map(\.rawValue).joined(separator: ", ")
        }
        switch LiveSnapshots.view(at: address) {
        case .failure(let error): return error.message
        case .success(let view):
            LayoutLint.ignore(rule, forViewAt: UInt64(address))
            return "Ignoring \(rule) for \(view.reference.bracketed)"
        }
    }

    /// `lds_set_name`: sets or clears a nametag and says how the object is named now: a
    /// view as `<HeaderView:0x…>`, a constraint as its report line, which shows the name
    /// where UIKit shows an identifier.
    static func setName(_ name: String, at address: UInt) -> String {
        switch LiveSnapshots.setName(name, at: address) {
        case .failure(let error): return error.message
        case .success(.item(let reference)):
            return name.isEmpty ? "Cleared the name of \(reference.bracketed)" : "Named \(reference.bracketed)"
        case .success(.constraint(let constraint)):
            let line = ConstraintFormatter.line(constraint)
            return name.isEmpty ? "Cleared the name of the constraint: \(line)"
                : "Named the constraint: \(line)\nReports print '\(name)' where UIKit prints a constraint's identifier."
        }
    }

    /// `lds_conflict_report`: the report for a conflict breakpoint hit.
    static func conflictReport(constraintAt constraint: UInt, listAt list: UInt, options: ReportOptions) -> String {
        switch LiveSnapshots.conflict(constraintAt: constraint, listAt: list) {
        case .failure(let error): return error.message
        case .success(let conflict):
            let document = rememberConflictReport(conflict)
            return options.contains(.json) ? JSONText.document(.conflictReport, document) : document.text
        }
    }

    /// Makes a conflict's report (`ConflictReport`) and remembers it as the
    /// last one `lfix` acts on: what `lds_conflict_report` returns at a
    /// breakpoint, and what the storm recorder keeps for each conflict, so both
    /// print the same text and `lfix #N` and `lfix --suggestion N` refer to the
    /// numbers the user just read.
    ///
    /// - Returns: The report as a value, with the explainer's changes.
    static func rememberConflictReport(_ conflict: ConflictSnapshot) -> ConflictReportDocument {
        let report = ConflictReport(conflict)
        if let explanation = report.explanation {
            LastConflictReport.remember(ConflictHandles(conflict, explanation))
        }
        return report.document(withExplanation: true)
    }

    /// `lds_fix`: applies, reverses or lists `lfix` changes (see `FixRequest`
    /// for the command line) at the debugger's stop `stopID`, and reports the
    /// layout after it; each remaining conflict gets the explainer's reason.
    static func fix(_ command: String, stopID: UInt64, options: ReportOptions) -> String {
        let json = options.contains(.json)
        switch FixRequest.parse(command).flatMap({ LiveFixes.perform($0, stopID: stopID) }) {
        case .failure(let error):
            return error.message
        case .success(.listing(let steps)):
            return json ? FixReport.listJSON(steps) : FixReport.listText(steps)
        case .success(.resolved(let line)):
            return line
        case .success(.outcome(var outcome)):
            for index in outcome.conflicts.indices {
                outcome.conflicts[index].why = ConflictExplainer.explain(outcome.conflicts[index].conflict).reason
            }
            return json ? FixReport.json(outcome) : FixReport.text(outcome)
        }
    }

    /// `lds_picture`: a view's subtree at its frames, or with `list` the
    /// conflict at a breakpoint (constraint and list as `lds_conflict_report`
    /// takes them) at frames our solver computes, since the engine may not
    /// have laid it out yet. SVG, or an HTML page with `.html`.
    ///
    /// - Parameter number: The conflict's number as the debugger's console gives
    ///   it (`lbreak`'s `conflict #4`), for the title; 0 for the process's own
    ///   count. The console's count runs on across relaunches, the process's
    ///   starts again with each.
    static func picture(at address: UInt, listAt list: UInt, number: UInt32 = 0,
                               options: ReportOptions) -> String {
        let picture: LayoutPicture
        if list == 0 {
            switch LiveSnapshots.subject(at: address, descend: true) {
            case .failure(let error): return error.message
            case .success(.constraint): return LookupError.notAView(address).message
            case .success(.view(let view)): picture = PictureScenes.tree(view)
            }
        } else {
            switch LiveSnapshots.conflict(constraintAt: address, listAt: list) {
            case .failure(let error): return error.message
            case .success(var conflict):
                if number > 0 { conflict.ordinal = Int(number) }
                picture = PictureScenes.conflict(conflict, reason: ConflictExplainer.explain(conflict).reason,
                                                 framesNote: "at the conflict the engine has not laid the views out yet")
            }
        }
        return options.contains(.html) ? SVGPicture.html([picture], title: picture.title) : SVGPicture.svg(picture)
    }

    /// `lds_set_skipped_classes`: a comma-separated class list; empty restores Sadun's list.
    static func setSkippedClasses(_ list: String) -> String {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        skippedClasses = names.isEmpty ? DescentReport.defaultSkippedClasses : Set(names)
        return "Skipping subviews of: " + skippedClasses.sorted().joined(separator: ", ")
    }

    /// `lds_origins`: `on` starts recording where constraints are made, `off` stops and
    /// forgets; anything else (`status`) only reports. One line either way.
    static func origins(_ command: String) -> String {
        switch command {
        case "on":
            guard ConstraintOrigins.start() else { return "error: this platform offers no hook to record origins" }
        case "off":
            ConstraintOrigins.stop()
        default:
            break
        }
        return ConstraintOrigins.status
    }
}

/// The library's version, as `lds_version` reports it.
enum LayoutDebugSupportVersion {
    /// The version string.
    static let current = "0.1.0"
}
#endif
