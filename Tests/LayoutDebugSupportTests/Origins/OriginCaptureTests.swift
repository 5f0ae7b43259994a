import DemoScenarios
import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

/// Origin capture on live ReferenceKit constraints: what is recorded, what reports carry,
/// and that records go with their constraints.
final class OriginCaptureTests: XCTestCase {
    override func tearDown() {
        ConstraintOrigins.stop()
        super.tearDown()
    }

    /// The file mapped at `address`, from /proc/self/maps (`start-end perms offset dev inode path`).
    private func imageName(of address: UInt64) -> String? {
        // Read to the end: /proc files report a size of 0, which a sized read believes.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
              let maps = String(data: data, encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            if fields.count >= 6, range.count == 2, range[0] <= address, address < range[1] { return String(fields[5]) }
        }
        return nil
    }

    func test_aConstraintMadeWhileCapturing_carriesReturnAddressesIntoThisTestBinary() throws {
        XCTAssertTrue(ConstraintOrigins.start())
        try onMain {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = UIView()
            child.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(child)
            let width = child.widthAnchor.constraint(equalToConstant: 40)
            width.isActive = true
            let snapshot = LiveAdapter().snapshot(of: width, owner: child)
            guard case .returnAddresses(let frames) = try XCTUnwrap(snapshot.origin) else {
                return XCTFail("no return addresses: \(String(describing: snapshot.origin))")
            }
            XCTAssertLessThanOrEqual(frames.count, OriginTable.framesPerRecord)
            // ReferenceKit's frames (the anchor method, the initializer), then this test's
            // code, which made it. (The library is linked into the test binary here, so the
            // hook's own frames come first and are in it too.)
            let images = frames.map { imageName(of: $0) ?? "?" }
            let framework = try XCTUnwrap(images.firstIndex { $0.hasSuffix("libReferenceKit.so") }, "\(images)")
            XCTAssertNotNil(images[framework...].firstIndex { $0.hasSuffix("LayoutDebugPackageTests.xctest") }, "\(images)")
        }
    }

    func test_reportsSayWhyAnOriginIsUnknown() throws {
        try onMain {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let early = UIView()
            early.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(early)
            let before = early.widthAnchor.constraint(equalToConstant: 10)
            before.isActive = true
            XCTAssertTrue(ConstraintOrigins.start())
            // Activating it now records where it was activated.
            let beforeInactive = early.heightAnchor.constraint(equalToConstant: 10)
            ConstraintOrigins.stop()
            XCTAssertTrue(ConstraintOrigins.start())
            XCTAssertEqual(LiveAdapter().snapshot(of: before, owner: early).origin,
                           .unknown("made before capture began"))
            beforeInactive.isActive = true
            guard case .returnAddresses = try XCTUnwrap(LiveAdapter().snapshot(of: beforeInactive, owner: early).origin) else {
                return XCTFail("activation while capturing records the constraint")
            }
            // A framed subview keeps its autoresizing constraints, which UIKit makes.
            let framed = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
            parent.addSubview(framed)
            parent.layoutIfNeeded()
            let system = try XCTUnwrap(parent.constraints.first { $0.firstItem === framed })
            XCTAssertEqual(LiveAdapter().snapshot(of: system, owner: parent).origin, .system("made by the system"))
            ConstraintOrigins.stop()
            XCTAssertEqual(LiveAdapter().snapshot(of: before, owner: early).origin, .unknown("capture was off"))
        }
    }

    func test_recordsGoWithTheirConstraints_soTheTableDoesNotGrow() {
        XCTAssertTrue(ConstraintOrigins.start())
        onMain {
            let view = UIView()
            for _ in 0..<2_000 {
                _ = view.widthAnchor.constraint(equalToConstant: 1)  // made and freed at once
            }
        }
        XCTAssertEqual(ConstraintOrigins.status, "origins: capture is on; 0 live constraints recorded")
    }

    func test_status_countsOneLiveConstraintInTheSingular() {
        XCTAssertTrue(ConstraintOrigins.start())
        onMain {
            let view = UIView()
            let kept = view.widthAnchor.constraint(equalToConstant: 1)
            // It said "1 live constraint(s) recorded".
            XCTAssertEqual(ConstraintOrigins.status, "origins: capture is on; 1 live constraint recorded")
            withExtendedLifetime(kept) {}
        }
    }

    func test_theMonitorsReports_keepOriginsAsImageAndOffset_forLaterSymbolication() throws {
        XCTAssertTrue(ConstraintOrigins.start())
        final class Texts: @unchecked Sendable { var list: [String] = [] }
        let texts = Texts()
        ConflictMonitor.start(explains: false) { texts.list.append($0.text) }
        defer { ConflictMonitor.stop() }
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = UIView()
            child.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(child)
            root.layoutIfNeeded()
            withStandardErrorSilenced {
                NSLayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 10),
                                             child.widthAnchor.constraint(equalToConstant: 20)])
            }
        }
        let drained = expectation(description: "handler ran")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 10)
        let text = try XCTUnwrap(texts.list.first)
        // Under each of the two widths: ReferenceKit's frames, then this test's, by image and offset.
        let lines = text.split(separator: "\n").filter { $0.contains("made at <image frames ") }
        XCTAssertEqual(lines.count, 3, text)  // the broken one, and both in the list
        for line in lines {
            XCTAssertTrue(line.contains(" libReferenceKit.so+0x"), String(line))
            XCTAssertTrue(line.contains(" LayoutDebugPackageTests.xctest+0x"), String(line))
            XCTAssertFalse(line.contains("made at <frames"), String(line))
        }
    }

    #if os(Linux)
    /// Capture follows the frame pointers (backtrace(3) costs about a hundred times more on
    /// Linux); it must find the same callers, or made-at lines would name the wrong line.
    func test_frameWalk_findsTheCallersBacktraceFinds() throws {
        XCTAssertTrue(FramePointerWalk.calibrate(), "the walk found its own frame record")
        let (walked, unwound) = bothBacktraces()
        // This test, XCTest's frames, main: the walk ends where C code without frame pointers
        // begins (libc's start), as backtrace(3) goes on.
        XCTAssertGreaterThanOrEqual(walked.count, 4, "\(walked)")
        // Each list's first address is where it was taken in bothBacktraces(); the callers
        // above are the same (backtrace(3)'s list may start with frames of its own helpers).
        let caller = try XCTUnwrap(unwound.firstIndex(of: walked[1]), "\(walked) \(unwound)")
        let common = min(walked.count - 1, unwound.count - caller, 8)
        XCTAssertEqual(Array(walked[1..<1 + common]), Array(unwound[caller..<caller + common]))
    }

    @inline(never)
    private func bothBacktraces() -> (walked: [UInt64], unwound: [UInt64]) {
        let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: OriginTable.framesPerRecord)
        defer { buffer.deallocate() }
        let count = Backtrace.capture(into: buffer, skipping: 0)
        let unwound = Backtrace.returnAddresses(limit: OriginTable.framesPerRecord)
        return (Array(buffer.prefix(count)), unwound)
    }
    #endif

    /// `layout-demo duplicate-leading` with capture on (`lorigins on`): `H:|-80-[label]` was made
    /// after `H:|-50-[label]`, so its report says so, and the old pin goes first, as it would
    /// between two states of one screen (`FixIntentScenarioTests` has the same conflict without
    /// capture, where nothing tells which came later). Here, since capture, once started, stays
    /// in every later report of the process.
    func test_duplicateLeading_withOrigins_removesTheOlderPinFirst_andSaysWhichCameLater() throws {
        XCTAssertTrue(ConstraintOrigins.start())
        BrokenConstraints.removeAll()
        defer { BrokenConstraints.removeAll() }
        let report = try onMain { try BuiltScenario("duplicate-leading", reportingAtConflict: true).reportsAtConflict.first }
        let lines = try XCTUnwrap(report?.components(separatedBy: "Any one of these changes resolves it:\n").last)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "  1. remove UILabel.leading == UIView.leading + 50, one of the two pins of UILabel.leading (try this first)")
        XCTAssertEqual(lines.first { $0.hasPrefix("     why: ") },
                       "     why: UILabel.leading is pinned twice, to UIView.leading + 50 and later to UIView.leading + 80 "
                       + "(lorigins recorded the order): if they are two states of one screen, deactivate the old one "
                       + "before activating the new; else keep the one you mean")
    }

    func test_originTable_saysWhichRecordWasMadeLater_aReusedSlotIncluded() throws {
        var table = OriginTable(capacity: 4)
        table.record([1], for: 0x10)
        table.record([2], for: 0x20)
        let first = try XCTUnwrap(table.sequence(for: 0x10)), second = try XCTUnwrap(table.sequence(for: 0x20))
        XCTAssertLessThan(first, second)
        table.remove(0x10)
        table.record([3], for: 0x30)  // in 0x10's slot: made after both
        XCTAssertGreaterThan(try XCTUnwrap(table.sequence(for: 0x30)), second)
        XCTAssertNil(table.sequence(for: 0x10))
    }

    func test_originTable_refusesPastItsBound_andCountsWhatItRefused() {
        var table = OriginTable(capacity: 2)
        XCTAssertEqual(table.record([1], for: 0x10), .added)
        XCTAssertEqual(table.record([2, 3], for: 0x20), .added)
        XCTAssertEqual(table.record([3], for: 0x30), .refused, "full: the new one is not kept")
        XCTAssertEqual(table.refusedCount, 1)
        XCTAssertEqual(table.frames(for: 0x10), [1], "nothing older was pushed out")
        XCTAssertEqual(table.record([4], for: 0x20), .replaced, "a reused address replaces its record")
        XCTAssertEqual(table.frames(for: 0x20), [4])
        table.remove(0x10)
        XCTAssertEqual(table.record([5, 6, 7], for: 0x30), .added, "a freed constraint makes room")
        XCTAssertEqual(table.frames(for: 0x30), [5, 6, 7], "in the freed record's slot, whole")
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table.record([8], for: 0x20), .replaced, "replacing below the bound too")
        table.remove(0x30)
        XCTAssertEqual(table.record([9], for: 0x20), .replaced)
        XCTAssertEqual(table.frames(for: 0x20), [9])
        XCTAssertNil(table.frames(for: 0x30))
        XCTAssertEqual(table.count, 1)
    }

    func test_aLongReportNumbersItsMarkers_andWritesRepeatedFramesOnce() {
        var markers = OriginMarkers()
        var out = TextWriter()
        for origin: ConstraintOrigin in [.returnAddresses([0x10, 0x20]), .returnAddresses([0x30]),
                                         .returnAddresses([0x10, 0x20]), .system("made by the system")] {
            markers.writeLine(origin, indent: " ", into: &out)
        }
        XCTAssertEqual(out.string, """
             made at <frames #1 0x10 0x20>
             made at <frames #2 0x30>
             made at <frames #1>
             made at ? (made by the system)

            """)
    }

    func test_reportLines_holdTheMarkerTheDebuggerReplaces() {
        var c = ConstraintSnapshot(firstItem: ObjectReference(className: "UIView", address: 0x10), firstAttribute: .width,
                                   constant: 40)
        c.origin = .returnAddresses([0x5555_0000_1234, 0xabc])
        XCTAssertEqual(OriginText.line(c.origin, indent: "  "), "  made at <frames 0x555500001234 0xabc>\n")
        c.origin = .unknown("capture was off")
        XCTAssertEqual(OriginText.line(c.origin, indent: ""), "made at ? (capture was off)\n")
        XCTAssertEqual(OriginText.line(nil, indent: ""), "")
    }
}
