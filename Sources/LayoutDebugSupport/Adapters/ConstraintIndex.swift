#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - ConstraintIndex

/// Constraints held by the ancestors on the current descent path, by the
/// items they name, so each view finds its ancestors' constraints in O(1).
///
/// Each ancestor's list is kept once, as a level; the index files positions
/// in those lists, so filing a constraint copies no snapshot. Leaving a
/// level only closes it: lookups skip positions in closed levels. (A valid
/// hierarchy never needs that, since a constraint names only views below
/// the one holding it, but nothing here relies on it.)
struct ConstraintIndex {
    /// One constraint filed under one item it names.
    private struct Filing {
        var level: Int
        var offset: Int
        /// The item's next filing, in push order, or `-1`.
        var next: Int
    }

    private var levels: [[ConstraintSnapshot]] = []
    private var isOpen: [Bool] = []
    private var openLevels: [Int] = []
    /// Every filing, chained per item through `next`: one array rather than
    /// an array per item, so filing a constraint allocates nothing.
    private var filings: [Filing] = []
    /// Each item's first and last filing, in the order items were first filed.
    private var chains: [(first: Int, last: Int)] = []
    /// Each item's position in `chains`, by the item's address: a filing then
    /// updates its chain with one lookup, where looking the ends up and
    /// storing them back took two.
    private var chainPositions = AddressTable<Int>()

    /// Files each constraint of one ancestor under the items it names (by
    /// address, which the snapshot already holds, so no weak item reference
    /// is loaded again).
    mutating func push(_ constraints: [ConstraintSnapshot]) {
        let level = levels.count
        levels.append(constraints)
        isOpen.append(true)
        openLevels.append(level)
        for offset in constraints.indices {
            let first = constraints[offset].firstItem?.address
            let second = constraints[offset].secondItem?.address
            if let first { file(under: first, level: level, offset: offset) }
            // A constraint relating a view to itself is filed once.
            if let second, second != first { file(under: second, level: level, offset: offset) }
        }
    }

    /// Appends a filing to the end of `item`'s chain.
    private mutating func file(under item: UInt64, level: Int, offset: Int) {
        let index = filings.count
        filings.append(Filing(level: level, offset: offset, next: -1))
        if let position = chainPositions.value(for: item) {
            filings[chains[position].last].next = index
            chains[position].last = index
        } else {
            chainPositions.set(chains.count, for: item)
            chains.append((index, index))
        }
    }

    /// Closes the last level `push` opened; pushes and pops nest.
    mutating func pop() {
        guard let level = openLevels.popLast() else { return }
        isOpen[level] = false
        // Its snapshots are never looked up again: freeing them now lets the
        // next subtree reuse memory that is still in the cache.
        levels[level] = []
    }

    /// The open levels' constraints that name `view`, in the order they were pushed.
    func constraints(naming view: PlatformView) -> [ConstraintSnapshot] {
        guard let position = chainPositions.value(for: LiveAdapter.key(view)) else { return [] }
        let chain = chains[position]
        // Counted first, so the array is allocated once rather than regrown.
        var count = 0
        var index = chain.first
        while index >= 0 {
            if isOpen[filings[index].level] { count += 1 }
            index = filings[index].next
        }
        var found: [ConstraintSnapshot] = []
        found.reserveCapacity(count)
        index = chain.first
        while index >= 0 {
            let filing = filings[index]
            if isOpen[filing.level] { found.append(levels[filing.level][filing.offset]) }
            index = filing.next
        }
        return found
    }
}
#endif
