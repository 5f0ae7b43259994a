import CoreFoundation
import Foundation
import XCTest
@testable import ReferenceKit

/// UIKit's display cycle: marks, the deferred pass at the end of a run-loop turn (update
/// constraints bottom-up, layout top-down, display), and the commit at a background
/// thread's exit.
final class DisplayCycleTests: XCTestCase {
    /// A view that records the passes it sees.
    @MainActor
    final class TracingView: UIView {
        static var log: [String] = []
        var name = ""
        var extraInUpdate: (() -> Void)?

        override func updateConstraints() {
            Self.log.append("update " + name)
            extraInUpdate?()
            super.updateConstraints()
        }

        override func layoutSubviews() {
            Self.log.append("layout " + name)
        }

        override func draw(_ rect: CGRect) {
            Self.log.append("draw " + name)
        }
    }

    @MainActor
    private func tracedTree() -> (root: TracingView, parent: TracingView, child: TracingView) {
        TracingView.log = []
        let root = TracingView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.name = "root"
        let parent = makeChild(of: root, TracingView())
        parent.name = "parent"
        let child = makeChild(of: parent, TracingView())
        child.name = "child"
        return (root, parent, child)
    }

    func test_firstPass_updatesConstraintsBottomUp_thenLaysOutTopDown() {
        onMain {
            let (root, _, _) = tracedTree()
            root.layoutIfNeeded()
            XCTAssertEqual(TracingView.log, ["update child", "update parent", "update root",
                                             "layout root", "layout parent", "layout child"])
        }
    }

    func test_layoutIfNeeded_withNothingPending_callsNoLayoutCallback() {
        onMain {
            let (root, _, child) = tracedTree()
            root.layoutIfNeeded()
            TracingView.log = []
            root.layoutIfNeeded()
            XCTAssertEqual(TracingView.log, [], "UIKit: no layout update pending, no layout-related callback")
            child.setNeedsLayout()
            root.layoutIfNeeded()
            XCTAssertEqual(TracingView.log, ["layout root", "layout parent", "layout child"])
        }
    }

    func test_setNeedsUpdateConstraints_runsOnlyThatViewsUpdate_beforeTheLayout() {
        onMain {
            let (root, parent, _) = tracedTree()
            root.layoutIfNeeded()
            TracingView.log = []
            parent.setNeedsUpdateConstraints()
            XCTAssertTrue(parent.needsUpdateConstraints())
            root.layoutIfNeeded()
            XCTAssertEqual(TracingView.log.first, "update parent")
            XCTAssertFalse(TracingView.log.contains("update child"))
            XCTAssertFalse(parent.needsUpdateConstraints())
        }
    }

    func test_aConstraintActivatedInUpdateConstraints_takesPartInThatSameLayout() {
        onMain {
            let (root, parent, _) = tracedTree()
            parent.extraInUpdate = {
                NSLayoutConstraint.activate([parent.widthAnchor.constraint(equalToConstant: 120),
                                             parent.heightAnchor.constraint(equalToConstant: 30),
                                             parent.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                             parent.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)])
                parent.extraInUpdate = nil
            }
            root.layoutIfNeeded()
            assertFrame(parent, 10, 20, 120, 30)
        }
    }

    func test_anUpdateConstraintsOverrideThatSkipsSuper_stopsTheProgram() {
        @MainActor final class Forgetful: UIView {
            override func updateConstraints() {}
        }
        let text = textOfChildThatDies {
            let root = makeRoot()
            makeChild(of: root, Forgetful())
            root.layoutIfNeeded()
        }
        XCTAssertTrue(text.contains("overrode updateConstraints() without calling super.updateConstraints()"), text)
    }

    func test_theEndOfARunLoopTurn_laysOutWhatWasMarked_andDrawsWhatAsked() {
        onMain {
            let (root, parent, child) = tracedTree()
            NSLayoutConstraint.activate([parent.widthAnchor.constraint(equalToConstant: 100),
                                         parent.heightAnchor.constraint(equalToConstant: 40),
                                         parent.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         parent.topAnchor.constraint(equalTo: root.topAnchor)])
            child.setNeedsDisplay()
            XCTAssertEqual(TracingView.log, [], "nothing happens before the turn ends")
            turnMainRunLoop()
            assertFrame(parent, 0, 0, 100, 40)
            XCTAssertEqual(TracingView.log.filter { $0.hasPrefix("layout") }, ["layout root", "layout parent", "layout child"])
            XCTAssertEqual(TracingView.log.last, "draw child", "display comes after layout")
        }
    }

    func test_aConflictOfTheDeferredPass_isReportedFromTheCommit() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 100),
                                         view.widthAnchor.constraint(equalToConstant: 120)])
            var inCommit: [Bool] = []
            let seen = recordConflicts {
                let restore = installWillBreakHook { _, _, _ in
                    inCommit.append(ImplicitTransaction.current.isCommitting)
                }
                turnMainRunLoop()
                restore()
            }
            XCTAssertEqual(seen.count, 1)
            XCTAssertEqual(inCommit, [true])
            XCTAssertEqual(view.frame.width, 100)
        }
    }

    func test_aBackgroundThreadWithoutARunLoop_commitsItsLayoutWhenItExits() {
        final class Result: @unchecked Sendable {
            var frameBeforeExit = CGRect.null
            var conflicts: [Bool] = []  // whether each conflict came on the background thread
            var root: UIView?
        }
        let result = Result()
        onMain {
            let restore = installWillBreakHook { _, _, _ in result.conflicts.append(!Thread.isMainThread) }
            defer { restore() }
            let build = unsafeBitCast({
                let root = makeRoot()
                let view = makeChild(of: root)
                NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 100),
                                             view.widthAnchor.constraint(equalToConstant: 120),
                                             view.heightAnchor.constraint(equalToConstant: 10)])
                result.frameBeforeExit = view.frame
                result.root = root
            } as @MainActor () -> Void, to: (@Sendable () -> Void).self)
            _ = captureStandardError {
                var thread = pthread_t()
                let box = Unmanaged.passRetained(BlockBox(build)).toOpaque()
                pthread_create(&thread, nil, { pointer in
                    Unmanaged<BlockBox>.fromOpaque(pointer!).takeRetainedValue().body()
                    return nil
                }, box)
                pthread_join(thread, nil)
            }
        }
        XCTAssertEqual(result.frameBeforeExit, .zero, "no layout while the thread ran")
        XCTAssertEqual(result.conflicts, [true], "the exit's commit laid it out, on that thread")
        onMain { XCTAssertEqual(result.root?.subviews.first?.frame.width, 100) }
    }

    func test_queriesWhileTheEngineReports_areFlagged_andQueriesAfterAreNot() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            root.layoutIfNeeded()
            let before = ReferenceKitDebugHooks.engineQueriesWhileReporting
            var text = ""
            _ = recordConflicts {
                let restore = installWillBreakHook { host, _, _ in
                    _ = host.hasAmbiguousLayout
                    text = host._autolayoutTrace()
                    _ = host.constraintsAffectingLayout(for: .horizontal)
                }
                NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 100),
                                             view.widthAnchor.constraint(equalToConstant: 120)])
                restore()
            }
            XCTAssertFalse(text.isEmpty, "answered all the same")
            XCTAssertEqual(ReferenceKitDebugHooks.engineQueriesWhileReporting, before + 3)
            _ = view.hasAmbiguousLayout
            _ = root._autolayoutTrace()
            XCTAssertEqual(ReferenceKitDebugHooks.engineQueriesWhileReporting, before + 3, "asked after the report: not flagged")
        }
    }

    func test_aHookThatDoesNotCallTheImplementationItReplaced_leavesNoLogAndNoAlert() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            root.layoutIfNeeded()
            let alerts = UnsatisfiableConstraints.alertCount
            let silent = WillBreakConstraintImplementation { _, _, _, _ in }
            let replaced = ReferenceKitDebugHooks.setWillBreakConstraintImplementation(silent)
            let log = captureStandardError {
                NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 100),
                                             view.widthAnchor.constraint(equalToConstant: 120)])
            }
            XCTAssertTrue(ReferenceKitDebugHooks.setWillBreakConstraintImplementation(replaced) === silent)
            XCTAssertEqual(log, "", "UIKit's log is written by the implementation the hook replaced")
            XCTAssertEqual(UnsatisfiableConstraints.alertCount, alerts)
        }
    }

    /// One turn of the main run loop: its observers run before it waits.
    private func turnMainRunLoop() {
        _ = CFRunLoopRunInMode(RunLoopModes.default, 0.01, false)
    }
}

/// A closure carried through `pthread_create`'s context pointer.
private final class BlockBox {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
