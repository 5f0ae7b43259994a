#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ImageAddresses

/// `dladdr(3)`'s answer. glibc declares `dladdr` only under `_GNU_SOURCE`, so Swift's Glibc
/// module does not offer it; it is declared here by its C name, with the `Dl_info` layout
/// both glibc and Darwin use (four pointers).
private struct LoadedSymbolInfo {
    var imagePath: UnsafePointer<CChar>?
    var imageBase: UnsafeMutableRawPointer?
    var symbolName: UnsafePointer<CChar>?
    var symbolAddress: UnsafeMutableRawPointer?
}

@_silgen_name("dladdr")
private func c_dladdr(_ address: UnsafeRawPointer?, _ info: UnsafeMutablePointer<LoadedSymbolInfo>) -> Int32

/// Return addresses written so they stay true once the process is gone: the image's file
/// name and the offset from where it was loaded, which `layout-explain --symbolicate` or any
/// symbolizer turns into `file:line` with the same binary.
enum ImageAddresses {
    /// `layout-demo+0x1a2b`, with the nearest symbol when the image exports one:
    /// `layout-demo+0x1a2b($s13DemoScenarios…)`. An address in no image stays `0x…`.
    static func describe(_ address: UInt64) -> String {
        var info = LoadedSymbolInfo()
        guard c_dladdr(UnsafeRawPointer(bitPattern: UInt(address)), &info) != 0,
              let path = info.imagePath, let base = info.imageBase else {
            return "0x" + String(address, radix: 16)
        }
        let image = String(cString: path).split(separator: "/").last.map(String.init) ?? "?"
        let offset = address - UInt64(UInt(bitPattern: base))
        var text = image + "+0x" + String(offset, radix: 16)
        if let symbol = info.symbolName {
            text += "(" + String(cString: symbol) + ")"
        }
        return text
    }
}
