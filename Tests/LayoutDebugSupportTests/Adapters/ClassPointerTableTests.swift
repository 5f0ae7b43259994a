import XCTest
@testable import LayoutDebugSupport

/// The class table the Apple object checks use: raw words from the runtime's class list, and
/// `isa` values as objects carry them (objc4's non-pointer isa keeps the class in the middle
/// bits, with flags and a reference count around it).
final class ClassPointerTableTests: XCTestCase {
    private let macMask: UInt = 0x0000_7fff_ffff_fff8

    private func table(_ words: [UInt], masks: [UInt]) -> ClassPointerTable {
        words.withUnsafeBytes { ClassPointerTable(words: $0.baseAddress!, count: words.count, isaMasks: masks) }
    }

    func test_rawWords_areTheClassPointers_asObjectGetClassReturnsThem() {
        let classes: [UInt] = [0x0000_7ff8_4a3c_1230, 0x0000_0001_0000_8000, 0x0000_6000_0000_0010]
        let table = table(classes, masks: [macMask])
        XCTAssertEqual(table.count, 3)
        XCTAssertTrue(classes.allSatisfy { table.contains(classPointer: $0) })
        XCTAssertFalse(table.contains(classPointer: 0x0000_7ff8_4a3c_1238))
    }

    func test_nonPointerIsa_isMatchedUnderTheMask() {
        let cls: UInt = 0x0000_7ff8_4a3c_1230
        let table = table([cls], masks: [macMask])
        // x86_64 non-pointer isa: bit 0 set (nonpointer), bits 1-2 flags, the top byte an
        // inline retain count; 0x0100_0000_0000_0001 | cls | 0b110.
        XCTAssertTrue(table.contains(isa: 0x0100_0000_0000_0007 | cls))
        XCTAssertTrue(table.contains(isa: cls), "a raw isa is the class pointer itself")
        XCTAssertFalse(table.contains(isa: 0x0100_0000_0000_0001 | 0x0000_7ff8_4a3c_1240))
    }

    func test_aMaskThatDropsClassBits_refusesRatherThanAccepts() {
        let cls: UInt = 0x0000_7ff8_4a3c_1230
        // The 36-bit arm64 device mask cuts this Mac-sized class pointer short: refused.
        XCTAssertFalse(table([cls], masks: [0x0000_000f_ffff_fff8]).contains(isa: cls))
    }

    func test_emptyTable_refusesEverything() {
        XCTAssertFalse(ClassPointerTable().contains(isa: 0x0000_7ff8_4a3c_1230))
    }
}
