import Foundation

// MARK: - BinaryLocator

/// Finds the binary with an image's debug information in what the user named after
/// `--symbolicate`: a build folder (`.build/debug`, a folder of binaries), a `.dSYM`
/// bundle, a folder of dSYMs, or one binary, which stands for images of its own name.
struct BinaryLocator {
    /// What the user named, as given: error messages quote it.
    let root: String
    private var found: [String: String?] = [:]

    init(root: String) {
        self.root = root
    }

    /// The file holding `image`'s symbols and line tables, or `nil` when `root` has none.
    /// A dSYM comes first: next to a stripped app, only it has line tables.
    mutating func binary(for image: String) -> String? {
        if let known = found[image] { return known }
        let path = search(image)
        found[image] = path
        return path
    }

    private func search(_ image: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else {
            return URL(fileURLWithPath: root).lastPathComponent == image ? root : nil
        }
        let folder = URL(fileURLWithPath: root)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
        var candidates = [folder.appendingPathComponent("Contents/Resources/DWARF/" + image)]
        candidates += entries.filter { $0.hasSuffix(".dSYM") }
            .map { folder.appendingPathComponent($0 + "/Contents/Resources/DWARF/" + image) }
        candidates += [folder.appendingPathComponent(image),
                       folder.appendingPathComponent(image + ".framework/" + image)]
        return candidates.first { isRegularFile($0.path) }?.path
    }

    private func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

// MARK: - ImageBase

/// The file address an image's load base stands for. The monitor writes offsets from
/// where `dladdr` says the image was loaded, which is where its first segment was mapped;
/// symbolizers want addresses as the binary's headers number them. For an ELF shared
/// object or PIE executable the first `PT_LOAD` starts at 0 and the two coincide (checked
/// with `readelf -l` on .build/debug); a non-PIE executable starts at 0x400000, and a
/// Mach-O executable's `__TEXT` at 0x100000000, which must be added.
enum ImageBase {
    /// The address of the first segment of the ELF or Mach-O file at `path`; `nil` when the
    /// file is neither. For a universal (fat) binary, or dSYM, that of the slice of
    /// `cpuType` (this machine's architecture, which llvm-symbolizer is told too), else of
    /// the first slice.
    static func address(ofBinaryAt path: String, cpuType: UInt32 = FatSlice.hostCPUType) -> UInt64? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { handle.closeFile() }
        let bytes = [UInt8](handle.readData(ofLength: 1 << 16))
        if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return elf(bytes) }
        if let slices = FatSlice.slices(in: bytes) {
            guard let slice = FatSlice.choose(from: slices, cpuType: cpuType) else { return nil }
            handle.seek(toFileOffset: slice.offset)
            return machO([UInt8](handle.readData(ofLength: 1 << 16)))
        }
        return machO(bytes)
    }

    /// The first `PT_LOAD`'s virtual address, rounded down to its page (little-endian
    /// ELF; 32 and 64 bits).
    private static func elf(_ bytes: [UInt8]) -> UInt64? {
        guard bytes.count >= 64, bytes[5] == 1 else { return nil }
        let is64 = bytes[4] == 2
        let table = Int(read(bytes, at: is64 ? 0x20 : 0x1C, size: is64 ? 8 : 4))
        let entrySize = Int(read(bytes, at: is64 ? 0x36 : 0x2A, size: 2))
        let count = Int(read(bytes, at: is64 ? 0x38 : 0x2C, size: 2))
        for index in 0..<count {
            let entry = table + index * entrySize
            guard entry + (is64 ? 24 : 12) <= bytes.count else { return nil }
            if read(bytes, at: entry, size: 4) == 1 {  // PT_LOAD
                return read(bytes, at: entry + (is64 ? 16 : 8), size: is64 ? 8 : 4) & ~0xFFF
            }
        }
        return nil
    }

    /// The `__TEXT` segment's address (little-endian Mach-O; 32 and 64 bits). dSYMs keep
    /// the app's segment commands, so theirs is the app's.
    private static func machO(_ bytes: [UInt8]) -> UInt64? {
        guard bytes.count >= 32 else { return nil }
        let magic = read(bytes, at: 0, size: 4)
        guard magic == 0xFEED_FACF || magic == 0xFEED_FACE else { return nil }
        let is64 = magic == 0xFEED_FACF
        let count = Int(read(bytes, at: 16, size: 4))
        var command = is64 ? 32 : 28
        for _ in 0..<count {
            guard command + 32 <= bytes.count else { return nil }
            let kind = read(bytes, at: command, size: 4), size = Int(read(bytes, at: command + 4, size: 4))
            let name = bytes[(command + 8)..<(command + 24)].prefix { $0 != 0 }
            if kind == (is64 ? 0x19 : 0x1), String(decoding: name, as: UTF8.self) == "__TEXT" {
                return read(bytes, at: command + 24, size: is64 ? 8 : 4)
            }
            guard size > 0 else { return nil }
            command += size
        }
        return nil
    }

    static func read(_ bytes: [UInt8], at offset: Int, size: Int, bigEndian: Bool = false) -> UInt64 {
        guard offset + size <= bytes.count else { return 0 }
        let field = bytes[offset..<(offset + size)]
        return (bigEndian ? Array(field) : field.reversed()).reduce(0) { $0 << 8 | UInt64($1) }
    }
}

// MARK: - FatSlice

/// One architecture's slice of a universal (fat) Mach-O file: `<mach-o/fat.h>`'s `fat_arch`
/// (FAT_MAGIC, 32-bit offsets) or `fat_arch_64` (FAT_MAGIC_64), read big-endian as the
/// header is always written.
struct FatSlice: Equatable {
    /// `CPU_TYPE_X86_64`.
    static let x86_64: UInt32 = 0x0100_0007
    /// `CPU_TYPE_ARM64`.
    static let arm64: UInt32 = 0x0100_000C
    /// This machine's CPU type: the slice a simulator or Mac app built here runs.
    static var hostCPUType: UInt32 {
        #if arch(arm64)
        return arm64
        #else
        return x86_64
        #endif
    }

    let cpuType: UInt32
    let offset: UInt64
    let size: UInt64

    /// The slices a fat header lists, or `nil` when `bytes` do not start with one (or list
    /// more slices than the header's bytes hold).
    static func slices(in bytes: [UInt8]) -> [FatSlice]? {
        let magic = ImageBase.read(bytes, at: 0, size: 4, bigEndian: true)
        guard bytes.count >= 8, magic == 0xCAFE_BABE || magic == 0xCAFE_BABF else { return nil }
        let is64 = magic == 0xCAFE_BABF
        let count = Int(ImageBase.read(bytes, at: 4, size: 4, bigEndian: true))
        let entrySize = is64 ? 32 : 20
        // 0xCAFEBABE also opens a Java class file, whose next word (its version) is large.
        guard count > 0, 8 + count * entrySize <= bytes.count else { return nil }
        return (0..<count).map { index in
            let entry = 8 + index * entrySize
            let field = is64 ? 8 : 4
            return FatSlice(cpuType: UInt32(ImageBase.read(bytes, at: entry, size: 4, bigEndian: true)),
                            offset: ImageBase.read(bytes, at: entry + 8, size: field, bigEndian: true),
                            size: ImageBase.read(bytes, at: entry + 8 + field, size: field, bigEndian: true))
        }
    }

    /// The slice of `cpuType`, else the first.
    static func choose(from slices: [FatSlice], cpuType: UInt32) -> FatSlice? {
        slices.first { $0.cpuType == cpuType } ?? slices.first
    }

    /// llvm-symbolizer's name for `hostCPUType`, which it needs to open a universal file.
    static var hostArchitectureName: String { hostCPUType == arm64 ? "arm64" : "x86_64" }
}
