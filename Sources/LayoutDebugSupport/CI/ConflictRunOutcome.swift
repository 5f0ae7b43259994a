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
    /// `report(of:)` of each of `new`, made once: the printed text, the JUnit file, the Markdown
    /// summary and the annotations all hold it.
    let newReports: [String?]

    /// `run` against `baseline` (`nil`: every conflict is new).
    init(run: ConflictRun, baseline: ConflictBaseline?, failsOnGone: Bool = false) {
        self.run = run
        let groups = run.groups
        // The groups' indices are sorted, not the groups: a group (its first occurrence held
        // whole) is a large value to copy at each comparison.
        let order = groups.indices.sorted { Self.precedes($0, $1, in: groups) }
        new = order.filter { groups[$0].isNew }.map { groups[$0] }
        known = order.filter { !groups[$0].isNew }.map { groups[$0] }
        gone = baseline?.entries.filter { !run.hasGroup(signature: $0.signature) } ?? []
        self.failsOnGone = failsOnGone
        hasBaseline = baseline != nil
        newReports = new.map(Self.makeReport)
    }

    /// Whether the run fails: a new conflict, or a gone entry under `failsOnGone`.
    var fails: Bool { !new.isEmpty || (failsOnGone && !gone.isEmpty) }

    /// Yours first, then the most frequent, then by signature: a stable order.
    private static func precedes(_ a: Int, _ b: Int, in groups: [ConflictRun.Group]) -> Bool {
        if groups[a].owner != groups[b].owner { return groups[a].owner < groups[b].owner }
        if groups[a].count != groups[b].count { return groups[a].count > groups[b].count }
        return groups[a].signature < groups[b].signature
    }

    // MARK: - One conflict

    /// The report of a new conflict: the one its input held, or its first occurrence
    /// explained; `nil` when neither was kept (past `ConflictRun.reportLimit`).
    func report(of group: ConflictRun.Group) -> String? {
        Self.makeReport(of: group)
    }

    private static func makeReport(of group: ConflictRun.Group) -> String? {
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
        var out = TextBytes()
        writeWhereSeen(group, into: &out)
        return out.string
    }

    /// Appends `whereSeen(group)` to `out`.
    func writeWhereSeen(_ group: ConflictRun.Group, into out: inout TextBytes) {
        out.append(group.count)
        out.append("×")
        if group.testIDs.isEmpty {
            out.append(" outside any test case")
            return
        }
        out.append(" in ")
        writeTests(of: group, into: &out)
        if group.hasMoreTests { out.append(" and more") }
    }

    /// Appends the test cases `group` happened in, `A.b, C.d`.
    func writeTests(of group: ConflictRun.Group, into out: inout TextBytes) {
        for (index, test) in group.testIDs.enumerated() {
            if index > 0 { out.append(", ") }
            run.testCases[test].writeDisplay(into: &out)
        }
    }
}
