import Foundation
import XCTest
@testable import ReferenceKit

final class ConflictReportTests: XCTestCase {
    /// A root with a view pinned at the top left, 20 high; returns (root, view).
    @MainActor
    private func pinnedView() -> (UIView, UIView) {
        let root = makeRoot()
        let view = makeChild(of: root)
        NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.heightAnchor.constraint(equalToConstant: 20)])
        return (root, view)
    }

    func test_conflict_breaksTheConstraintBeingAddedAndKeepsItActive() {
        onMain {
            let (root, view) = pinnedView()
            let first = view.widthAnchor.constraint(equalToConstant: 100)
            let second = view.widthAnchor.constraint(equalToConstant: 120)
            let seen = recordConflicts {
                NSLayoutConstraint.activate([first, second])
                root.layoutIfNeeded()
            }
            XCTAssertEqual(seen.count, 1)
            XCTAssertTrue(seen[0].host === root)
            XCTAssertTrue(seen[0].broken === second)
            XCTAssertEqual(seen[0].list.map(ObjectIdentifier.init), [ObjectIdentifier(first), ObjectIdentifier(second)])
            XCTAssertTrue(second.isActive)
            XCTAssertTrue(root.enrolledEngine?.isBroken(second) == true)
            assertFrame(view, 0, 0, 100, 20)
        }
    }

    func test_conflictOnAnEnrolledView_isReportedWhenActivated_andOnlyOnce() {
        onMain {
            let (root, view) = pinnedView()
            view.widthAnchor.constraint(equalToConstant: 100).isActive = true
            root.layoutIfNeeded()
            let before = UnsatisfiableConstraints.alertCount
            let seen = recordConflicts {
                view.widthAnchor.constraint(equalToConstant: 120).isActive = true
                root.layoutIfNeeded()
                root.layoutIfNeeded()
            }
            XCTAssertEqual(seen.count, 1)
            XCTAssertEqual(UnsatisfiableConstraints.alertCount, before + 1)
        }
    }

    func test_hook_runsBeforeTheAlertSymbol() {
        onMain {
            let (root, view) = pinnedView()
            root.layoutIfNeeded()
            var alertsSeenByHook: [Int] = []
            let restore = installWillBreakHook { _, _, _ in
                alertsSeenByHook.append(UnsatisfiableConstraints.alertCount)
            }
            let before = UnsatisfiableConstraints.alertCount
            _ = captureStandardError {
                NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 1), view.widthAnchor.constraint(equalToConstant: 2)])
            }
            restore()
            XCTAssertEqual(alertsSeenByHook, [before])
            XCTAssertEqual(UnsatisfiableConstraints.alertCount, before + 1)
        }
    }

    func test_constraintObserver_seesMakingActivationAndFreeing_throughEveryWayOfActivating() {
        final class Events: @unchecked Sendable { var list: [(UInt, ReferenceKitDebugHooks.ConstraintEvent)] = [] }
        onMain {
            let (root, view) = pinnedView()
            let events = Events()
            let token = ReferenceKitDebugHooks.addConstraintObserver { address, event in events.list.append((address, event)) }
            var address: UInt = 0
            do {
                let width = view.widthAnchor.constraint(equalToConstant: 10)
                address = UInt(bitPattern: Unmanaged.passUnretained(width).toOpaque())
                NSLayoutConstraint.activate([width])
                width.isActive = false
                view.addConstraint(width)
                width.isActive = false
            }
            let height = NSLayoutConstraint(item: view, attribute: .height, relatedBy: .equal, toItem: nil,
                                            attribute: .notAnAttribute, multiplier: 1, constant: 5)
            root.addConstraints([height])
            ReferenceKitDebugHooks.removeObserver(token)
            _ = view.widthAnchor.constraint(equalToConstant: 1)
            let heightAddress = UInt(bitPattern: Unmanaged.passUnretained(height).toOpaque())
            XCTAssertEqual(events.list.map(\.0), [address, address, address, address, heightAddress, heightAddress])
            XCTAssertEqual(events.list.map(\.1), [.made, .activated, .activated, .freed, .made, .activated])
        }
    }

    func test_mutuallyExclusiveList_holdsOnlyTheCertificatesConstraints() {
        onMain {
            let (root, view) = pinnedView()
            let other = makeChild(of: root)
            NSLayoutConstraint.activate([other.widthAnchor.constraint(equalToConstant: 5),
                                         other.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
            let right = root.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: 5)
            let width = view.widthAnchor.constraint(equalToConstant: 400)
            let seen = recordConflicts {
                NSLayoutConstraint.activate([right, width])
                root.layoutIfNeeded()
            }
            XCTAssertEqual(seen.count, 1)
            let names = seen[0].list.map { $0.identifier ?? $0.description }
            XCTAssertEqual(seen[0].list.count, 4, names.joined(separator: "\n"))
            XCTAssertTrue(seen[0].list.contains { $0.identifier == "UIView-Encapsulated-Layout-Width" })
            XCTAssertTrue(seen[0].list.contains(right))
            XCTAssertTrue(seen[0].list.contains(width))
            XCTAssertFalse(seen[0].list.contains { $0.firstItem === other })
        }
    }

    func test_log_isUIKitsModernTextOnStandardError() {
        onMain {
            let (root, view) = pinnedView()
            let first = view.widthAnchor.constraint(equalToConstant: 100)
            let second = view.widthAnchor.constraint(equalToConstant: 120)
            let log = captureStandardError {
                NSLayoutConstraint.activate([first, second])
                root.layoutIfNeeded()
            }
            let marker = "[LayoutConstraints] "
            guard let start = log.range(of: marker) else { return XCTFail("no [LayoutConstraints] header in \(log)") }
            XCTAssertNotNil(log[..<start.lowerBound].range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}\+0000 \S+\[\d+:\d+\] $"#,
                                                              options: .regularExpression))
            let expected = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. \n\
            \tTry this: \n\
            \t\t(1) look at each constraint and try to figure out which you don't expect; \n\
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. \n\
            (
                "<NSLayoutConstraint:\(hex(first)) UIView:\(hex(view)).width == 100   (active)>",
                "<NSLayoutConstraint:\(hex(second)) UIView:\(hex(view)).width == 120   (active)>"
            )

            Will attempt to recover by breaking constraint \n\
            <NSLayoutConstraint:\(hex(second)) UIView:\(hex(view)).width == 120   (active)>

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.

            """
            XCTAssertEqual(String(log[start.upperBound...]), expected)
        }
    }

    func test_log_addsTheAutoresizingNoteAndEveryLineFitsTheCorpusGrammar() {
        onMain {
            let root = makeRoot()
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 120, height: 20))
            label.text = "Don’t"
            label.accessibilityIdentifier = "Harbor.Label"
            root.addSubview(label)
            let log = captureStandardError {
                label.centerXAnchor.constraint(equalTo: root.centerXAnchor).isActive = true
                root.layoutIfNeeded()
            }
            XCTAssertTrue(log.contains("\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, "
                + "refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) \n("))
            let quoted = log.split(separator: "\n").filter { $0.hasPrefix("    \"") }
            XCTAssertEqual(quoted.count, 4)
            // <CLASS:0xADDR[ h=… v=…][ 'identifier'] BODY[ priority:N]   (active[, names: …])>
            let grammar = #"^    "<[A-Za-z_.]+:0x[0-9a-f]+( h=[-&]{3} v=[-&]{3})?( '[^']*')? .+ (==|<=|>=) .+   \(active(, names: .+ )?\)>",?$"#
            for line in quoted {
                XCTAssertNotNil(line.range(of: grammar, options: .regularExpression), String(line))
            }
        }
    }
}
