@testable import LayoutDebugSupport
import XCTest

/// The byte primitives the summary's hot paths use in place of simpler loops
/// must answer exactly as those loops do.
final class ParsingByteTextTests: XCTestCase {
    /// A header is looked for up to ten lines back, eight bytes at a time:
    /// every line start it finds is the one a byte-by-byte search finds, for
    /// newlines at every alignment and searches bounded anywhere.
    func test_lineStart_findsWhatAByteByByteSearchFinds() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        for _ in 0..<200 {
            let bytes: [UInt8] = (0..<(1 + next(120))).map { _ in next(6) == 0 ? 0x0A : UInt8(0x61 + next(26)) }
            bytes.withUnsafeBufferPointer { buffer in
                let text = ByteText(base: buffer.baseAddress!, count: buffer.count)
                for index in 0...buffer.count {
                    let notBefore = next(index + 1)
                    var expected = index
                    while expected > notBefore, bytes[expected - 1] != 0x0A { expected -= 1 }
                    XCTAssertEqual(text.lineStart(containing: index, notBefore: notBefore), expected)
                }
            }
        }
    }

    /// The line key's lists are emptied and filled again per line; one that
    /// outgrows its first storage keeps every element, in order.
    func test_aScratchList_keepsItsElementsAsItGrowsAndEmpties() {
        let list = ScratchList<UInt64>(capacity: 2)
        for round in 0..<3 {
            list.removeAll()
            XCTAssertEqual(list.count, 0)
            for value in 0..<UInt64(5 + 10 * round) { list.append(value * 3) }
            XCTAssertEqual(Array(list.elements), (0..<UInt64(5 + 10 * round)).map { $0 * 3 })
            XCTAssertEqual(list[4], 12)
        }
    }
}
