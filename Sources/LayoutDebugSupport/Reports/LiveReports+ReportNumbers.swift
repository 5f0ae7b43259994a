#if canImport(UIKit) || os(Linux) || (canImport(AppKit) && os(macOS))

// MARK: - #N, a constraint of the last conflict report

extension LiveReports {
    /// `lds_report_number`: constraint `number` (from 1) of the last conflict
    /// report as `0x…`, as `lfix #N` reads it, so every command that takes a
    /// constraint takes `#N` too (`lreport #2`); an `error: …` line when there
    /// is no such constraint.
    static func constraintAddress(number: Int) -> String {
        // The same lines as `lfix #N`'s, so every command says the same of one #N.
        guard let handles = LastConflictReport.current else { return FixError.noReport.message }
        guard number >= 1, number <= handles.constraints.count else {
            return FixError.noSuchConstraint(number, count: handles.constraints.count).message
        }
        guard let address = handles.constraints[number - 1] else {
            return "error: constraint #\(number) of the last conflict report has no address"
        }
        return "0x" + String(address, radix: 16)
    }
}
#endif
