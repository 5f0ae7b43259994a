import Foundation
import XCTest
@testable import LayoutDebugSupport

/// The Apple object check's decision, over hand-made memory: an `isa` names a class when the
/// class → metaclass → root metaclass chain closes on itself, the words `class_getName` reads
/// lead to a name, and the runtime, asked by name about that one class, answers with it.
/// Addresses, masks and structures are objc4's (`runtime/objc-runtime-new.h`, objc4-818.2):
/// a Mac's `ISA_MASK`, a non-pointer `isa` with flags and an inline retain count around the
/// class, and the class's data at `bits` (offset 32) leading to its `class_ro_t` name (offset 24).
final class IsaClassCheckTests: XCTestCase {
    private let macMask: UInt = 0x0000_7fff_ffff_fff8
    private let cls: UInt = 0x0000_7ff8_4a3c_1230
    private let metaclass: UInt = 0x0000_7ff8_4a3c_1208
    private let rootMetaclass: UInt = 0x0000_7ff8_4a00_00f0
    private let root: UInt = 0x0000_7ff8_4a00_0118
    /// Heap blocks (`class_rw_t`, `class_rw_ext_t`, objects) and the image's read-only data.
    private let rw: UInt = 0x0000_6000_0000_1000
    private let ext: UInt = 0x0000_6000_0000_1800
    private let ro: UInt = 0x0000_7ff8_4a50_0100
    private let nameText: UInt = 0x0000_7ff8_4a60_0203
    private let realized: UInt = 0x8000_0000  // RW_REALIZED in class_rw_t's flags

    /// Memory where `cls` is a realized subclass: its isa the metaclass, the metaclass's the
    /// root metaclass, the root metaclass's itself, and its data leading to its name.
    private var classMemory: [UInt: UInt] {
        var memory = [cls: metaclass, metaclass: rootMetaclass, rootMetaclass: rootMetaclass]
        memory.merge(realizedClassData(of: cls, rw: rw, ro: ro, name: nameText)) { $1 }
        return memory
    }

    /// A realized class's data, as objc4 lays it out: `bits` → `class_rw_t` (flags, then the
    /// `class_ro_t` at 8) → `class_ro_t.name` at 24 → the name's text.
    private func realizedClassData(of cls: UInt, rw: UInt, ro: UInt, name: UInt,
                                   text: String = "ProfileCell") -> [UInt: UInt] {
        var memory = [cls + 32: rw, rw: realized, rw + 8: ro, ro + 24: name]
        memory.merge(cString(text, at: name)) { $1 }
        return memory
    }

    /// The words holding `text` and its 0 byte at `address`, little-endian, read aligned.
    private func cString(_ text: String, at address: UInt) -> [UInt: UInt] {
        let size = UInt(MemoryLayout<UInt>.size)
        var memory: [UInt: UInt] = [:]
        for (index, byte) in (Array(text.utf8) + [0]).enumerated() {
            let at = address + UInt(index)
            let word = at - at % size
            memory[word, default: 0] |= UInt(byte) << ((at % size) * 8)
        }
        return memory
    }

    /// A check over `memory`, recording each class the runtime is asked about in `asked`.
    private func check(_ memory: [UInt: UInt], registered: Set<UInt>, masks: [UInt]? = nil,
                       asked: AskedClasses = AskedClasses()) -> IsaClassCheck {
        IsaClassCheck(isaMasks: masks ?? [macMask], readWord: { memory[$0] },
                      isRegisteredClass: { asked.append($0); return registered.contains($0) })
    }

    // MARK: - The shape

    func test_nonPointerIsa_ofARegisteredClass_namesTheClass() {
        // x86_64 non-pointer isa: bit 0 (nonpointer), bits 1-2 flags, the top byte a retain count.
        let isa = 0x0100_0000_0000_0007 | cls
        XCTAssertEqual(check(classMemory, registered: [cls]).classPointer(ofIsa: isa), cls)
        XCTAssertEqual(check(classMemory, registered: [cls]).classPointer(ofIsa: cls), cls,
                       "a raw isa is the class pointer itself")
    }

    func test_theRuntimeIsAskedAboutTheCandidateAlone() {
        let asked = AskedClasses()
        _ = check(classMemory, registered: [cls], asked: asked).classPointer(ofIsa: cls)
        XCTAssertEqual(asked.values, [cls], "no other class is looked up, so no other class is realized")
    }

    func test_aRootClass_whoseMetaclassIsTheRootMetaclass_passes() {
        // NSObject: its isa is the root metaclass, which points at itself.
        var memory = [root: rootMetaclass, rootMetaclass: rootMetaclass]
        memory.merge(realizedClassData(of: root, rw: rw, ro: ro, name: nameText, text: "NSObject")) { $1 }
        XCTAssertEqual(check(memory, registered: [root]).classPointer(ofIsa: root), root)
    }

    func test_anIsaPointingAtUnreadableMemory_isRefused_withoutAskingTheRuntime() {
        let asked = AskedClasses()
        XCTAssertNil(check(classMemory, registered: [cls], asked: asked).classPointer(ofIsa: 0x0000_7ff8_0000_0040))
        XCTAssertEqual(asked.values, [], "a wild pointer is never handed to class_getName")
    }

    func test_aChainThatDoesNotCloseOnItself_isRefused() {
        // A block whose first words are pointers but whose third step is not a fixed point:
        // the words of a string or an array, not a class.
        let a: UInt = 0x0000_6000_0000_0010, b: UInt = 0x0000_6000_0000_0020, c: UInt = 0x0000_6000_0000_0030
        let memory = [a: b, b: c, c: a]
        XCTAssertNil(check(memory, registered: [a]).classPointer(ofIsa: a))
        XCTAssertNil(check([a: b, b: c], registered: [a]).classPointer(ofIsa: a), "the chain runs into unreadable memory")
    }

    func test_aClassShapeTheRuntimeDoesNotKnowByName_isRefused() {
        // A freed class pair, or another class of the same name registered first.
        XCTAssertNil(check(classMemory, registered: []).classPointer(ofIsa: cls))
    }

    func test_aMaskThatDropsClassBits_refusesRatherThanAccepts() {
        // The 36-bit arm64 device mask cuts this Mac-sized class pointer short: refused.
        XCTAssertNil(check(classMemory, registered: [cls], masks: [0x0000_000f_ffff_fff8]).classPointer(ofIsa: cls))
    }

    func test_theFirstMaskThatFindsAClass_wins() {
        // arm64 tries the device, simulator and arm64e masks in turn.
        let masks: [UInt] = [0x0000_000f_ffff_fff8, 0x0000_7fff_ffff_fff8, 0x007f_ffff_ffff_fff8]
        let isa = 0x0100_0000_0000_0001 | cls
        XCTAssertEqual(check(classMemory, registered: [cls], masks: masks).classPointer(ofIsa: isa), cls)
    }

    func test_nullAndMisalignedWords_areRefused() {
        XCTAssertNil(check(classMemory, registered: [cls]).classPointer(ofIsa: 0))
        XCTAssertFalse(check([cls + 4: metaclass], registered: [cls + 4]).hasClassShape(cls + 4, mask: UInt.max))
    }

    // MARK: - The name, read before class_getName

    func test_aBlockPointingAtAnInstanceOfARootClass_hasTheShape_butIsNeverHandedToClassGetName() {
        // A 16-byte NSObject instance: its isa is the root class, whose isa is the root
        // metaclass, so the shape holds with the instance in the class's place. class_getName
        // would read its `bits` 32 bytes in, past the object's end: nothing is mapped there.
        let instance: UInt = 0x0000_6000_0000_2010
        var memory = [instance: root, root: rootMetaclass, rootMetaclass: rootMetaclass]
        memory.merge(realizedClassData(of: root, rw: rw, ro: ro, name: nameText, text: "NSObject")) { $1 }
        let asked = AskedClasses()
        let checker = check(memory, registered: [root, instance], asked: asked)
        XCTAssertTrue(checker.hasClassShape(instance, mask: macMask), "the shape alone lets it through")
        XCTAssertNil(checker.classPointer(ofIsa: instance))
        XCTAssertEqual(asked.values, [], "the instance is never handed to class_getName")
    }

    func test_aNeighboursWordsWhereAnInstancesBitsWouldBe_leadToNoName() {
        // The next 16-byte block holds another object: its non-pointer isa sits where the
        // instance's `bits` would be, and masked it points at its class, not at class data.
        let instance: UInt = 0x0000_6000_0000_2010
        var memory: [UInt: UInt] = [instance: root, root: rootMetaclass, rootMetaclass: rootMetaclass,
                      instance + 32: 0x0100_0000_0000_0001 | cls]
        memory.merge(realizedClassData(of: root, rw: rw, ro: ro, name: nameText, text: "NSObject")) { $1 }
        let asked = AskedClasses()
        XCTAssertNil(check(memory, registered: [root, instance], asked: asked).classPointer(ofIsa: instance))
        XCTAssertEqual(asked.values, [])
    }

    func test_anUnrealizedClass_keepsItsNameInTheCompilersReadOnlyData() {
        // Before realization `bits` points at the class_ro_t itself: flags without RW_REALIZED
        // (RO_META clear, instanceStart 8 in the next four bytes), the name at 24.
        var memory: [UInt: UInt] = [cls: metaclass, metaclass: rootMetaclass, rootMetaclass: rootMetaclass,
                      cls + 32: ro, ro: 0x0000_0008_0000_0000, ro + 24: nameText]
        memory.merge(cString("ProfileCell", at: nameText)) { $1 }
        XCTAssertEqual(check(memory, registered: [cls]).classPointer(ofIsa: cls), cls)
    }

    func test_aClassWithExtendedData_findsItsReadOnlyDataThroughTheExtension() {
        // ro_or_rw_ext with bit 0 set: a class_rw_ext_t, whose ro is its first word.
        var memory = classMemory
        memory[rw + 8] = ext | 1
        memory[ext] = ro
        XCTAssertEqual(check(memory, registered: [cls]).classPointer(ofIsa: cls), cls)
        memory[ext] = nil
        XCTAssertNil(check(memory, registered: [cls]).classPointer(ofIsa: cls), "an extension that cannot be read")
    }

    func test_flagBitsAroundTheDataPointer_areMaskedOff() {
        // FAST_IS_SWIFT_STABLE (bit 1), FAST_HAS_DEFAULT_RR (bit 2) and, from objc4-866,
        // FAST_IS_RW_POINTER (bit 63).
        var memory = classMemory
        memory[cls + 32] = rw | 1 << 63 | 0b110
        XCTAssertEqual(check(memory, registered: [cls]).classPointer(ofIsa: cls), cls)
    }

    func test_aLazilyNamedSwiftClass_isLeftToTheRuntime_butANullNameOnAnythingElseIsRefused() {
        // A generic Swift class has no name until class_getName asks Swift's lazy namer, which
        // objc4 does for a class marked Swift in `bits`.
        var memory = classMemory
        memory[ro + 24] = 0
        XCTAssertNil(check(memory, registered: [cls]).classPointer(ofIsa: cls), "not marked Swift")
        memory[cls + 32] = rw | 0b10  // FAST_IS_SWIFT_STABLE
        XCTAssertEqual(check(memory, registered: [cls]).classPointer(ofIsa: cls), cls)
    }

    func test_aNameOnUnreadableMemory_orWithoutAnEnd_isRefused_withoutAskingTheRuntime() {
        let asked = AskedClasses()
        var memory = classMemory
        memory[ro + 24] = 0x0000_7ff8_4a70_0000
        XCTAssertNil(check(memory, registered: [cls], asked: asked).classPointer(ofIsa: cls), "unreadable text")
        let endless: UInt = 0x0000_7ff8_4a80_0000
        for offset in stride(from: 0, through: IsaClassCheck.longestName, by: 8) {
            memory[endless + UInt(offset)] = 0x4141_4141_4141_4141
        }
        memory[ro + 24] = endless
        XCTAssertNil(check(memory, registered: [cls], asked: asked).classPointer(ofIsa: cls), "no 0 byte within the bound")
        XCTAssertEqual(asked.values, [])
    }

    func test_aNameEndingInTheLastByteOfAWord_isFound() {
        var memory = classMemory
        memory.merge(cString("ABCDEFG", at: 0x0000_7ff8_4a60_0400)) { $1 }  // its 0 is byte 7
        memory[ro + 24] = 0x0000_7ff8_4a60_0400
        XCTAssertEqual(check(memory, registered: [cls]).classPointer(ofIsa: cls), cls)
    }

    func test_zeroBytesBeforeTheNamesStart_inItsFirstWord_areNotItsEnd() {
        // Text from byte 5 of a word whose bytes 0-4 are 0, with no end of its own in the bound.
        let start: UInt = 0x0000_7ff8_4a90_0005
        var memory = classMemory
        memory[start - 5] = 0x4141_4100_0000_0000
        for offset in stride(from: 3, through: IsaClassCheck.longestName + 8, by: 8) {
            memory[start + UInt(offset)] = 0x4141_4141_4141_4141
        }
        memory[ro + 24] = start
        XCTAssertNil(check(memory, registered: [cls]).classPointer(ofIsa: cls))
    }
}

/// The class pointers a check asked the runtime about, in order.
private final class AskedClasses: @unchecked Sendable {
    private(set) var values: [UInt] = []
    func append(_ value: UInt) { values.append(value) }
}
