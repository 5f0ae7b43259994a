import CoreFoundation
import Foundation
import XCTest
@testable import ReferenceKit

/// Passes that never end: a window marked again by its own pass runs another; an AppKit
/// window stops past as many passes as it has views; UIKit's feedback loop debugger
/// stops at its threshold.
final class DisplayCycleLoopTests: XCTestCase {
    /// A view whose `layoutSubviews` marks itself again and writes how many times it ran.
    @MainActor
    final class SelfMarking: UIView {
        var layouts = 0
        override func layoutSubviews() {
            layouts += 1
            FileHandle.standardError.write(Data("layout \(layouts)\n".utf8))
            setNeedsLayout()
        }
    }

    /// Siblings whose `updateConstraints` each mark the other.
    @MainActor
    final class PingPong: UIView {
        var name = ""
        weak var other: UIView?
        var updates = 0
        override func updateConstraints() {
            updates += 1
            FileHandle.standardError.write(Data("update \(name) \(updates)\n".utf8))
            other?.setNeedsUpdateConstraints()
            super.updateConstraints()
        }
    }

    /// A window of the given rules holding `view` under a root view: three views.
    @MainActor
    private func window(_ rules: DisplayCycleRules, holding view: UIView) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        window.displayCycleRules = rules
        let root = UIView(frame: window.bounds)
        window.addSubview(root)
        makeChild(of: root, view)
        return window
    }

    func test_anAppKitWindow_markedInItsLayoutPass_raisesPastAsManyPassesAsViews() {
        let text = textOfChildThatDies {
            let view = SelfMarking()
            let window = window(.appKit, holding: view)
            FileHandle.standardError.write(Data("description \(window.windowDescription)\n".utf8))
            turnMainRunLoop()
        }
        // Three views (window, root, view): marks 1, 2, 3 are within the limit, the 4th is past it.
        XCTAssertTrue(text.contains("layout 4\n"), text)
        XCTAssertFalse(text.contains("layout 5\n"), text)
        let description = text.components(separatedBy: "description ").last!.components(separatedBy: "\n")[0]
        XCTAssertTrue(description.hasPrefix("<UIWindow: 0x"), description)
        XCTAssertTrue(description.hasSuffix("{{0, 0}, {375, 667}} en"), description)
        XCTAssertTrue(text.contains("*** Terminating app due to uncaught exception 'NSGenericException', reason: "
            + "'The window has been marked as needing another Layout Window pass, but it has already had more "
            + "Layout Window passes than there are views in the window. \n" + description + "'"), text)
    }

    func test_anAppKitWindow_whoseSiblingsMarkEachOtherInUpdateConstraints_raisesTheUpdateConstraintsForm() {
        let text = textOfChildThatDies {
            let a = PingPong(), b = PingPong()
            a.name = "A"; b.name = "B"; a.other = b; b.other = a
            let window = window(.appKit, holding: a)
            makeChild(of: window.subviews[0], b)
            turnMainRunLoop()
        }
        // Four views. Bottom-up order is B then A. Pass 1: B marks A, already marked (no
        // count); A marks B (1). Pass 2: 2, 3. Pass 3: B marks A (4), A marks B (5 > 4).
        XCTAssertTrue(text.hasSuffix("update A 3\n" + exceptionLine(text)), text)
        XCTAssertTrue(text.contains("update B 3\n"), text)
        XCTAssertTrue(text.contains("another Update Constraints in Window pass, but it has already had more "
            + "Update Constraints in Window passes than there are views in the window. \n<UIWindow: 0x"), text)
    }

    func test_withTheAssertionTurnedOff_anAppKitWindowLogsOnce_andIgnoresFurtherMarks() {
        onMain {
            let key = "NSWindowAssertWhenDisplayCycleLimitReached"
            UserDefaults.standard.set(false, forKey: key)
            defer { UserDefaults.standard.removeObject(forKey: key) }
            let view = SelfMarking()
            let window = window(.appKit, holding: view)
            let log = captureStandardError { window.runDisplayCycle { $0.layoutIfNeeded() } }
            XCTAssertEqual(view.layouts, 4)
            XCTAssertTrue(log.hasSuffix(" {{0, 0}, {375, 667}} en Future marking as needing Layout Window might be ignored.\n"), log)
            XCTAssertEqual(log.components(separatedBy: "Future marking").count, 2, "logged once")
            window.subviews[0].removeFromSuperview()
        }
    }

    func test_aUIKitWindow_runsAnotherPassInTheSameCommit_withoutALimit() {
        onMain {
            @MainActor final class MarksTenTimes: UIView {
                var layouts = 0
                override func layoutSubviews() {
                    layouts += 1
                    if layouts < 10 { setNeedsLayout() }
                }
            }
            let view = MarksTenTimes()
            let window = window(.uiKit, holding: view)
            window.runDisplayCycle { $0.layoutIfNeeded() }
            XCTAssertEqual(view.layouts, 10, "3 views, yet UIKit counts no window passes")
            window.subviews[0].removeFromSuperview()
        }
    }

    func test_theFeedbackLoopDebugger_readsItsThreshold_clampedTo50Through10000() {
        let key = LayoutFeedbackLoopDebugger.defaultsKey
        defer { UserDefaults.standard.removeObject(forKey: key) }
        onMain {
            UserDefaults.standard.removeObject(forKey: key)
            XCTAssertNil(LayoutFeedbackLoopDebugger.fromDefaults())
            for (asked, used) in [(30, 50), (100, 100), (20_000, 10_000)] {
                UserDefaults.standard.set(asked, forKey: key)
                let log = captureStandardError { XCTAssertEqual(LayoutFeedbackLoopDebugger.fromDefaults()?.threshold, used) }
                XCTAssertTrue(log.hasSuffix("[LayoutLoop] Layout feedback loop debugging enabled via "
                    + "-UIViewLayoutFeedbackLoopDebuggingThreshold launch argument with a threshold of \(used)\n"), log)
            }
        }
    }

    func test_theFeedbackLoopDebugger_atItsThreshold_logsTheLoop_andRaises() {
        let text = textOfChildThatDies {
            LayoutFeedbackLoopDebugger.shared = LayoutFeedbackLoopDebugger(threshold: 50)
            /// Grows its superview by one point at each layout: the superview's size change marks it.
            @MainActor final class GrowsSuperview: UIView {
                override func layoutSubviews() {
                    guard let superview else { return }
                    superview.frame.size.width += 1
                }
            }
            let view = GrowsSuperview()
            let window = window(.uiKit, holding: view)
            FileHandle.standardError.write(Data("root \(window.subviews[0].description)\n".utf8))
            turnMainRunLoop()
        }
        // The root is laid out first in each pass: its 50th layout triggers, the view's
        // follows, and the root's 51st closes the loop. The root grew by one point at each
        // of the view's 50 layouts (375 + 50) before the dump describes it.
        let root = text.components(separatedBy: "root ").last!.components(separatedBy: "\n")[0]
        let grown = root.replacingOccurrences(of: "frame = (0 0; 375 667)", with: "frame = (0 0; 425 667)")
        XCTAssertTrue(text.contains("[LayoutLoop] Degenerate layout! Layout feedback loop detected in subtree of \(grown). \n"
            + "Top-level view = \(grown)\n"), text)
        XCTAssertTrue(text.contains("*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Degenerate layout! "
            + "Layout feedback loop detected in subtree of \(grown). More info may be available in the log for com.apple.UIKit.LayoutLoop'"), text)
    }

    /// A view with a subview laid out by constraints, whose `layoutSubviews` skips super.
    @MainActor
    final class Forgetful: UIView {
        override func layoutSubviews() {}
    }

    func test_inTheIOS7Era_aLayoutSubviewsWithoutSuper_failsUIKitsAssertion() {
        let text = textOfChildThatDies {
            UIKitLayoutEra.current = .iOS7
            let root = makeRoot()
            makeChild(of: makeChild(of: root, Forgetful()))
            root.layoutIfNeeded()
        }
        XCTAssertTrue(text.contains("*** Assertion failure in -[ReferenceKitTests.DisplayCycleLoopTests.Forgetful layoutSublayersOfLayer:], "
            + "/SourceCache/UIKit_Sim/UIKit-2935.137/UIView.m:8794\n*** Terminating app due to uncaught exception "
            + "'NSInternalInconsistencyException', reason: 'Auto Layout still required after executing -layoutSubviews. "
            + "ReferenceKitTests.DisplayCycleLoopTests.Forgetful's implementation of -layoutSubviews needs to call super.'"), text)
    }

    func test_fromIOS8_aLayoutSubviewsWithoutSuper_raisesNothing() {
        onMain {
            let root = makeRoot()
            let child = makeChild(of: makeChild(of: root, Forgetful()))
            NSLayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 30)])
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame.width, 30, "iOS 8 applies the engine's frames whatever the override does")
        }
    }

    // MARK: - Helpers

    /// The exception line that ends a child's text.
    private func exceptionLine(_ text: String) -> String {
        let start = text.range(of: "*** Terminating app")!.lowerBound
        return String(text[start...])
    }

    private func turnMainRunLoop() {
        _ = CFRunLoopRunInMode(RunLoopModes.default, 0.01, false)
    }
}
