// MARK: - TestContext

/// Which test case is running at each point of a log, from its test lines (`TestLogLine`).
///
/// XCTest runs one test case at a time and prints its start and its end, so a conflict belongs
/// to the test that started last. Swift Testing runs tests in parallel by default: a conflict
/// then goes to the test that started last of those running (exact with `.serialized` or
/// `--no-parallel`). xcbeautify prints no start line, only a result line after a test's
/// output, so a conflict read while no test is known to run waits for the next result line.
struct TestContext {
    /// Where a conflict read now belongs.
    enum Target: Equatable {
        /// The test case with this id (`ConflictRun.testID`).
        case test(Int)
        /// The test case of the next xcbeautify result line, or none when none follows.
        case awaitingResult
        /// Whatever the log before this piece of it ended in (`ConflictRunPieces`): a piece
        /// read apart knows nothing until its first test line.
        case inherited
    }

    /// The test cases running now, by id, in the order they started.
    private(set) var running: [Int] = []
    /// The suite the last suite line named: xcbeautify's result lines name the method alone.
    private(set) var suite: String?
    /// The groups of the conflicts waiting for a result line, with their counts.
    private(set) var awaiting: [Int: Int] = [:]

    /// Whether this is a piece of a log read apart from what came before it.
    let inherits: Bool
    /// Whether a test line was read: a piece's own context from then on.
    private(set) var sawTestLine = false
    /// Whether a suite line was read: until then a piece's suite is the log's before it.
    private(set) var sawSuite = false

    /// Most test cases held as running: a log whose tests never end cannot grow it.
    static let runningLimit = 256

    /// A context at the start of a log, or of a piece of one (`inherits`).
    init(inherits: Bool = false) {
        self.inherits = inherits
    }

    /// Where a conflict read now belongs.
    var current: Target {
        if let test = running.last { return .test(test) }
        return inherits && !sawTestLine ? .inherited : .awaitingResult
    }

    /// A test line was read.
    mutating func noteTestLine() { sawTestLine = true }

    /// A conflict of `group` waits for the next result line.
    mutating func wait(group: Int) { awaiting[group, default: 0] += 1 }

    /// Takes the conflicts that waited for a result line.
    mutating func takeAwaiting() -> [Int: Int] {
        defer { awaiting = [:] }
        return awaiting
    }

    /// A test case with id `test` starts.
    mutating func start(_ test: Int) {
        if running.count >= Self.runningLimit { running.removeFirst() }
        running.append(test)
    }

    /// The test case with id `test` ends.
    mutating func end(_ test: Int) {
        if let index = running.lastIndex(of: test) { running.remove(at: index) }
    }

    /// A suite starts.
    mutating func enter(suite name: String) {
        // The runner's own suites wrap the classes: `All tests`, `Selected tests`, a bundle.
        if name == "All tests" || name == "Selected tests" || name.hasSuffix(".xctest") { return }
        suite = name
        sawSuite = true
    }
}
