#if canImport(XCTest)
import XCTest
import LayoutDebugSupport
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif

// MARK: - An XCTest assertion for an app's test target

// A product of its own, so that the library LLDB injects never links XCTest:
// an app's test target adds `LayoutLintXCTest` and calls the one function below.

#if canImport(UIKit) || os(Linux)
/// The view type the assertion takes: `UIView`.
public typealias LintedView = UIView
#else
/// The view type the assertion takes: `NSView`.
public typealias LintedView = NSView
#endif

/// Fails the test with `llint`'s text when `view`'s tree has layout traps.
///
/// Lay the view out first (`layoutIfNeeded()`): frames are read as they stand.
///
/// - Parameters:
///   - view: The view to check, with its subviews.
///   - stress: Also re-solve a copy with doubled text and right to left.
///   - file: The file to report a failure in (the caller's).
///   - line: The line to report a failure at (the caller's).
@MainActor
public func assertNoLayoutTraps(in view: LintedView, stress: Bool = false,
                                file: StaticString = #filePath, line: UInt = #line) {
    let findings = LayoutLint.findings(in: view, stress: stress)
    guard !findings.isEmpty else { return }
    XCTFail(LintReport.text(findings), file: file, line: line)
}
#endif
