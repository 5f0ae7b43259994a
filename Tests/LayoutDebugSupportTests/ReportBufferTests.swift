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
}
