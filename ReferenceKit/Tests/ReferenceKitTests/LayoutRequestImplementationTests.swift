import Foundation
import XCTest
@testable import ReferenceKit

/// `setNeedsLayout`, `setNeedsUpdateConstraints` and the frame setter can be replaced as a
/// swizzle replaces UIKit's: the replacement runs first, and the view is marked (or moved)
/// only by the implementation it replaced.
final class LayoutRequestImplementationTests: XCTestCase {
    func test_aReplacedSetNeedsLayout_runsFirst_andMarksOnlyThroughTheImplementationItReplaced() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.layoutIfNeeded()
            var calls: [String] = []
            var replaced: MarkImplementation?
            let spy = MarkImplementation { marked in
                calls.append("spy \(marked === view)")
                replaced?.body(marked)
            }
            replaced = ReferenceKitDebugHooks.setImplementation(of: .setNeedsLayout, spy)
            defer { XCTAssertTrue(ReferenceKitDebugHooks.setImplementation(of: .setNeedsLayout, replaced!) === spy) }
            view.setNeedsLayout()
            XCTAssertEqual(calls, ["spy true"])
            XCTAssertTrue(view.cycleMarks.needsLayout, "the replaced implementation marked it")
        }
    }

    func test_aReplacementThatDoesNotCallTheOldOne_leavesTheViewUnmarked() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.updateConstraintsIfNeeded()
            let silent = MarkImplementation { _ in }
            let replaced = ReferenceKitDebugHooks.setImplementation(of: .setNeedsUpdateConstraints, silent)
            view.setNeedsUpdateConstraints()
            XCTAssertTrue(ReferenceKitDebugHooks.setImplementation(of: .setNeedsUpdateConstraints, replaced) === silent)
            XCTAssertFalse(view.needsUpdateConstraints())
            view.setNeedsUpdateConstraints()
            XCTAssertTrue(view.needsUpdateConstraints(), "the original is back")
        }
    }

    func test_aReplacedFrameSetter_seesTheOldAndNewFrame_andTheBoundsSetterGoesThroughIt() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
            var seen: [(CGRect, CGRect)] = []
            var replaced: SetFrameImplementation?
            let spy = SetFrameImplementation { moved, frame in
                seen.append((moved.frame, frame))
                replaced?.body(moved, frame)
            }
            replaced = ReferenceKitDebugHooks.setFrameImplementation(spy)
            view.frame.size.width = 30
            view.bounds = CGRect(x: 0, y: 0, width: 40, height: 10)
            XCTAssertTrue(ReferenceKitDebugHooks.setFrameImplementation(replaced!) === spy)
            XCTAssertEqual(seen.map(\.0), [CGRect(x: 5, y: 5, width: 10, height: 10), CGRect(x: 5, y: 5, width: 30, height: 10)])
            XCTAssertEqual(seen.map(\.1), [CGRect(x: 5, y: 5, width: 30, height: 10), CGRect(x: 5, y: 5, width: 40, height: 10)])
            XCTAssertEqual(view.frame, CGRect(x: 5, y: 5, width: 40, height: 10))
            XCTAssertTrue(view.cycleMarks.needsLayout, "a new size is laid out anew, by the implementation replaced")
        }
    }
}
