import XCTest

/// Table cells: a width too wide for its cell, a squeezed stack, a reused cell (transient).
final class CellTests: DemoAppTestCase {
    func testCellWidth() throws { try layOut("cell-width-conflict") }

    func testStackInCell() throws { try layOut("stack-conflict") }

    func testCellReuse() throws { try layOut("cell-reuse-conflict") }
}
