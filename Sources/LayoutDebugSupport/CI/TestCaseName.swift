// MARK: - TestCaseName

/// A test case as a test log names it: its suite (an XCTest class, a Swift Testing suite) and
/// its own name (a method, a function).
struct TestCaseName: Hashable, Comparable, Sendable {
    /// The class or suite, as the log prints it (`DemoAppTests.TitleTests`, `TitleTests`);
    /// `nil` when the log names none (a Swift Testing test outside a suite).
    var suite: String?
    /// The method or function (`testTitleLayout`, `example()`).
    var name: String

    /// A test case of `suite` called `name`.
    init(suite: String?, name: String) {
        self.suite = suite
        self.name = name
    }

    /// Hashes the name alone: a run's test cases share a few suites but seldom a name, and a
    /// log names thousands, each looked up (`ConflictRun.testID`). Equality compares both.
    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The names first, for the same reason: a look-up compares its key with every test case its
    /// probe meets, and two of them most often differ by their names alone.
    static func == (a: TestCaseName, b: TestCaseName) -> Bool {
        a.name == b.name && a.suite == b.suite
    }

    /// `Suite.name`, or the name alone: the one line reports and the baseline print.
    var display: String { suite.map { $0 + "." + name } ?? name }

    /// Appends `display` to `out`, without making it.
    func writeDisplay(into out: inout TextBytes) {
        if let suite {
            out.append(suite)
            out.append(".")
        }
        out.append(name)
    }

    /// `classname` in a JUnit file: the suite, or the name when there is none.
    var className: String { suite ?? name }

    static func < (a: TestCaseName, b: TestCaseName) -> Bool { a.display < b.display }
}

// MARK: - CodeLocation

/// A place in a source file: a test's failure line, a constraint's origin.
struct CodeLocation: Hashable, Sendable {
    /// The path as the log gave it (absolute for XCTest, a file name for SnapKit).
    var path: String
    /// The 1-based line.
    var line: Int

    /// `path` at `line`.
    init(path: String, line: Int) {
        self.path = path
        self.line = line
    }
}
