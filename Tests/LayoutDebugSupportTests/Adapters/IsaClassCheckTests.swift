import Foundation
import XCTest
@testable import LayoutDebugSupport

/// The Apple object check's decision, over hand-made memory: an `isa` names a class when the
/// class → metaclass → root metaclass chain closes on itself and the runtime, asked by name
/// about that one class, answers with it. Addresses and masks are objc4's shapes: a Mac's
/// `ISA_MASK` and a non-pointer `isa` with flags and an inline retain count around the class.
final class IsaClassCheckTests: XCTestCase {
    private let macMask: UInt = 0x0000_7fff_ffff_fff8
    private let cls: UInt = 0x0000_7ff8_4a3c_1230
    private let metaclass: UInt = 0x0000_7ff8_4a3c_1208
    private let rootMetaclass: UInt = 0x0000_7ff8_4a00_00f0

    /// Memory where `cls` is a subclass: its isa the metaclass, the metaclass's the root
    /// metaclass, the root metaclass's itself (each stored as a raw class `isa`).
    private var classMemory: [UInt: UInt] {
        [cls: metaclass, metaclass: rootMetaclass, rootMetaclass: rootMetaclass]
    }

    /// A check over `memory`, recording each class the runtime is asked about in `asked`.
    private func check(_ memory: [UInt: UInt], registered: Set<UInt>, masks: [UInt]? = nil,
                       asked: AskedClasses = AskedClasses()) -> IsaClassCheck {
        IsaClassCheck(isaMasks: masks ?? [macMask], readWord: { memory[$0] },
                      isRegisteredClass: { asked.append($0); return registered.contains($0) })
    }

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
        let root: UInt = 0x0000_7ff8_4a00_0118
        let memory = [root: rootMetaclass, rootMetaclass: rootMetaclass]
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
}

/// The class pointers a check asked the runtime about, in order.
private final class AskedClasses: @unchecked Sendable {
    private(set) var values: [UInt] = []
    func append(_ value: UInt) { values.append(value) }
}
