// MARK: - Which C surface this library was built with

/// The identity of the C entry surface, as the LLDB commands check it before their first call.
///
/// A library built from older or newer sources than the commands (a stale `.build`, an app that
/// links an old copy) may take other arguments under the same names, and a call cast to the
/// commands' prototype would then pass garbage into the app. The commands refuse it instead.
enum CEntrySurface {
    /// The first 16 hex digits of the SHA-256 of every `name prototype` line of the `@_cdecl`
    /// entry points, sorted, as `lldb/layoutdebug/constants.py` computes it from `PROTOTYPES`.
    /// Tests/python/test_c_surface.py recomputes it from CEntry/CEntryPoints*.swift and says
    /// the new value when an entry point changes.
    static let digest = "977f30f933328c8e"
}
