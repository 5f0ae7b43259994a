import Foundation

// MARK: - Raising an exception

/// Raises an Objective-C exception that no handler catches, as UIKit and AppKit raise theirs.
///
/// Swift cannot catch an Objective-C exception, so nothing here unwinds: every exception is
/// uncaught, and the process ends as an app's does (`terminateUncaught`). It goes through a
/// function named `objc_exception_throw` on Linux, where no Objective-C runtime has one, so that
/// the breakpoint every Apple developer sets (`breakpoint set -n objc_exception_throw`) stops
/// there, before anything is printed, with the raiser's frames below, as on Apple platforms.
@inline(never)
func raiseException(name: String, reason: String) -> Never {
    objcExceptionThrow(ObjCException(name: name, reason: reason))
}

/// The exception in flight: `objc_exception_throw`'s argument, for a debugger stopped there.
struct ObjCException: Sendable {
    let name: String
    let reason: String
}

#if os(Linux)
@_silgen_name("objc_exception_throw")
@inline(never)
@_optimize(none)
func objcExceptionThrow(_ exception: ObjCException) -> Never {
    terminateUncaught(exception, throwStack: UncaughtExceptionText.callersStack())
}
#else
@inline(never)
func objcExceptionThrow(_ exception: ObjCException) -> Never {
    terminateUncaught(exception, throwStack: UncaughtExceptionText.callersStack())
}
#endif

/// What an uncaught exception does to an app on Apple platforms: Foundation's handler logs it
/// with the stack it was thrown from, libc++abi says it terminates, and `abort()` ends the process
/// (SIGABRT, as in every crash report of an uncaught NSException).
private func terminateUncaught(_ exception: ObjCException, throwStack: [String]) -> Never {
    let text = UncaughtExceptionText.log(exception, throwStack: throwStack)
    FileHandle.standardError.write(Data(text.utf8))
    // The Swift runtime's crash handler would print its own backtrace after the log, which no
    // Apple console shows; the default action ends the process with the same signal.
    signal(SIGABRT, SIG_DFL)
    abort()
}

// MARK: - The console text of an uncaught exception

/// The lines Apple platforms print for an uncaught exception, in their order and layout.
///
/// Seen in public console pastes, for example (research of the loop exceptions):
/// LiveWallpaperMacOS#35 (macOS 26: "*** Terminating app …", "*** First throw call stack:",
/// "(", frames, …), MGBoxKit#115 (iOS 7), Pulley#390 (iOS 14: "libc++abi.dylib: terminating with
/// uncaught exception of type NSException"). Each frame reads `index image address symbol +
/// offset`, the index in 4 columns and the image in 36, the address in 16 hex digits; Swift
/// symbols are printed mangled there, as they are here, and a frame whose symbol the image does
/// not export as `0x<image load address> + <offset>` (the unsymbolicated form that
/// Tests/Fixtures/loops/SOURCES.md cites: `0x0000000100099cb4 0x100094000 + 23732`).
enum UncaughtExceptionText {
    static func log(_ exception: ObjCException, throwStack: [String]) -> String {
        var text = "*** Terminating app due to uncaught exception '\(exception.name)', reason: '\(exception.reason)'\n"
        text += "*** First throw call stack:\n(\n"
        for (index, frame) in throwStack.enumerated() {
            text += "\t" + padded(String(index), to: 4) + frame + "\n"
        }
        text += ")\nlibc++abi.dylib: terminating with uncaught exception of type NSException\n"
        return text
    }

    /// The stack of the function that calls this one, from that function outwards, as
    /// `image address symbol + offset` lines (the image padded to 36 columns).
    @inline(never)
    static func callersStack() -> [String] {
        var addresses = [UnsafeMutableRawPointer?](repeating: nil, count: 128)
        let count = Int(c_backtrace(&addresses, Int32(addresses.count)))
        // The first return address is in this function.
        return addresses[1..<max(1, count)].compactMap { $0 }.map { frame(at: UInt(bitPattern: $0)) }
    }

    private static func frame(at address: UInt) -> String {
        var image = "???", symbol = hexAddress(address), offset = UInt(0)
        var info = LoadedSymbolInfo()
        if c_dladdr(UnsafeRawPointer(bitPattern: address), &info) != 0 {
            if let path = info.imagePath { image = String(cString: path).split(separator: "/").last.map(String.init) ?? image }
            if let name = info.symbolName, let start = info.symbolAddress {
                symbol = String(cString: name)
                offset = address - UInt(bitPattern: start)
            } else if let base = info.imageBase {
                // A symbol the image does not export: Apple's form for it, the image's load
                // address and the offset into it.
                symbol = "0x" + String(UInt(bitPattern: base), radix: 16)
                offset = address - UInt(bitPattern: base)
            }
        }
        return frameLine(image: image, address: address, symbol: symbol, offset: offset)
    }

    /// One frame as Apple prints it, without its index: `CoreFoundation` padded to 36 columns,
    /// `0x0000000189040770 __exceptionPreprocess + 176`.
    static func frameLine(image: String, address: UInt, symbol: String, offset: UInt) -> String {
        padded(image, to: 36) + hexAddress(address) + " " + symbol + " + " + String(offset)
    }

    /// `0x` and 16 hex digits.
    private static func hexAddress(_ address: UInt) -> String {
        let hex = String(address, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// `dladdr(3)`'s answer. glibc declares `dladdr` only under `_GNU_SOURCE`, so Swift's Glibc
/// module does not offer it; it is declared here by its C name, with the `Dl_info` layout
/// glibc and Darwin share (four pointers).
private struct LoadedSymbolInfo {
    var imagePath: UnsafePointer<CChar>?
    var imageBase: UnsafeMutableRawPointer?
    var symbolName: UnsafePointer<CChar>?
    var symbolAddress: UnsafeMutableRawPointer?
}

/// `backtrace(3)`, which glibc declares in `execinfo.h`, outside Swift's Glibc module.
@_silgen_name("backtrace")
private func c_backtrace(_ addresses: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ size: Int32) -> Int32

@_silgen_name("dladdr")
private func c_dladdr(_ address: UnsafeRawPointer?, _ info: UnsafeMutablePointer<LoadedSymbolInfo>) -> Int32
