// MARK: - TestLogEvent

/// What one line of a test log says about the test cases around it.
enum TestLogEvent: Equatable {
    /// A test case starts: what follows is its output (XCTest, Swift Testing).
    case started(TestCaseName)
    /// A test case passed, failed or was skipped: its output ends.
    case ended(TestCaseName)
    /// xcbeautify's result line: it drops the start lines, so the output since the previous
    /// result line is this test case's.
    case completed(TestCaseName)
    /// A suite starts (`Test Suite 'TitleTests' started at …`): the class of the tests after it.
    case suite(String)
    /// XCTest's failure line: where the test failed, so where its file is.
    case failure(TestCaseName, CodeLocation)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - TestLogLine

/// Reads the lines test runners print about test cases, in every form a CI log holds them:
///
/// - XCTest through `xcodebuild`: `Test Case '-[DemoAppTests.TitleTests testTitleLayout]' started.`,
///   `… passed (0.012 seconds).`, `… failed (…)`, `… skipped (…)`; a failure
///   `/path/TitleTests.swift:42: error: -[DemoAppTests.TitleTests testTitleLayout] : XCTAssert… failed`
///   (the forms xcbeautify's `TestCaseStartedCaptureGroup`, `TestCasePassedCaptureGroup` and
///   `FailingTestCaptureGroup` match, cpisciotta/xcbeautify `Sources/XcbeautifyLib/CaptureGroups.swift`);
/// - XCTest on Linux (`swift test`): `Test Case 'TitleTests.testTitleLayout' started at 2026-11-29 10:00:00.000`,
///   `… passed (0.012 seconds)` and `/path/File.swift:42: error: TitleTests.testTitleLayout : …`
///   (swiftlang/swift-corelibs-xctest `Sources/XCTest/Private/PrintObserver.swift`);
/// - Swift Testing: `◇ Test example() started.`, `✔ Test example() passed after 0.001 seconds.`,
///   `✘ Test example() failed after …`, `➜ Test example() skipped.`, `◇ Suite TitleTests started.`;
///   the first character is a symbol, a Unicode one or an SF Symbols private-use one on a Mac
///   (swiftlang/swift-testing `Sources/Testing/Events/Recorder/Event.Symbol.swift`,
///   `Event.HumanReadableOutputRecorder.swift`), sometimes coloured with ANSI escapes;
/// - xcbeautify's output, which drops every start line and prints a result line after the test's
///   output: `    ✔ testTitleLayout (0.012 seconds)`, `    ✖ testTitleLayout, XCTAssert… failed`,
///   `    ✖ example() (0.001 seconds) 1 issue(s)`, `    ⊘ testSkipped (0.000 seconds)`, under its suite's
///   `Test Suite 'TitleTests' started at …` (xcbeautify `Renderers/OutputRendering.swift`,
///   `Constants.swift`'s `TestStatus`).
///
/// Only the start of a line is looked at, and most lines are rejected by their first byte.
enum TestLogLine {
    /// The event the line `start..<end` of `text` prints, or `nil` for any other line.
    static func event(_ text: ByteText, _ start: Int, _ end: Int) -> TestLogEvent? {
        var names = TestNameMemo()
        return event(text, start, end, names: &names)
    }

    /// `event`, with the XCTest names read on earlier lines (`TestNameMemo`).
    static func event(_ text: ByteText, _ start: Int, _ end: Int, names: inout TestNameMemo) -> TestLogEvent? {
        var index = skipBlanksAndEscapes(text, start, end)
        guard index < end else { return nil }
        // A GitHub workflow command xcbeautify's GitHub renderer wraps a line in (`::error …::line`).
        if text[index] == UInt8(ascii: ":"), text.has("::", at: index),
           let close = text.firstIndex(of: "::", from: index + 2, to: end) {
            index = skipBlanksAndEscapes(text, close + 2, end)
        }
        guard index < end else { return nil }
        switch text[index] {
        case UInt8(ascii: "T"):
            return xctest(text, index, end, &names)
        case UInt8(ascii: "/"):
            return failure(text, index, end, &names)
        case 0x80...:
            return symbolLine(text, index, end)
        default:
            return nil
        }
    }

    // MARK: - XCTest

    /// `Test Case '…' started…|passed…|failed…|skipped…` or `Test Suite '…' started at …`.
    private static func xctest(_ text: ByteText, _ start: Int, _ end: Int, _ names: inout TestNameMemo) -> TestLogEvent? {
        if text.has("Test Suite '", at: start) {
            guard let close = text.firstIndex(of: "' started", from: start + 12, to: end) else { return nil }
            return .suite(text.string(start + 12, close))
        }
        guard text.has("Test Case '", at: start),
              let close = text.firstIndex(of: "' ", from: start + 11, to: end),
              let test = names.name(text, start + 11, close) else { return nil }
        let verb = close + 2
        if text.has("started", at: verb) { return .started(test) }
        if text.has("passed", at: verb) || text.has("failed", at: verb) || text.has("skipped", at: verb) {
            return .ended(test)
        }
        return nil
    }

    /// `-[Module.Class method]` (Apple's XCTest) or `Class.method` (swift-corelibs-xctest), the
    /// bytes `start..<end` of `text`. Read as bytes: a log has two of these per test case.
    static func xctestName(_ text: ByteText, _ start: Int, _ end: Int) -> TestCaseName? {
        guard end > start else { return nil }
        if end - start > 3, text[start + 1] == UInt8(ascii: "["), text[end - 1] == UInt8(ascii: "]"),
           text[start] == UInt8(ascii: "-") || text[start] == UInt8(ascii: "+") {
            guard let space = text.firstIndex(of: UInt8(ascii: " "), from: start + 2, to: end - 1) else { return nil }
            return TestCaseName(suite: text.string(start + 2, space), name: text.string(space + 1, end - 1))
        }
        guard let dot = text.lastIndex(of: UInt8(ascii: "."), from: start + 1, to: end) else {
            return TestCaseName(suite: nil, name: text.string(start, end))
        }
        return TestCaseName(suite: text.string(start, dot), name: text.string(dot + 1, end))
    }

    /// `PATH:LINE: error: TEST : message`.
    private static func failure(_ text: ByteText, _ start: Int, _ end: Int, _ names: inout TestNameMemo) -> TestLogEvent? {
        guard let marker = text.firstIndex(of: ": error: ", from: start, to: end),
              let colon = text.lastIndex(of: UInt8(ascii: ":"), from: start, to: marker),
              let line = Int(text.string(colon + 1, marker)), line > 0,
              let testEnd = text.firstIndex(of: " : ", from: marker + 9, to: end),
              let test = names.name(text, marker + 9, testEnd) else { return nil }
        return .failure(test, CodeLocation(path: text.string(start, colon), line: line))
    }

    // MARK: - A symbol first: Swift Testing and xcbeautify

    /// A line that starts with a non-ASCII character: Swift Testing's event lines and
    /// xcbeautify's result lines.
    private static func symbolLine(_ text: ByteText, _ start: Int, _ end: Int) -> TestLogEvent? {
        let symbolEnd = start + scalarLength(text[start])
        guard symbolEnd < end else { return nil }
        let afterSymbol = skipBlanksAndEscapes(text, symbolEnd, end)
        guard afterSymbol > symbolEnd || text[symbolEnd] == 0x1B else { return nil }
        if let event = swiftTesting(text, afterSymbol, end) { return event }
        return xcbeautifyResult(text, start, symbolEnd, afterSymbol, end)
    }

    /// `Test NAME started.`, `Test NAME passed after …`, `failed after …`, `skipped…`, and
    /// `Suite NAME started.`, after the symbol.
    private static func swiftTesting(_ text: ByteText, _ start: Int, _ end: Int) -> TestLogEvent? {
        let trimmedEnd = text.trimmed(start, end).1
        if text.has("Suite ", at: start) {
            guard text.has(" started.", at: trimmedEnd - 9) else { return nil }
            return .suite(text.string(start + 6, trimmedEnd - 9))
        }
        guard text.has("Test ", at: start), !text.has("Test run ", at: start) else { return nil }
        let nameStart = start + 5
        if text.has(" started.", at: trimmedEnd - 9), trimmedEnd - 9 > nameStart {
            return .started(TestCaseName(suite: nil, name: text.string(nameStart, trimmedEnd - 9)))
        }
        for verb in [" passed after ", " failed after ", " skipped"] as [StaticString] {
            if let found = text.firstIndex(of: verb, from: nameStart, to: trimmedEnd), found > nameStart {
                return .ended(TestCaseName(suite: nil, name: text.string(nameStart, found)))
            }
        }
        return nil
    }

    /// xcbeautify's `✔ NAME (T seconds)`, `✖ NAME, reason`, `✖ NAME (T seconds) N issue(s)`,
    /// `⊘ NAME (T seconds)` or `⊘ NAME skipped`.
    private static func xcbeautifyResult(_ text: ByteText, _ symbol: Int, _ symbolEnd: Int, _ start: Int,
                                         _ end: Int) -> TestLogEvent? {
        guard text.has("✔", at: symbol) || text.has("✖", at: symbol) || text.has("⊘", at: symbol),
              symbolEnd - symbol == 3 else { return nil }
        var nameEnd = start
        while nameEnd < end {
            if text.has(" (", at: nameEnd) || text.has(", ", at: nameEnd) || text.has(" skipped", at: nameEnd) { break }
            nameEnd += 1
        }
        guard nameEnd > start, nameEnd < end else { return nil }
        return .completed(TestCaseName(suite: nil, name: text.string(start, nameEnd)))
    }

    // MARK: - Bytes

    /// The first index at or after `start` that is neither a blank nor part of an ANSI escape
    /// (`ESC [ … letter`), which coloured output puts around symbols and times.
    static func skipBlanksAndEscapes(_ text: ByteText, _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end {
            let byte = text[index]
            if byte == 0x20 || byte == 0x09 {
                index += 1
            } else if byte == 0x1B, index + 1 < end, text[index + 1] == UInt8(ascii: "[") {
                index += 2
                while index < end, !(text[index] >= 0x40 && text[index] <= 0x7E) { index += 1 }
                index += 1
            } else {
                break
            }
        }
        return min(index, end)
    }

    /// The length of the UTF-8 sequence whose first byte is `lead` (1 for a stray byte).
    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}

// MARK: - TestNameMemo

/// The XCTest name read last, kept with its bytes. A test's end line names the test its start
/// line named (and a failure line the test running), so its name is compared with those bytes
/// instead of made into two strings again.
struct TestNameMemo {
    private var bytes: [UInt8] = []
    private var last: TestCaseName?

    /// `TestLogLine.xctestName` of the bytes `start..<end` of `text`.
    mutating func name(_ text: ByteText, _ start: Int, _ end: Int) -> TestCaseName? {
        let count = end - start
        if let last, count > 0, bytes.count == count,
           bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, text.base + start, count) == 0 }) {
            return last
        }
        guard let name = TestLogLine.xctestName(text, start, end) else { return nil }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.base + start, count: count))
        last = name
        return name
    }
}
