#if canImport(ObjectiveC)
import ObjectiveC
#endif

// MARK: - AutoreleasePool

/// Runs one C entry point's work in its own autorelease pool.
///
/// The debugger calls an entry point from a stopped thread, often one with no pool of its
/// own. The UIKit and AppKit getters a report calls (`constraints`, `subviews`) return
/// autoreleased arrays, which would otherwise pile up until that thread's pool drains, or
/// leak. ReferenceKit has no autorelease, so there it only runs `body`.
func withAutoreleasePool<T>(_ body: () -> T) -> T {
    #if canImport(ObjectiveC)
    return autoreleasepool(invoking: body)
    #else
    return body()
    #endif
}
