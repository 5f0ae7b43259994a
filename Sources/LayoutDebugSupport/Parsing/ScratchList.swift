// MARK: - ScratchList

/// A short list emptied and filled again for every line (the address values
/// and spellings of a line's key). Emptying it only sets its count back:
/// `Array.removeAll(keepingCapacity:)` is a generic call that cost more
/// than the lookups the list serves.
struct ScratchList<Element> {
    private var storage: [Element] = []
    /// The number of elements.
    private(set) var count = 0

    /// The elements, in order.
    var elements: ArraySlice<Element> { storage[..<count] }

    /// The element at `index`, which is below `count`.
    subscript(index: Int) -> Element { storage[index] }

    /// Empties the list, keeping its storage.
    mutating func removeAll() { count = 0 }

    /// Adds `element` at the end.
    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }
}
