// MARK: - ConflictRun

/// The conflicts of one test run grouped by signature, each with the test cases it appeared
/// in: what `layout-explain --ci` compares with a baseline and writes for CI.
///
/// Memory grows with the distinct signatures and test cases, never with the log: a group keeps
/// its count, its first `testLimit` test cases and, for a conflict the baseline lacks, the
/// first occurrence in full (its report).
struct ConflictRun {
    /// One signature's conflicts.
    struct Group {
        /// The signature (`ConflictSnapshot.signature`), or a label for conflicts without one.
        let signature: String
        /// Whose conflict it is (`ConflictTriage`).
        let owner: ConflictOwner
        /// Whether the baseline lacks it.
        let isNew: Bool
        /// How many times it happened.
        var count = 0
        /// The test cases it happened in (ids into `ConflictRun.testCases`), first seen first,
        /// at most `testLimit`.
        var testIDs: [Int] = []
        /// Whether it happened in more test cases than `testIDs` holds.
        var hasMoreTests = false
        /// How many of its conflicts no test case was running for.
        var outsideTests = 0
        /// Its first occurrence read in full, with its line numbers: kept for new conflicts,
        /// up to `ConflictRun.reportLimit` of them, to explain in the results.
        var first: ParsedConflict?
        /// The report the input already held (a monitor backlog's), for a new conflict.
        var givenReport: String?
    }

    /// The groups, in the order their signatures first appeared.
    var groups: [Group] = []
    /// Every test case the log started or finished, in order.
    var testCases: [TestCaseName] = []
    /// Where each test case failed, when the log says (XCTest's failure line): the test's file.
    var testLocations: [TestCaseName: CodeLocation] = [:]
    /// All conflicts read.
    var total = 0
    /// The lines read.
    var lines = 0
    /// Whether the log ended inside a conflict (a list never closed, a header with no list,
    /// "recover by breaking" with no constraint after it): the log was cut.
    var endsInsideConflict = false

    /// The signatures the baseline holds.
    let known: Set<String>
    /// How many new groups get their first occurrence kept in full.
    let reportLimit: Int
    var reportsKept = 0
    private var groupOfSignature: [String: Int] = [:]
    /// The group of each of the parser's shape ids: a number looked up per conflict, not a
    /// signature hashed (a signature is hashed once per shape). Shape ids belong to one parser.
    private var groupOfShape: [Int: Int] = [:]
    private var testOfName: [TestCaseName: Int] = [:]
    /// The test case named last, and its id: a log names each test twice in a row (its start,
    /// its end), and comparing two names costs less than hashing one.
    private var lastTest: (name: TestCaseName, id: Int)?

    /// Most test cases a group lists; the rest are counted as "and more".
    static let testLimit = 8

    /// An empty run.
    ///
    /// - Parameters:
    ///   - known: the baseline's signatures; a conflict with any other is new.
    ///   - reportLimit: how many new conflicts to keep in full for their reports.
    init(known: Set<String> = [], reportLimit: Int = 50) {
        self.known = known
        self.reportLimit = max(0, reportLimit)
        // A run shows about the conflicts its baseline holds: the tables seldom grow.
        groupOfSignature.reserveCapacity(known.count)
        groups.reserveCapacity(known.count)
    }

    /// An empty run for a piece of the same input, read apart: it knows the baseline's
    /// signatures and the report limit this run does.
    func emptyPiece() -> ConflictRun { ConflictRun(known: known, reportLimit: reportLimit) }

    // MARK: - Adding

    /// Counts one conflict; the caller notes its test case (`note(test:in:)`).
    ///
    /// - Returns: the conflict's group, and whether its first occurrence should be kept in
    ///   full (a new group's, while fewer than `reportLimit` are kept).
    @discardableResult
    mutating func add(_ parsed: ParsedConflict) -> (group: Int, keepsFirst: Bool) {
        total += 1
        let group = self.group(of: parsed)
        groups[group].count += 1
        let keeps = groups[group].isNew && groups[group].count == 1 && reportsKept < reportLimit
        if keeps { reportsKept += 1 }
        return (group, keeps)
    }

    /// Adds `test` (an id) to the test cases of `group`.
    mutating func note(test: Int?, in group: Int, count: Int = 1) {
        guard let test else {
            groups[group].outsideTests += count
            return
        }
        if groups[group].testIDs.last == test || groups[group].testIDs.contains(test) { return }
        if groups[group].testIDs.count < Self.testLimit {
            groups[group].testIDs.append(test)
        } else {
            groups[group].hasMoreTests = true
        }
    }

    /// Keeps `parsed`, read in full, as the first occurrence of `group`.
    mutating func keepFirst(_ parsed: ParsedConflict, of group: Int) {
        groups[group].first = parsed
    }

    /// The group of `parsed`'s signature, made when new.
    private mutating func group(of parsed: ParsedConflict) -> Int {
        if let shape = parsed.shape, parsed.hasReadableConstraint {
            if let group = groupOfShape[shape] { return group }
            let group = self.group(signature: Self.signature(of: parsed), owner: parsed)
            groupOfShape[shape] = group
            return group
        }
        return group(signature: Self.signature(of: parsed), owner: parsed)
    }

    private mutating func group(signature: String, owner parsed: ParsedConflict) -> Int {
        group(signature: signature) { parsed.owner ?? ConflictTriage.owner(of: parsed.snapshot) }
    }

    /// The group of `signature`, made with `owner` when new.
    mutating func group(signature: String, owner: ConflictOwner) -> Int {
        group(signature: signature) { owner }
    }

    /// The group of `signature`, made when new with the owner `owner` works out (only then).
    private mutating func group(signature: String, owner: () -> ConflictOwner) -> Int {
        let next = groups.count
        let group = Self.value(for: signature, in: &groupOfSignature, storingIfAbsent: next)
        if group == next {
            groups.append(Group(signature: signature, owner: owner(), isNew: !known.contains(signature)))
        }
        return group
    }

    /// The id `ids` holds for `key`, `fresh` stored first when it holds none: the key hashed
    /// once, where a look-up and then an insertion hash it twice (a signature is hundreds of
    /// bytes, and a log names thousands of test cases).
    private static func value<Key: Hashable>(for key: Key, in ids: inout [Key: Int], storingIfAbsent fresh: Int) -> Int {
        func read(_ id: inout Int) -> Int { id }
        return read(&ids[key, default: fresh])
    }

    /// Whether a conflict with `signature` was read.
    func hasGroup(signature: String) -> Bool { groupOfSignature[signature] != nil }

    /// Forgets the shape ids of the parser that read so far: the next input's numbers its own.
    mutating func finishInput() {
        groupOfShape = [:]
    }

    /// The signature a conflict is grouped by: its own, or a label when it has no readable
    /// constraint (as `--summary` counts it).
    static func signature(of parsed: ParsedConflict) -> String {
        guard parsed.hasReadableConstraint else {
            return parsed.snapshot.isRedacted ? "(redacted by the OS: <private>)" : "(no readable constraint)"
        }
        return parsed.signature ?? parsed.snapshot.signature
    }

    // MARK: - Test cases

    /// The id of `test`, numbered in order of first appearance.
    mutating func testID(_ test: TestCaseName) -> Int {
        if let lastTest, lastTest.name == test { return lastTest.id }
        let next = testCases.count
        let id = Self.value(for: test, in: &testOfName, storingIfAbsent: next)
        if id == next { testCases.append(test) }
        lastTest = (test, id)
        return id
    }

    /// Notes where `test` failed, the first time the log says.
    mutating func noteFailure(of test: TestCaseName, at location: CodeLocation) {
        if testLocations[test] == nil { testLocations[test] = location }
    }

    /// Adds a group that came whole (a monitor backlog's line): its count, owner and report.
    mutating func add(signature: String, owner: ConflictOwner, count: Int, report: String?) {
        total += count
        let group = self.group(signature: signature, owner: owner)
        groups[group].count += count
        groups[group].outsideTests += count
        if groups[group].givenReport == nil, groups[group].isNew, reportsKept < reportLimit, let report {
            groups[group].givenReport = report
            reportsKept += 1
        }
    }

    /// Counts the lines read.
    mutating func addLines(_ count: Int) { lines += count }

    /// Marks the log as cut inside a conflict.
    mutating func markCut() { endsInsideConflict = true }
}

// MARK: - Reading the groups

extension ConflictRun.Group {
    /// The test cases it happened in (up to `ConflictRun.testLimit`), from the run's table.
    func tests(in run: ConflictRun) -> [TestCaseName] { testIDs.map { run.testCases[$0] } }
}
