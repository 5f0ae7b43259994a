import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// The `lds_` C functions themselves: buffer layout, bad pointers, names,
/// and the conflict report with the explainer's section.
final class CEntryPointsTests: XCTestCase {
    override func tearDown() {
        Nametags.removeAll()
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    private func text(_ buffer: UnsafeMutableRawPointer) -> String { ReportBuffer.read(buffer) }
    private func pointer(_ address: UInt) -> UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: address) }
    private func pointer(_ object: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passUnretained(object).toOpaque() }

    func test_version() {
        XCTAssertEqual(text(lds_version()), "LayoutDebugSupport \(LayoutDebugSupportVersion.current)")
    }

    func test_badPointers_giveErrorsNotCrashes() {
        XCTAssertEqual(text(lds_report(nil, 0)), "error: 0x0 is not a UIView or a constraint")
        XCTAssertEqual(text(lds_report(pointer(0x1), 0)), "error: 0x1 is not a UIView or a constraint")
        XCTAssertEqual(text(lds_report(pointer(0xdeadbeef), 0)), "error: 0xdeadbeef is not a UIView or a constraint")
        XCTAssertEqual(text(lds_constraints(pointer(0xdeadbeef), 0)), "error: 0xdeadbeef is not a UIView")
        XCTAssertEqual(text(lds_trace(pointer(0x1), 0)), "error: 0x1 is not a UIView")
        XCTAssertEqual(text(lds_set_name(pointer(0xdeadbeef), "x")), "error: 0xdeadbeef is not a view, layout guide or constraint")
        XCTAssertEqual(text(lds_conflict_report(pointer(0x1), pointer(0x2), 0)), "error: 0x1 is not a constraint")
    }

    func test_freedView_isNotFound() {
        let address: UInt = onMain {
            let view = UIView()
            return LiveHierarchy.address(view)
        }
        // The view is gone, and its deinit took its address out of the registry
        // (which holds addresses, not the objects); the address may have been
        // reused by some other object, but never a view we report.
        XCTAssertTrue(text(lds_constraints(pointer(address), 0)).hasPrefix("error: 0x\(String(address, radix: 16)) is not a UIView"))
    }

    func test_constraintPassedAsView_andViewAsConstraint() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            XCTAssertEqual(text(lds_constraints(pointer(shape.width), 0)), "error: \(hex(shape.width)) is not a UIView")
            XCTAssertEqual(text(lds_conflict_report(pointer(shape.image), pointer(shape.parent), 0)),
                           "error: \(hex(shape.image)) is not a constraint")
            XCTAssertEqual(text(lds_conflict_report(pointer(shape.width), pointer(shape.parent), 0)),
                           "error: \(hex(shape.parent)) is not a constraint list")
        }
    }

    func test_report_fromANonMainThread_doesNotTrap() throws {
        // The debugger may stop the process on any thread; the C entry points
        // must then read views without MainActor.assumeIsolated, which traps.
        let (address, expected): (UInt, String) = onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            retained = shape.parent
            let address = LiveHierarchy.address(shape.parent)
            return (address, LiveReports.report(at: address, options: []))
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var fromThread = ""
        let thread = Thread {
            fromThread = ReportBuffer.read(lds_report(UnsafeMutableRawPointer(bitPattern: address), 0))
            done.signal()
        }
        thread.start()
        done.wait()  // the main thread is parked, as if stopped
        XCTAssertEqual(fromThread, expected)
        retained = nil
    }

    /// Keeps the hierarchy of the thread test alive while the main thread waits.
    nonisolated(unsafe) private var retained: AnyObject?

    func test_buffer_headerMatchesText() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            let buffer = lds_report(pointer(shape.parent), 0)
            let count = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
            XCTAssertEqual(count, LiveReports.report(at: LiveHierarchy.address(shape.parent), options: []).utf8.count)
            XCTAssertEqual((buffer + 8 + count).load(as: UInt8.self), 0)
        }
    }

    func test_setName_andClearWithEmptyName() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            XCTAssertEqual(text(lds_set_name(pointer(shape.image), "HeaderView")), "Named <HeaderView:\(hex(shape.image))>")
            XCTAssertTrue(text(lds_report(pointer(shape.image), 2)).hasPrefix("<HeaderView:\(hex(shape.image))> UIImageView : UIView"))
            XCTAssertEqual(text(lds_set_name(pointer(shape.image), nil)), "Cleared the name of <UIImageView:\(hex(shape.image))>")
        }
    }

    func test_skipList_canBeReplacedAndRestored() {
        XCTAssertEqual(text(lds_set_skipped_classes("UILabel, UIButton")), "Skipping subviews of: UIButton, UILabel")
        XCTAssertEqual(LiveReports.skippedClasses, ["UILabel", "UIButton"])
        _ = lds_set_skipped_classes("")
        XCTAssertEqual(LiveReports.skippedClasses, DescentReport.defaultSkippedClasses)
    }

    func test_conflictReport_json_hasContractKeysAndWhy() throws {
        try onMain {
            let conflict = try XCTUnwrap(LiveConflict.widthConflict())
            let list = UIConstraintList(constraints: conflict.list)
            let json = text(lds_conflict_report(pointer(conflict.broken), pointer(list), 1))
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            XCTAssertEqual(object["ordinal"] as? Int, 1)
            XCTAssertEqual(object["viewController"] as? String, "LayoutDebugSupportTests.ProfileViewController")
            XCTAssertNotNil(object["signature"] as? String)
            // The broken constraint by its index in the conflict's constraints.
            let constraints = try XCTUnwrap(object["constraints"] as? [[String: Any]])
            let broken = try XCTUnwrap(object["brokenConstraint"] as? Int)
            XCTAssertEqual(constraints[broken]["address"] as? String, hex(conflict.broken))
            let report = try XCTUnwrap(object["text"] as? String)
            // The first line says whose conflict it is: plain UIViews the test placed, no
            // UIKit-internal view, so the app's.
            XCTAssertEqual(object["owner"] as? String, "yours")
            let lines = report.split(separator: "\n", maxSplits: 2).map(String.init)
            XCTAssertTrue(lines[0].hasPrefix("Owner: yours (<UIView:0x"), report)
            XCTAssertEqual(lines[0], "Owner: yours (" + (object["ownerEvidence"] as? String ?? "?") + ")")
            XCTAssertEqual(lines[1], "Conflict #1: Unable to simultaneously satisfy constraints in LayoutDebugSupportTests.ProfileViewController")
            XCTAssertTrue(report.contains("\nWhy:\n"), "the explainer's section is included")
            // The same hit asked again (text after JSON) keeps its number.
            XCTAssertTrue(text(lds_conflict_report(pointer(conflict.broken), pointer(list), 0)).contains("\nConflict #1:"))
            withExtendedLifetime((conflict, list)) {}
        }
    }
}
