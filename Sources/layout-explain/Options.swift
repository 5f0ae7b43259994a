// MARK: - Options

/// The command line of `layout-explain`.
struct Options {
    /// One report per conflict (default), or one line per distinct signature.
    var summary = false
    /// JSON instead of text.
    var json = false
    /// Files to read; `-` is standard input. Empty means standard input.
    var paths: [String] = []
    /// `--symbolicate DIR`: the binaries (or dSYMs) to resolve the monitor's
    /// `made at <image frames …>` markers with; nil when conflicts are explained.
    var symbolicate: String?
    /// `--html FILE`: also draw every conflict, one picture each, into one HTML page.
    var html: String?
    /// `--app-module NAME` (repeatable): the app's own modules, dropped from class names.
    var appModules: Set<String> = []
    /// `--ci`: a test run's conflicts against a baseline (`ContinuousIntegration`).
    var ci = false
    /// `--baseline FILE`: the conflicts already known.
    var baseline: String?
    /// `--write-baseline FILE`: the run's conflicts, as a baseline.
    var writeBaseline: String?
    /// `--junit FILE`: one JUnit test case per signature.
    var junit: String?
    /// `--github`: GitHub Actions annotations on standard output.
    var github = false
    /// `--markdown FILE`: a Markdown summary, appended (`$GITHUB_STEP_SUMMARY`).
    var markdown: String?
    /// `--fail-on-gone`: a baseline entry no longer seen fails the run too.
    var failOnGone = false
    /// `--sources DIR`: the repository the annotations' paths are made relative to.
    var sources: String?
    /// `--max-reports N`: how many new conflicts are explained in full.
    var maxReports = 20

    static let usage = """
        usage: layout-explain [--summary] [--json] [--html PAGE] [--app-module NAME]... [FILE...|-]
               layout-explain --symbolicate BINARY_OR_DSYM_DIR [FILE|-]
               layout-explain --ci [--baseline FILE] [--write-baseline FILE] [--junit FILE]
                              [--github] [--markdown FILE] [--fail-on-gone] [FILE...|-]

        Reads Auto Layout console output ("Unable to simultaneously satisfy constraints")
        and explains why each conflict cannot hold. With no FILE, or with -, reads
        standard input. A log pasted from a web page is read too (constraints without
        their <...> or their whole "<NSLayoutConstraint:, typographic quotes, HTML
        entities, '*' written for a name's '_', "> " markers, line numbers, the
        reporter's own words between the constraints); the report then says in a
        "Note:" line what was repaired.

          layout-explain console.log
          pbpaste | layout-explain --summary

          --summary   one line per distinct conflict (its signature), grouped by owner
                      (yours, system, transient), most frequent first, with a total
                      per owner; no explanations, so it is fast on big logs. A file
                      of 16 MB or more is read on every core, in pieces, and counted
                      exactly as if read whole (LAYOUT_EXPLAIN_THREADS=N sets how
                      many threads; 1 reads it whole)
          --json      machine-readable output (an array of reports, or the summary
                      object); each conflict has an "owner": yours, system or transient
          --html PAGE also draw each conflict into PAGE, one self-contained HTML file: its
                      views at the frames our solver computes (a log has none), its
                      constraints highlighted, the broken one red and dashed

        Layout loops are read too (docs/LOOPS.md): AppKit's "more Update Constraints in
        Window passes than there are views in the window" (and its Layout Window and
        Display Window twins) in a crash report, an .ips, a console, macOS 14's non-fatal
        line, AppKit's DisplayCycle log, an app's own exception handler or a hang sample;
        UIKit's layout feedback loop and "Auto Layout still required after executing
        -layoutSubviews". Each says from the text alone: the pass, the window (class,
        number, frame), the OS, whether a SwiftUI hosting view and a window-frame change
        take part, your own frames, and what only a live debugger can tell. --summary
        groups them by signature; --json writes a "layout-loop" document (layoutdebug/2).
        A report cut short, unsymbolicated frames or a stack with no AppKit frame get one
        line on standard error each, and exit status 1.

        Messages that print a constraint but are not conflicts are explained as what they
        are, never as a conflict ("Not a conflict: ..."): "Unable to install constraint on
        view" and "Unable to activate constraint with anchors" (the items share no common
        ancestor), "The view hierarchy is not prepared for the constraint", "Changing the
        translatesAutoresizingMaskIntoConstraints property of a UICollectionViewCell ...",
        and "View has an ambiguous layout". With --json each is an object with "notice"
        (its kind) instead of "owner". --summary counts conflicts only.

        The changes that resolve a conflict are ranked by what the constraints say was meant
        (an autoresizing mask beside your own constraints, a size UIKit sets for a moment, an
        attribute pinned twice, a fixed size between pinned edges), each with a "why:" line,
        the first marked "try this first", and the last line naming the evidence; when the log
        also holds the view hierarchy, before or after the conflict (po
        view.recursiveDescription(), or the window's), each also gets the frames our solver
        predicts. With no evidence and no frames a "Not ranked:" line says why. Standard input,
        read once, then holds its reports until it ends (up to 16 MB).

        Each report starts with its owner and the evidence: "system" when only UIKit- or
        AppKit-internal views are involved (the keyboard, a bar's own stack view),
        "transient" for an encapsulated size of 0 during cell reuse or a
        _UITemporaryLayoutWidth/Height, "yours" for everything else.
          --app-module NAME
                      the app's own Swift module: reports say HeaderView for
                      NAME.HeaderView (not where the short name reads as UIKit's or
                      AppKit's, such as NAME.UIView); repeat it for several modules
          -h, --help  this help

        --symbolicate is a mode of its own: it explains nothing. It copies FILE (a backlog
        of the in-app ConflictMonitor, a report a tester sent) and turns each
        "made at <image frames layout-demo+0x1a2b …>" line into "made at File.swift:42 in
        f(_:)": the first frame outside UIKit, AppKit, Foundation, the Swift runtime,
        LayoutDebugSupport, ReferenceKit, SnapKit and Masonry, resolved with the image's
        binary found in BINARY_OR_DSYM_DIR (a build folder such as .build/debug, a .dSYM
        bundle or a folder of them, or the binary itself). It runs llvm-symbolizer, or
        LLDB when there is none; LAYOUT_EXPLAIN_SYMBOLIZER=lldb (or llvm-symbolizer)
        picks one. Swift names are demangled with swift-demangle when it is on PATH.

          layout-explain --symbolicate .build/debug conflicts.jsonl
          pbpaste | layout-explain --symbolicate MyApp.app.dSYM

        --ci is a mode of its own, for a test run's output in CI (xcodebuild test, raw or
        through xcbeautify --preserve-unbeautified; swift test; an .xcresult's exported
        console text; the in-app monitor's backlog). It groups the conflicts by signature,
        each with the test cases it appeared in, compares them with a baseline, and fails
        only on a conflict the baseline lacks (docs/CI.md):

          xcodebuild test ... 2>&1 | tee test.log
          layout-explain --ci --write-baseline layout-baseline.json test.log   (once; commit it)
          layout-explain --ci --baseline layout-baseline.json --junit conflicts.xml \
              --github --markdown "$GITHUB_STEP_SUMMARY" test.log

          --baseline FILE        the known conflicts, by signature
          --write-baseline FILE  write this run's conflicts as the baseline (sorted, no
                                 addresses, no times: the same on every run and machine)
          --junit FILE           JUnit XML, one test case per signature; new ones fail
          --github               GitHub Actions annotations (::error file=...,line=...)
          --markdown FILE        a Markdown summary, appended to FILE ($GITHUB_STEP_SUMMARY)
          --fail-on-gone         also fail when a baseline entry no longer appears
          --sources DIR          where the annotations' paths are relative to
                                 (default: $GITHUB_WORKSPACE, else the current folder)
          --max-reports N        explain at most N new conflicts in full (default 20)
        Exit status with --ci: 0 clean (no new conflict), 1 new conflicts (or, with
        --fail-on-gone, entries gone), 2 a bad option, 3 bad input (a file missing, binary,
        empty or cut inside a conflict; a baseline unreadable or from a newer schema).

        Exit status: 0 when every input was read; 1 when a file is missing or unreadable,
        holds no readable conflict, no message explained and no layout loop, or a loop's
        text is cut short, unsymbolicated or without an AppKit frame; 2 for a bad option. With --symbolicate: 0, or 2
        when DIR or FILE is missing or neither llvm-symbolizer nor lldb is on PATH.
        """

    /// The argument after `option`, which must not look like another option.
    private static func value(of option: String, _ arguments: inout ArraySlice<String>, _ what: String) throws(UsageError) -> String {
        guard let value = arguments.popFirst(), !value.isEmpty, value == "-" || !value.hasPrefix("-") else {
            throw .invalid("\(option) needs \(what)")
        }
        return value
    }

    /// `--ci`'s options come with `--ci` alone.
    private func checkCI() throws(UsageError) {
        let ciOnly = [("--baseline", baseline != nil), ("--write-baseline", writeBaseline != nil), ("--junit", junit != nil),
                      ("--github", github), ("--markdown", markdown != nil), ("--fail-on-gone", failOnGone),
                      ("--sources", sources != nil)]
        if !ci, let (name, _) = ciOnly.first(where: \.1) { throw .invalid("\(name) goes with --ci") }
        if ci, summary || json || html != nil || symbolicate != nil {
            throw .invalid("--ci writes its own results; it takes no --summary, --json, --html or --symbolicate")
        }
    }

    /// Parses the arguments after the program name.
    /// - Throws: `UsageError` for an unknown option.
    init(_ arguments: [String]) throws(UsageError) {
        var onlyPaths = false
        var arguments = arguments[...]
        while let argument = arguments.popFirst() {
            if onlyPaths || argument == "-" || !argument.hasPrefix("-") {
                paths.append(argument)
                continue
            }
            switch argument {
            case "--summary": summary = true
            case "--json": json = true
            case "--symbolicate":
                guard let directory = arguments.popFirst() else { throw .invalid("--symbolicate needs a BINARY_OR_DSYM_DIR") }
                symbolicate = directory
            case "--html":
                guard let page = arguments.popFirst() else { throw .invalid("--html needs a PAGE to write") }
                html = page
            case "--app-module":
                guard let module = arguments.popFirst(), !module.isEmpty, !module.hasPrefix("-") else {
                    throw .invalid("--app-module needs a module NAME")
                }
                appModules.insert(module)
            case "--ci": ci = true
            case "--baseline": baseline = try Self.value(of: argument, &arguments, "a FILE to read")
            case "--write-baseline": writeBaseline = try Self.value(of: argument, &arguments, "a FILE to write")
            case "--junit": junit = try Self.value(of: argument, &arguments, "a FILE to write")
            case "--markdown": markdown = try Self.value(of: argument, &arguments, "a FILE to append to")
            case "--sources": sources = try Self.value(of: argument, &arguments, "a DIR")
            case "--github": github = true
            case "--fail-on-gone": failOnGone = true
            case "--max-reports":
                guard let count = Int(try Self.value(of: argument, &arguments, "a count N")), count >= 0 else {
                    throw .invalid("--max-reports needs a count N of 0 or more")
                }
                maxReports = count
            case "-h", "--help": throw .help
            case "--": onlyPaths = true
            default: throw .unknown(argument)
            }
        }
        try checkCI()
        if symbolicate != nil {
            if summary || json || html != nil {
                throw .invalid("--symbolicate rewrites text; it takes no --summary, --json or --html")
            }
            if paths.count > 1 { throw .invalid("--symbolicate reads one FILE (or standard input), not \(paths.count)") }
        }
        if summary, html != nil { throw .invalid("--summary draws nothing; --html needs the conflicts themselves") }
        if paths.isEmpty { paths = ["-"] }
    }
}

/// A command line that asks for help or cannot be understood.
enum UsageError: Error {
    case help
    case unknown(String)
    /// Options that cannot go together, or one without its argument: the message.
    case invalid(String)
}
