// MARK: - SummarizingCaches

/// What a summarizing parser learns as it reads: the constraint lines it has
/// read (`ConflictLineCache`), the conflicts it has signed
/// (`ConflictShapeCache`) and the names it has met (`StringInterner`).
///
/// A parser makes its own. Parsers that read the pieces of one file one
/// after another, on one thread, pass one set from each to the next
/// (`ConsoleLogReader.read(caches:)`), so that no piece reads again what an
/// earlier piece learned: a varied console's lines are met all through it,
/// and reading them once per piece cost a piece of a few megabytes a third
/// more. Only one parser may use a set at a time (the tables are not
/// locked), and only parsers given the same app modules (the readings hold
/// class names already shortened).
public final class SummarizingCaches {
    let lines = ConflictLineCache()
    let shapes = ConflictShapeCache()
    let interner = StringInterner()
    /// The conflicts it has read, by their blocks' bytes (`ConflictBlockCache`).
    let blocks = ConflictBlockCache()
    /// The conflicts other threads reading the same input have checked, and to which this set
    /// adds those it checks.
    let shared: SharedConflictBlocks?

    /// Empty caches.
    public init() { shared = nil }

    /// Empty caches of one of several threads reading pieces of one input, sharing the
    /// conflicts they check.
    init(sharing shared: SharedConflictBlocks) { self.shared = shared }
}
