// MARK: - ConflictRunOutcome

/// A test run's conflicts held against a baseline: the new ones (which fail the run), the known
/// ones, and the baseline's entries the run no longer shows.
struct ConflictRunOutcome {
    /// The run.
    let run: ConflictRun
    /// Conflicts the baseline lacks: yours first, then by count, then by signature.
    let new: [ConflictRun.Group]
    /// Conflicts the baseline holds, in the same order.
    let known: [ConflictRun.Group]
    /// Baseline entries no conflict of the run matched.
    let gone: [ConflictBaseline.Entry]
    /// Whether a gone entry fails the run (`--fail-on-gone`), so the baseline stays honest.
    let failsOnGone: Bool
    /// Whether a baseline was read: without one every conflict is new.
    let hasBaseline: Bool

    /// `run` against `baseline` (`nil`: every conflict is new).
    init(run: ConflictRun, baseline: ConflictBaseline?, failsOnGone: Bool = false) {
        self.run = run
        let sorted = run.groups.sorted(by: Self.precedes)
        new = sorted.filter(\.isNew)
        known = sorted.filter { !$0.isNew }
        let seen = Set(run.groups.map(\.signature))
        gone = baseline?.entries.filter { !seen.contains($0.signature) } ?? []
        self.failsOnGone = failsOnGone
        hasBaseline = baseline != nil
    }

    /// Whether the run fails: a new conflict, or a gone entry under `failsOnGone`.
    var fails: Bool { !new.isEmpty || (failsOnGone && !gone.isEmpty) }

    /// Yours first, then the most frequent, then by signature: a stable order.
    private static func precedes(_ a: ConflictRun.Group, _ b: ConflictRun.Group) -> Bool {
        if a.owner != b.owner { return a.owner < b.owner }
        if a.count != b.count { return a.count > b.count }
        return a.signature < b.signature
    }

    // MARK: - One conflict

    /// The report of a new conflict: the one its input held, or its first occurrence
    /// explained; `nil` when neither was kept (past `ConflictRun.reportLimit`).
    func report(of group: ConflictRun.Group) -> String? {
        if let given = group.givenReport { return given }
        guard var conflict = group.first?.snapshot else { return nil }
        let why = ConflictExplainer.explain(conflict).text
        conflict.unparsedLines = []
        return ConflictReportRenderer.text(conflict, why: why)
    }

    /// Where a new conflict's code is: the broken constraint's origin (SnapKit's
    /// `@File.swift#12`, a symbolicated backlog's `made at File.swift:12`), then any other
    /// constraint's, then the file of a test it happened in when the log showed one fail.
    func location(of group: ConflictRun.Group) -> CodeLocation? {
        if let conflict = group.first?.snapshot {
            let constraints = [conflict.brokenConstraint].compactMap { $0 } + conflict.mutuallyExclusive
            for constraint in constraints {
                if let place = constraint.sourceLocation.flatMap(Self.snapKitLocation) { return place }
            }
        }
        if let report = group.givenReport, let place = Self.madeAtLocation(in: report) { return place }
        for test in group.tests(in: run) {
            if let place = run.testLocations[test] { return place }
        }
        return nil
    }

    /// `File.swift#12` as a location.
    static func snapKitLocation(_ text: String) -> CodeLocation? {
        guard let hash = text.lastIndex(of: "#"), let line = Int(text[text.index(after: hash)...]), line > 0 else {
            return nil
        }
        return CodeLocation(path: String(text[..<hash]), line: line)
    }

    /// The first `made at File.swift:12` of a report.
    static func madeAtLocation(in report: String) -> CodeLocation? {
        for line in report.split(separator: "\n") {
            guard let range = line.range(of: "made at ") else { continue }
            let place = line[range.upperBound...].prefix { $0 != " " }
            guard let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]),
                  number > 0, colon > place.startIndex else { continue }
            return CodeLocation(path: String(place[..<colon]), line: number)
        }
        return nil
    }

    /// `3× in TitleTests.testTitleLayout, FeedTests.testStack`, or `3× outside any test case`.
    func whereSeen(_ group: ConflictRun.Group) -> String {
        let tests = group.tests(in: run).map(\.display)
        var text = "\(group.count)×"
        if tests.isEmpty { return text + " outside any test case" }
        text += " in " + tests.joined(separator: ", ")
        if group.hasMoreTests { text += " and more" }
        return text
    }
}
