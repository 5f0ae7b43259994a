import XCTest
@testable import LayoutDebugSupport

/// The platform-free pieces the adapters use: mask text, trace parsing,
/// nametags, broken-constraint memory, ordinals, errors.
final class AdapterSupportTests: XCTestCase {
    override func tearDown() {
        Nametags.removeAll()
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    func test_autoresizingText_matchesUIKitLogs() {
        XCTAssertEqual(AutoresizingText.describe(0), "h=--& v=--&")
        XCTAssertEqual(AutoresizingText.describe(2 | 16), "h=-&- v=-&-")
        XCTAssertEqual(AutoresizingText.describe(1 | 32), "h=&-- v=--&")
    }

    func test_traceParser_readsVariablesAndLowercasesSizes() {
        let trace = """
        •UIWindow:0x55d0c0a0
        |   *UIView:0x55d0c2c0- AMBIGUOUS LAYOUT for UIView:0x55d0c2c0.minX{id: 7}, UIView:0x55d0c2c0.Width{id: 9}
        |   *UILabel:0xabc'Sign in'- AMBIGUOUS LAYOUT for UILabel:0xabc'Sign in'.minY{id: 12}
        """
        let parsed = AmbiguityTraceParser.parse(trace)
        XCTAssertEqual(parsed[0x55d0c2c0], ["minX", "width"])
        XCTAssertEqual(parsed[0xabc], ["minY"])
        XCTAssertNil(parsed[0x55d0c0a0])
    }

    func test_nametags_setClearAndForgetDeadObjects() {
        let object = NSObjectStandIn()
        Nametags.set("HeaderView", for: object)
        XCTAssertEqual(Nametags.name(for: object), "HeaderView")
        Nametags.set("", for: object)
        XCTAssertNil(Nametags.name(for: object))
        Nametags.set("Gone", for: object)
        let other = NSObjectStandIn()
        XCTAssertNil(Nametags.name(for: other))
    }

    func test_nametags_onAnObjectThatRefusesWeakReferences_holdNoWeakReference_andDropANewcomerOfAnotherClass() {
        // As for AppKit's NSTextView: a weak reference would abort the process.
        var held: [OtherStandIn] = []
        held.reserveCapacity(1000)
        let address = nameAnObjectThatRefusesWeakReferences("Editor")
        // malloc hands a freed block to a later allocation of its size; keep making objects
        // of another class, holding them, until one lands on the named object's address.
        var newcomer = OtherStandIn()
        while Nametags.address(of: newcomer) != address, held.count < 1000 {
            held.append(newcomer)
            newcomer = OtherStandIn()
        }
        XCTAssertEqual(Nametags.address(of: newcomer), address, "no allocation reused the address")
        XCTAssertNil(Nametags.name(for: newcomer))
    }

    /// Names a new object held without a weak reference, checks the name, lets the object
    /// die, and returns the address it had.
    private func nameAnObjectThatRefusesWeakReferences(_ name: String) -> UInt {
        let named = NSObjectStandIn()
        Nametags.set(name, for: named, holdingWeakly: false)
        XCTAssertEqual(Nametags.name(for: named), name)
        return Nametags.address(of: named)
    }

    func test_brokenConstraints_rememberedByIdentity() {
        let a = NSObjectStandIn(), b = NSObjectStandIn()
        BrokenConstraints.record(a)
        XCTAssertTrue(BrokenConstraints.contains(a))
        XCTAssertFalse(BrokenConstraints.contains(b))
    }

    func test_ordinals_countHitsAndRepeatForSameHit() {
        XCTAssertEqual(ConflictOrdinals.ordinal(constraint: 1, list: 2), 1)
        XCTAssertEqual(ConflictOrdinals.ordinal(constraint: 1, list: 2), 1)
        XCTAssertEqual(ConflictOrdinals.ordinal(constraint: 3, list: 2), 2)
        XCTAssertEqual(ConflictOrdinals.ordinal(constraint: 1, list: 2), 3)
    }

    func test_lookupError_messages() {
        XCTAssertEqual(LookupError.notAView(0xdeadbeef).message, "error: 0xdeadbeef is not a UIView")
        XCTAssertEqual(LookupError.notAConstraint(0x1).message, "error: 0x1 is not a constraint")
        XCTAssertEqual(LookupError.notAViewOrConstraint(0).message, "error: 0x0 is not a UIView or a constraint")
    }

    func test_reportOptions_rawValuesAreTheLDSFlags() {
        XCTAssertEqual(ReportOptions.json.rawValue, 1)
        XCTAssertEqual(ReportOptions.noDescend.rawValue, 2)
        XCTAssertEqual(ReportOptions.all.rawValue, 4)
        XCTAssertEqual(ReportOptions.systemFilter.rawValue, 8)
    }
}

/// A plain object to name; adapters' registries take any class instance.
private final class NSObjectStandIn {}

/// An object of another class with `NSObjectStandIn`'s size, so it may reuse its block.
private final class OtherStandIn {}
