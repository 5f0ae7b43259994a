import Foundation
import XCTest
@testable import LayoutDebugSupport

final class JSONTextTests: XCTestCase {
    func test_encode_escapesAndLeavesOutNil() {
        struct Sample: Codable { var a: String; var b: Int?; var c: Double; var d: [Bool] }
        XCTAssertEqual(JSONText.encode(Sample(a: "q\"\\\n\u{1}é", b: nil, c: 0.5, d: [true, false])),
                       #"{"a":"q\"\\\n\u0001é","c":0.5,"d":[true,false]}"#)
    }

    func test_encode_integralDoubles_haveNoFraction() {
        XCTAssertEqual(JSONText.encode([8.0, -20, 1e20]), "[8,-20,1e+20]")
    }

    func test_conflictSnapshot_roundTripsThroughFoundationDecoder() throws {
        var mask = Fixture.width(Fixture.image, 100, className: "NSAutoresizingMaskLayoutConstraint")
        mask.autoresizingMask = "h=--& v=--&"
        let conflict = ConflictSnapshot(
            ordinal: 2, brokenConstraint: Fixture.leading(),
            mutuallyExclusive: [Fixture.leading(-8, multiplier: 0.25), mask],
            views: [ViewSnapshot(reference: Fixture.header,
                                 frame: SnapshotRect(x: 1.5, y: 2, width: 3, height: 4))],
            viewController: "UIAlertController", isSystemViewController: true,
            unparsedLines: ["odd \t line"], isRedacted: false)
        let decoded = try JSONDecoder().decode(ConflictSnapshot.self, from: Data(JSONText.encode(conflict).utf8))
        XCTAssertEqual(decoded, conflict)
    }

    func test_fullAddress_survivesRoundTrip() throws {
        let reference = ObjectReference(className: "UIView", address: UInt64.max)
        let decoded = try JSONDecoder().decode(ObjectReference.self, from: Data(JSONText.encode(reference).utf8))
        XCTAssertEqual(decoded.address, UInt64.max)
    }
}
