#if canImport(UIKit) || os(Linux) || (canImport(AppKit) && os(macOS))

// MARK: - #N, a constraint of the last conflict report

/// `lds_report_number(n)`: the address (`0x…`) of constraint `n` (from 1) of the
/// last conflict report, as `lfix #N` reads it, so every command that takes a
/// constraint takes `#N` too (`lreport #2`). An `error: …` line when there is
/// no such constraint.
@_cdecl("lds_report_number")
public func lds_report_number(_ number: UInt32) -> UnsafeMutableRawPointer {
    StormRecorder.paused {
        withAutoreleasePool {
            ReportBuffer.publish(LastConflictReport.constraintAddressText(number: Int(number)))
        }
    }
}

extension LastConflictReport {
    /// Constraint `number` (from 1) of the last report as `0x…`, or an `error: …` line.
    static func constraintAddressText(number: Int) -> String {
        guard let handles = current else {
            return "error: #\(number) names a constraint of the last conflict report, and none was made yet"
        }
        guard number >= 1, number <= handles.constraints.count else {
            return "error: the last conflict report has \(handles.constraints.count) constraints; there is no #\(number)"
        }
        guard let address = handles.constraints[number - 1] else {
            return "error: constraint #\(number) of the last conflict report has no address"
        }
        return "0x" + String(address, radix: 16)
    }
}
#endif
