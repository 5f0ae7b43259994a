import Foundation

// MARK: - ConflictLog

/// The text UIKit writes for an unsatisfiable-constraints conflict, in its
/// modern (iOS 10 and later) form, as the unified log mirrors it to stderr:
/// the `date process[pid:tid] [LayoutConstraints] ` header, the tab-indented
/// advice (with the autoresizing note only when an
/// `NSAutoresizingMaskLayoutConstraint` is involved), the quoted list, the
/// broken constraint and the two trailer lines. The trailing spaces are UIKit's.
enum ConflictLog {
    /// The body, from `Unable to simultaneously satisfy constraints.` to the last trailer line.
    @MainActor
    static func text(breaking constraint: NSLayoutConstraint, mutuallyExclusive: [NSLayoutConstraint]) -> String {
        var lines = [
            "Unable to simultaneously satisfy constraints.",
            "\tProbably at least one of the constraints in the following list is one you don't want. ",
            "\tTry this: ",
            "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
            "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
        ]
        if mutuallyExclusive.contains(where: { $0 is NSAutoresizingMaskLayoutConstraint }) {
            lines.append("\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, "
                + "refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) ")
        }
        lines.append("(")
        let items = mutuallyExclusive.map { "    \"" + escapedForList($0.description) + "\"" }
        lines.append(items.joined(separator: ",\n"))
        lines += [
            ")", "", "Will attempt to recover by breaking constraint ", constraint.description, "",
            "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.",
            "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2026-11-22 10:48:58.123456+0000 layout-demo[4242:4242] [LayoutConstraints] `; the thread id is the
    /// process id, which is the main thread's id on Linux.
    static func header(category: String = "LayoutConstraints") -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let date = String(format: "%04d-%02d-%02d %02d:%02d:%02d.%06d+0000", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                          Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(now.tv_nsec / 1000))
        let process = ProcessInfo.processInfo.processName
        let pid = getpid()
        return "\(date) \(process)[\(pid):\(pid)] [\(category)] "
    }

    /// A description as `NSArray` prints a string element: quotes and
    /// backslashes escaped, non-ASCII as `\Uxxxx` UTF-16 units.
    static func escapedForList(_ text: String) -> String {
        var result = ""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(unit)!)
            default: result += "\\U" + String(format: "%04x", unit)
            }
        }
        return result
    }
}
