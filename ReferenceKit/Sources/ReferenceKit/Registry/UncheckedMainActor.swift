// MARK: - Main-actor code on any thread

/// Runs main-actor code on the calling thread, whatever it is, without the
/// executor check `MainActor.assumeIsolated` makes.
///
/// UIKit lets an app build and lay out a hierarchy on a background thread that
/// the main thread never touched (its engine raises only once the main thread
/// has used it, see `EngineAccess`), and such a hierarchy logs its conflicts on
/// that thread. ReferenceKit's types are main-actor isolated for Swift's
/// checks; the descriptions a conflict log prints use this so that they run on
/// that background thread as UIKit's do, where `assumeIsolated` would trap.
func uncheckedMainActor<T>(_ body: @MainActor () -> T) -> T {
    withoutActuallyEscaping(body) { body in
        unsafeBitCast(body, to: (() -> T).self)()
    }
}
