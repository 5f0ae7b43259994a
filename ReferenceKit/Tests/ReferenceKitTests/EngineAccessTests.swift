import Foundation
import XCTest
@testable import ReferenceKit

/// UIKit raises when its layout engine is changed off the main thread after the
/// main thread used it; ReferenceKit also refuses a change made while the engine
/// reports a constraint it breaks, where UIKit's engine is mid-way through the row.
final class EngineAccessTests: XCTestCase {
    func test_backgroundChange_afterMainThreadUse_isUIKitsInconsistencyException() {
        var access = EngineAccess()
        XCTAssertNil(access.change(onMainThread: true))
        let error = access.change(onMainThread: false)
        XCTAssertEqual(error?.name, "NSInternalInconsistencyException")
        XCTAssertEqual(error?.reason, "Modifications to the layout engine must not be performed from a background thread "
                       + "after it has been accessed from the main thread.")
    }

    func test_backgroundChanges_toAnEngineTheMainThreadNeverUsed_areAllowed() {
        var access = EngineAccess()
        XCTAssertNil(access.change(onMainThread: false))
        XCTAssertNil(access.change(onMainThread: false))
    }

    func test_changeWhileReporting_isRefused_andAllowedAgainOnceTheReportReturns() {
        var access = EngineAccess()
        access.beginReport()
        XCTAssertEqual(access.change(onMainThread: true), .modificationWhileReporting)
        access.beginReport()
        access.endReport()
        XCTAssertEqual(access.change(onMainThread: true), .modificationWhileReporting, "still inside the outer report")
        access.endReport()
        XCTAssertNil(access.change(onMainThread: true))
    }

    func test_aConflictObserver_seesTheEngineReporting() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            var reportingInside: [Bool] = []
            let restore = installWillBreakHook { host, _, _ in
                reportingInside.append(host.enrolledEngine?.isReportingConflict ?? false)
            }
            defer { restore() }
            _ = recordConflicts {
                NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 100),
                                             view.widthAnchor.constraint(equalToConstant: 120)])
                root.layoutIfNeeded()
            }
            XCTAssertEqual(reportingInside, [true])
            XCTAssertEqual(root.enrolledEngine?.isReportingConflict, false)
        }
    }

    func test_aChangeFromInsideTheReport_stopsTheProgram() {
        let text = textOfChildThatDies {
            let root = makeRoot()
            let view = makeChild(of: root)
            let other = view.heightAnchor.constraint(equalToConstant: 10)
            // What a debugger's lfix did at the conflict stop: change the layout inside the report.
            _ = installWillBreakHook { _, _, _ in other.isActive = true }
            NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 100),
                                         view.widthAnchor.constraint(equalToConstant: 120)])
            root.layoutIfNeeded()
        }
        XCTAssertTrue(text.contains("'NSInternalInconsistencyException', reason: 'The layout engine was modified while "
                                    + "it was reporting an unsatisfiable constraint"), text)
    }
}
