// MARK: - IvarLayout

/// Which of a class's own ivar words the Objective-C runtime treats as strong (or, for the
/// weak layout, weak): `class_getIvarLayout` and `class_getWeakIvarLayout` decoded.
///
/// objc4 writes a layout as bytes ending in 0. Each byte's high nibble is a count of words to
/// skip, its low nibble a count of words that follow and are scanned; counts run on from the
/// previous byte. Word 0 is the class's first ivar word: its instance start rounded up to a
/// word (objc4's `alignedInstanceStart`, used by `_class_lookUpIvar` in `objc-class.mm`,
/// objc4-818.2). The instance start is where the class's own first ivar lies, which is not
/// always where the superclass ends: a first ivar aligned to 16 bytes after an 8-byte
/// superclass starts at 16. Only the class's own ivars are covered; a superclass has its own
/// layout.
///
/// Whatever is in neither layout (`__unsafe_unretained`, `assign`, a non-ARC ivar) may point
/// at a freed object, so the property names never read it: plain logic, tested on Linux with
/// hand-made layout bytes.
struct IvarLayout: Equatable {
    /// The scanned word indices, in order.
    let words: [Int]

    /// No scanned words: a class without such ivars, or a `NULL` layout.
    init() { words = [] }

    /// Decodes layout bytes; a 0 byte ends the layout, as it ends the runtime's string.
    init<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        var words: [Int] = []
        var index = 0
        for byte in bytes {
            if byte == 0 { break }
            index += Int(byte >> 4)
            let scanned = Int(byte & 0x0F)
            words.append(contentsOf: index..<(index + scanned))
            index += scanned
        }
        self.words = words
    }

    /// Decodes a layout the runtime returned (`NULL`: nothing scanned).
    init(layout: UnsafePointer<UInt8>?) {
        guard let layout else {
            self.init()
            return
        }
        var bytes: [UInt8] = []
        var cursor = layout
        while cursor.pointee != 0 {
            bytes.append(cursor.pointee)
            cursor += 1
        }
        self.init(bytes: bytes)
    }

    /// Whether the ivar at `offset` in the object is one of the scanned words.
    ///
    /// - Parameters:
    ///   - offset: The ivar's offset from the object's start (`ivar_getOffset`).
    ///   - instanceStart: Where the class's own ivars begin (objc4's `class_ro_t::instanceStart`,
    ///     see `instanceStart(ofOwnIvarOffsets:)`); rounded up to a word here, as objc4 does.
    func covers(offset: Int, instanceStart: Int) -> Bool {
        let wordSize = MemoryLayout<UInt>.size
        let start = (instanceStart + wordSize - 1) / wordSize * wordSize
        guard offset >= start, offset % wordSize == 0 else { return false }
        return words.contains((offset - start) / wordSize)
    }

    /// Where a class's own ivars begin, from the offsets of its own ivars (`class_copyIvarList`,
    /// `ivar_getOffset`): the first one's. That is objc4's `class_ro_t::instanceStart`, which
    /// clang sets to the offset of the class's first ivar (`GetClassSizeInfo` in
    /// `CGObjCMac.cpp`: `RL.getFieldOffset(0)`) and objc4 slides together with the ivars when a
    /// superclass grows (`moveIvars`). `nil` for a class without ivars: nothing to read.
    static func instanceStart(ofOwnIvarOffsets offsets: [Int]) -> Int? {
        offsets.min()
    }

    /// Whether an ivar's type encoding is an object of a named class (`@"UIImageView"`,
    /// `@"UIView<Card>"`): not a bare `id` (`@`), a block (`@?`), nor an object known only by
    /// its protocols (`@"<UITableViewDelegate>"`, a delegate or data source, never a view the
    /// app lays out by that name).
    static func isNamedClassObject(encoding: String) -> Bool {
        encoding.hasPrefix("@\"") && !encoding.hasPrefix("@\"<")
    }
}
