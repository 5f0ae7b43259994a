import XCTest

/// A test case that can catch its own failures instead of recording them, to check what an
/// assertion of ours reports (`assertNoLayoutTraps`, `assertNoNewLayoutConflicts`): each caught
/// failure's message, without XCTest's own `failed - ` before it, and its line.
class FailureCatchingTestCase: XCTestCase {
    /// Failures caught instead of recorded, while `catching` is on.
    var caught: [(description: String, line: Int)] = []
    var catching = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if catching {
            let message = description.hasPrefix("failed - ") ? String(description.dropFirst(9)) : description
            caught.append((message, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
}
