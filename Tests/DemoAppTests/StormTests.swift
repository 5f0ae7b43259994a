import XCTest

/// A conflict storm: a list of 300 rows, each breaking one constraint of three kinds.
final class StormTests: DemoAppTestCase {
    func testConflictStorm() throws { try layOut("conflict-storm", count: 300) }

    func testOwnerStorm() throws { try layOut("owner-storm", count: 30) }
}
