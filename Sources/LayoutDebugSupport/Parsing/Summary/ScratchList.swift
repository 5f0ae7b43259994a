// MARK: - ScratchList

/// A short list emptied and filled again for every line (the address values
/// and spellings of a line's key), in storage it keeps.
///
/// An array cost each append a uniqueness check and each emptying a generic
/// call, together more than the lookups the list serves; a class over its
/// own buffer has neither. For trivial elements (plain values) only.
final class ScratchList<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements.
    private(set) var count = 0

    /// An empty list with room for `capacity` elements before it grows.
    init(capacity: Int = 16) {
        precondition(_isPOD(Element.self), "a scratch list holds plain values only")
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// The elements, in order; valid until the list next changes.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage, count: count) }

    /// The element at `index`, which is below `count`.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        return storage[index]
    }

    /// Empties the list, keeping its storage.
    func removeAll() { count = 0 }

    /// Adds `element` at the end.
    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
