import Foundation
import XCTest
@testable import ReferenceKit

/// UIKit forbids moving an installed constraint between required and optional;
/// `lfix` relies on ReferenceKit refusing it the same way, so that the
/// deactivate-change-reactivate path is the one the tests prove.
final class PriorityMutationTests: XCTestCase {
    func test_installedRequiredToOptional_isUIKitsInconsistencyException() {
        onMain {
            let error = NSLayoutConstraint.priorityChangeError(from: .required, to: .defaultLow, installed: true)
            XCTAssertEqual(error?.name, "NSInternalInconsistencyException")
            XCTAssertEqual(error?.reason,
                           "Mutating a priority from required to not on an installed constraint (or vice-versa) is not "
                           + "supported.  You passed priority 250 and the existing priority was 1000.")
        }
    }

    func test_installedOptionalToRequired_isRefusedToo() {
        onMain {
            let error = NSLayoutConstraint.priorityChangeError(from: UILayoutPriority(999), to: .required, installed: true)
            XCTAssertEqual(error?.reason.hasSuffix("You passed priority 1000 and the existing priority was 999."), true)
        }
    }

    func test_changesWithinOneSide_orOnAnInactiveConstraint_areAllowed() {
        onMain {
            XCTAssertNil(NSLayoutConstraint.priorityChangeError(from: .defaultHigh, to: .defaultLow, installed: true))
            XCTAssertNil(NSLayoutConstraint.priorityChangeError(from: .required, to: .required, installed: true))
            XCTAssertNil(NSLayoutConstraint.priorityChangeError(from: .required, to: .defaultLow, installed: false))
        }
    }

    func test_deactivateChangeReactivate_movesAConstraintToOptional_andEndsTheConflict() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         view.topAnchor.constraint(equalTo: root.topAnchor),
                                         view.heightAnchor.constraint(equalToConstant: 20)])
            let first = view.widthAnchor.constraint(equalToConstant: 100)
            let second = view.widthAnchor.constraint(equalToConstant: 120)
            _ = recordConflicts {
                NSLayoutConstraint.activate([first, second])
                root.layoutIfNeeded()
            }
            XCTAssertEqual(ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: view).map(ObjectIdentifier.init),
                           [ObjectIdentifier(second)])
            XCTAssertEqual(ReferenceKitConstraintIsBroken(UnsafeRawPointer(Unmanaged.passUnretained(second).toOpaque())), 1)
            XCTAssertEqual(ReferenceKitConstraintIsBroken(UnsafeRawPointer(Unmanaged.passUnretained(view).toOpaque())), -1)

            first.isActive = false
            first.priority = UILayoutPriority(999)
            first.isActive = true
            // The broken one stays out of the solver until it is changed or re-activated.
            XCTAssertEqual(ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: root).count, 1)
            second.isActive = false
            second.isActive = true
            root.layoutIfNeeded()
            XCTAssertTrue(ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: root).isEmpty)
            XCTAssertEqual(ReferenceKitConstraintIsBroken(UnsafeRawPointer(Unmanaged.passUnretained(second).toOpaque())), 0)
            assertFrame(view, 0, 0, 120, 20)
        }
    }

    func test_brokenConstraintCount_ofANonView_isMinusOne() {
        onMain {
            let constraint = makeRoot().widthAnchor.constraint(equalToConstant: 1)
            XCTAssertEqual(ReferenceKitBrokenConstraintCount(UnsafeRawPointer(Unmanaged.passUnretained(constraint).toOpaque())), -1)
            XCTAssertEqual(ReferenceKitBrokenConstraintCount(nil), -1)
        }
    }

    func test_settingIt_stopsTheProgram_withUIKitsText() throws {
        // The setter must raise, not only the check: a child process crosses required on an
        // installed constraint and must die with the exception's text on its stderr.
        var pipe: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        let child = fork()
        if child == 0 {
            dup2(pipe[1], 2)
            MainActor.assumeIsolated {
                let root = makeRoot()
                let view = makeChild(of: root)
                let width = view.widthAnchor.constraint(equalToConstant: 10)
                width.isActive = true
                width.priority = .defaultLow
            }
            _exit(0)
        }
        close(pipe[1])
        var status: Int32 = 0
        waitpid(child, &status, 0)
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(pipe[0], &bytes, bytes.count)
        close(pipe[0])
        let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        XCTAssertNotEqual(status & 0x7f, 0, "the child must die of a signal, not exit")
        XCTAssertTrue(text.contains("NSInternalInconsistencyException"), text)
        XCTAssertTrue(text.contains("You passed priority 250 and the existing priority was 1000."), text)
    }
}
