import XCTest
@testable import LayoutDebugSupport

/// The address-keyed table the adapter's per-report caches use.
final class AddressTableTests: XCTestCase {
    func test_insertedValue_isFoundByItsAddress() {
        var table = AddressTable<String>()
        table.set("root", for: 0x5555_5565_3460)
        table.set("child", for: 0x5555_5565_5720)
        XCTAssertEqual(table.value(for: 0x5555_5565_3460), "root")
        XCTAssertEqual(table.value(for: 0x5555_5565_5720), "child")
        XCTAssertEqual(table.count, 2)
    }

    func test_absentKey_hasNoValue() {
        var table = AddressTable<Int>()
        XCTAssertNil(table.value(for: 0x1000))
        XCTAssertTrue(table.isEmpty)
        table.set(1, for: 0x1010)
        XCTAssertNil(table.value(for: 0x1000))
        XCTAssertNil(table.value(for: 0x1020))
    }

    func test_settingAKeyAgain_replacesItsValue() {
        var table = AddressTable<Int>()
        table.set(1, for: 0x2000)
        table.set(2, for: 0x2000)
        XCTAssertEqual(table.value(for: 0x2000), 2)
        XCTAssertEqual(table.count, 1)
    }

    func test_growing_keepsEveryEntry() {
        // Far past the initial capacity, with keys spaced like 16-byte
        // aligned objects, so probing and several regrowths are exercised.
        var table = AddressTable<UInt64>(minimumCapacity: 1)
        let keys = (1...5000).map { UInt64(0x7f00_0000_0000) + UInt64($0) * 16 }
        for key in keys { table.set(key / 16, for: key) }
        XCTAssertEqual(table.count, keys.count)
        for key in keys { XCTAssertEqual(table.value(for: key), key / 16) }
        XCTAssertNil(table.value(for: 0x7f00_0000_0000))
        XCTAssertNil(table.value(for: keys[keys.count - 1] + 16))
    }

    func test_addressZero_isStoredLikeAnyOther() {
        var table = AddressTable<Int>(minimumCapacity: 1)
        XCTAssertNil(table.value(for: 0))
        table.set(7, for: 0)
        for key in 1...40 { table.set(key, for: UInt64(key) * 16) }
        XCTAssertEqual(table.value(for: 0), 7)
        XCTAssertEqual(table.count, 41)
    }

    func test_copy_isIndependentOfTheOriginal() {
        var original = AddressTable<Int>()
        original.set(1, for: 0x3000)
        var copy = original
        copy.set(2, for: 0x3000)
        copy.set(3, for: 0x3010)
        XCTAssertEqual(original.value(for: 0x3000), 1)
        XCTAssertNil(original.value(for: 0x3010))
        XCTAssertEqual(copy.value(for: 0x3000), 2)
    }
}
