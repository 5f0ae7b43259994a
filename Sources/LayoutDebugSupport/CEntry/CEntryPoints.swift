#if canImport(UIKit) || os(Linux) || (canImport(AppKit) && os(macOS))

// MARK: - The C entry surface for LLDB

// Each function converts its C arguments and forwards to `LiveReports`, inside
// `entryPoint`.
// Every one returns `ReportBuffer`'s buffer: 8-byte little-endian length,
// UTF-8, NUL; owned by the library and valid until the next `lds_` call.
// No Swift error or type crosses this line; failures are `error: …` text.

/// Runs one entry point's work in its own autorelease pool (`withAutoreleasePool`),
/// with the storm recorder paused: a conflict a debugger call makes (`lfix`
/// trying a change) is not the app's, and the debugger's breakpoints ignore it too.
private func entryPoint<T>(_ body: () -> T) -> T {
    StormRecorder.paused { withAutoreleasePool(body) }
}

/// `UInt` for a pointer the debugger passed; `0` for `NULL`.
private func address(_ pointer: UnsafeMutableRawPointer?) -> UInt {
    UInt(bitPattern: pointer)
}

/// `lds_version()`: `LayoutDebugSupport <version>`.
@_cdecl("lds_version")
public func lds_version() -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.version())
    }
}

/// `lds_surface()`: the digest of the C surface this library was built with
/// (`CEntrySurface.digest`). `lload` compares it with its own before any other call: a library
/// built from other sources would be called with the wrong arguments.
@_cdecl("lds_surface")
public func lds_surface() -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(CEntrySurface.digest)
    }
}

/// `lds_report(object, flags)`: a view's descent report, or a constraint's report.
@_cdecl("lds_report")
public func lds_report(_ object: UnsafeMutableRawPointer?, _ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        var out = ReportBuffer.makeWriter()
        LiveReports.writeReport(at: address(object), options: ReportOptions(rawValue: flags), into: &out)
        return ReportBuffer.publish(out)
    }
}

/// `lds_constraints(view, flags)`: every constraint naming the view.
@_cdecl("lds_constraints")
public func lds_constraints(_ view: UnsafeMutableRawPointer?, _ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.constraints(at: address(view), options: ReportOptions(rawValue: flags)))
    }
}

/// `lds_trace(view, flags)`: the autolayout trace; `NULL` means the key window.
@_cdecl("lds_trace")
public func lds_trace(_ view: UnsafeMutableRawPointer?, _ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.trace(at: view.map { address($0) }, options: ReportOptions(rawValue: flags)))
    }
}

/// `lds_lint(view, flags)`: the layout traps of a view's tree; `NULL` means the key window.
@_cdecl("lds_lint")
public func lds_lint(_ view: UnsafeMutableRawPointer?, _ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.lint(at: view.map { address($0) }, options: ReportOptions(rawValue: flags)))
    }
}

/// `lds_lint_ignore(view, rule)`: silences one lint rule for one view.
@_cdecl("lds_lint_ignore")
public func lds_lint_ignore(_ view: UnsafeMutableRawPointer?, _ rule: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.lintIgnore(rule.map { String(cString: $0) } ?? "", at: address(view)))
    }
}

/// `lds_set_name(object, name)`: sets a nametag; an empty name clears it.
@_cdecl("lds_set_name")
public func lds_set_name(_ object: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.setName(name.map { String(cString: $0) } ?? "", at: address(object)))
    }
}

/// `lds_conflict_report(constraint, list, flags)`: the report for a conflict breakpoint hit.
@_cdecl("lds_conflict_report")
public func lds_conflict_report(_ constraint: UnsafeMutableRawPointer?, _ list: UnsafeMutableRawPointer?,
                                _ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.conflictReport(constraintAt: address(constraint), listAt: address(list),
                                                        options: ReportOptions(rawValue: flags)))
    }
}

/// `lds_origins(command)`: `on`, `off` or `status` for origin capture; one line back.
@_cdecl("lds_origins")
public func lds_origins(_ command: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.origins(command.map { String(cString: $0) } ?? "status"))
    }
}

/// `lds_fix(command, stopID, flags)`: an `lfix` change, undo or list (see `FixRequest`).
@_cdecl("lds_fix")
public func lds_fix(_ command: UnsafePointer<CChar>?, _ stopID: UInt64, _ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.fix(command.map { String(cString: $0) } ?? "", stopID: stopID,
                                             options: ReportOptions(rawValue: flags)))
    }
}

/// `lds_picture(object, list, number, flags)`: a view's picture, or a conflict's with `list`,
/// titled with the console's conflict `number` (0: the process's own; see `LiveReports.picture`).
@_cdecl("lds_picture")
public func lds_picture(_ object: UnsafeMutableRawPointer?, _ list: UnsafeMutableRawPointer?,
                        _ number: UInt32, _ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.picture(at: address(object), listAt: address(list), number: number,
                                                 options: ReportOptions(rawValue: flags)))
    }
}

/// `lds_storm_start(flags, capacity)`: starts recording conflicts in the process
/// (`StormRecorder`; flag 1: live), or changes the flags; one line back.
@_cdecl("lds_storm_start")
public func lds_storm_start(_ flags: UInt32, _ capacity: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.stormStart(capacity: Int(capacity), options: StormRecorder.Options(rawValue: flags)))
    }
}

/// `lds_storm_drain(flags)`: the recorded conflicts as JSON (`StormDrain`); the ring is emptied.
@_cdecl("lds_storm_drain")
public func lds_storm_drain(_ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.stormDrain(stopping: false))
    }
}

/// `lds_storm_stop(flags)`: stops recording; what was waiting, as `lds_storm_drain` gives it.
@_cdecl("lds_storm_stop")
public func lds_storm_stop(_ flags: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.stormDrain(stopping: true))
    }
}

/// `lds_set_skipped_classes(list)`: replaces the descent skip list (comma
/// separated; empty restores the default).
@_cdecl("lds_set_skipped_classes")
public func lds_set_skipped_classes(_ list: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.setSkippedClasses(list.map { String(cString: $0) } ?? ""))
    }
}

/// `lds_report_number(n)`: the address (`0x…`) of constraint `n` (from 1) of the
/// last conflict report, for `lreport #N` and every command that takes a
/// constraint; an `error: …` line when there is no such constraint.
@_cdecl("lds_report_number")
public func lds_report_number(_ number: UInt32) -> UnsafeMutableRawPointer {
    entryPoint {
        ReportBuffer.publish(LiveReports.constraintAddress(number: Int(number)))
    }
}
#endif
