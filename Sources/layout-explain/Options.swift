// MARK: - Options

/// The command line of `layout-explain`.
struct Options {
    /// One report per conflict (default), or one line per distinct signature.
    var summary = false
    /// JSON instead of text.
    var json = false
    /// Files to read; `-` is standard input. Empty means standard input.
    var paths: [String] = []

    static let usage = """
        usage: layout-explain [--summary] [--json] [FILE...|-]

        Reads Auto Layout console output ("Unable to simultaneously satisfy constraints")
        and explains why each conflict cannot hold. With no FILE, or with -, reads
        standard input. A log pasted from a web page is read too (constraints without
        their <...>, typographic quotes, HTML entities, "> " markers, line numbers);
        the report then says in a "Note:" line what was repaired.

          layout-explain console.log
          pbpaste | layout-explain --summary

          --summary   one line per distinct conflict (its signature), most frequent first,
                      with a total; no explanations, so it is fast on big logs
          --json      machine-readable output (an array of reports, or the summary object)
          -h, --help  this help

        Exit status: 0 when every input was read; 1 when a file is missing or unreadable,
        or holds no readable conflict; 2 for a bad option.
        """

    /// Parses the arguments after the program name.
    /// - Throws: `UsageError` for an unknown option.
    init(_ arguments: [String]) throws(UsageError) {
        var onlyPaths = false
        for argument in arguments {
            if onlyPaths || argument == "-" || !argument.hasPrefix("-") {
                paths.append(argument)
                continue
            }
            switch argument {
            case "--summary": summary = true
            case "--json": json = true
            case "-h", "--help": throw .help
            case "--": onlyPaths = true
            default: throw .unknown(argument)
            }
        }
        if paths.isEmpty { paths = ["-"] }
    }
}

/// A command line that asks for help or cannot be understood.
enum UsageError: Error {
    case help
    case unknown(String)
}
