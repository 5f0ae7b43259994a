#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - MappedFileRange

/// A byte range of a regular file mapped read-only into memory, so a parser
/// reads the page cache in place.
///
/// Reading a file with `read(2)` copies every byte from the page cache into
/// a buffer, and the parser then reads the buffer: on a 100 MB console that
/// copy costs as much as a fifth of a whole summary on a virtual machine.
/// A mapping skips it.
///
/// The catch: when the file is truncated while it is mapped, touching a page
/// past its new end raises `SIGBUS` instead of returning fewer bytes. So only
/// a caller that handles `SIGBUS` asks for a mapping (`layout-explain` prints
/// a one-line error and exits); the library never maps on its own.
struct MappedFileRange {
    /// The first byte of the range.
    let base: UnsafePointer<UInt8>
    /// The number of bytes mapped, up to the file's size when mapped.
    let count: Int
    /// What `munmap` needs: the mapping starts on a page boundary, at or
    /// before the range.
    private let mapping: UnsafeMutableRawPointer
    private let mappingLength: Int

    /// Maps `range` of the regular file open at `descriptor`, cut at the
    /// file's present size; `nil` when it is not a regular file, the range
    /// starts at or past its end, or the mapping fails (the caller reads
    /// the file instead).
    init?(descriptor: Int32, range: Range<Int>) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let end = min(range.upperBound, Int(info.st_size))
        guard range.lowerBound >= 0, range.lowerBound < end else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = range.lowerBound / page * page
        let length = end - start
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(start)),
              mapped != MAP_FAILED else { return nil }
        // The parser reads the range once, front to back.
        _ = madvise(mapped, length, MADV_SEQUENTIAL)
        mapping = mapped
        mappingLength = length
        base = UnsafePointer(mapped.assumingMemoryBound(to: UInt8.self)) + (range.lowerBound - start)
        count = end - range.lowerBound
    }

    /// Unmaps the range; its bytes must not be read after.
    func unmap() {
        munmap(mapping, mappingLength)
    }
}
