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

    static let usage = """
        usage: layout-explain [--summary] [--json] [--html PAGE] [--app-module NAME]... [FILE...|-]
               layout-explain --symbolicate BINARY_OR_DSYM_DIR [FILE|-]

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

        Exit status: 0 when every input was read; 1 when a file is missing or unreadable,
        or holds no readable conflict and no message explained; 2 for a bad option. With --symbolicate: 0, or 2
        when DIR or FILE is missing or neither llvm-symbolizer nor lldb is on PATH.
        """

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
            case "-h", "--help": throw .help
            case "--": onlyPaths = true
            default: throw .unknown(argument)
            }
        }
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
