import XCTest
@testable import LayoutDebugSupport

final class ReportBufferTests: XCTestCase {
    func test_publish_layout_lengthTextNul() {
        let text = "héllo"
        let buffer = ReportBuffer.publish(text)
        let count = buffer.loadUnaligned(as: UInt64.self)
        XCTAssertEqual(UInt64(littleEndian: count), 6, "UTF-8 byte count, little endian")
        XCTAssertEqual((buffer + 8 + 6).load(as: UInt8.self), 0, "NUL after the text")
        XCTAssertEqual(String(cString: (buffer + 8).assumingMemoryBound(to: CChar.self)), text)
        XCTAssertEqual(ReportBuffer.read(buffer), text)
    }

    func test_publish_empty_isJustHeaderAndNul() {
        let buffer = ReportBuffer.publish("")
        XCTAssertEqual(buffer.loadUnaligned(as: UInt64.self), 0)
        XCTAssertEqual((buffer + 8).load(as: UInt8.self), 0)
    }

    func test_writer_growsPastTheReusedStorage_andKeepsEveryByte() {
        _ = ReportBuffer.publish("short")
        var writer = ReportBuffer.makeWriter()
        let line = "<UIView:0x7ff0a8c0b290>.leading == <UIView:0x7ff0a8c0b180>.leading + 8.0 [satisfied]\n"
        for _ in 0..<20_000 { writer.write(line) }
        let buffer = ReportBuffer.publish(writer)
        XCTAssertEqual(ReportBuffer.read(buffer), String(repeating: line, count: 20_000))
        XCTAssertEqual((buffer + 8 + line.utf8.count * 20_000).load(as: UInt8.self), 0, "NUL after the text")
    }

    /// A breakpoint callback's report, not yet read, and then a command's
    /// call (issue 32): the callback still reads its own report.
    func test_aBufferNotYetRead_isNeverWrittenByTheNextCall() {
        let callback = ReportBuffer.publish("Conflict #1: Unable to simultaneously satisfy constraints")
        let command = ReportBuffer.publish("error: 0x1 is not a UIView")
        XCTAssertNotEqual(callback, command)
        XCTAssertEqual(ReportBuffer.read(callback), "Conflict #1: Unable to simultaneously satisfy constraints")
        XCTAssertEqual(ReportBuffer.read(command), "error: 0x1 is not a UIView")
        ReportBuffer.release(callback)
        ReportBuffer.release(command)
    }

    func test_aBufferTheDebuggerRead_isWrittenAgain() {
        let first = ReportBuffer.publish("first")
        ReportBuffer.release(first)
        let second = ReportBuffer.publish("second")
        XCTAssertEqual(second, first, "its storage is reused: no fresh pages per report")
        XCTAssertEqual(ReportBuffer.read(second), "second")
        XCTAssertEqual((second + 8 + 6 + 1).load(as: UInt8.self), 0, "not read yet: the released byte is cleared")
        ReportBuffer.release(second)
    }

    func test_reportPublishedWhileAnotherIsWritten_isReplacedByIt() {
        // The in-app monitor may publish while the debugger's report is being written.
        var writer = ReportBuffer.makeWriter()
        writer.write("the debugger's report")
        let monitor = ReportBuffer.publish("the monitor's report")
        XCTAssertEqual(ReportBuffer.read(monitor), "the monitor's report", "a buffer of its own meanwhile")
        let buffer = ReportBuffer.publish(writer)
        XCTAssertEqual(ReportBuffer.read(buffer), "the debugger's report")
        XCTAssertEqual(ReportBuffer.read(ReportBuffer.publish("next")), "next")
    }
}
