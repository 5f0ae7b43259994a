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

    func test_conflictReport_readsBackThroughFoundation_withItsFractionsAndEscapes() throws {
        var mask = Fixture.width(Fixture.image, 100, className: "NSAutoresizingMaskLayoutConstraint")
        mask.autoresizingMask = "h=--& v=--&"
        let conflict = ConflictSnapshot(
            ordinal: 2, brokenConstraint: Fixture.leading(),
            mutuallyExclusive: [Fixture.leading(-8, multiplier: 0.25), mask],
            views: [ViewSnapshot(reference: Fixture.header,
                                 frame: SnapshotRect(x: 1.5, y: 2, width: 3, height: 4))],
            viewController: "UIAlertController", isSystemViewController: true,
            unparsedLines: ["odd \t line"], isRedacted: false)
        let json = ConflictReportRenderer.json(conflict, why: nil)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["unparsedLines"] as? [String], ["odd \t line"])
        XCTAssertEqual(object["isSystemViewController"] as? Bool, true)
        let constraints = try XCTUnwrap(object["constraints"] as? [[String: Any]])
        XCTAssertEqual(constraints.map { $0["multiplier"] as? Double }, [0.25, nil, nil])
        XCTAssertEqual(constraints.map { $0["constant"] as? Double }, [-8, 100, 8])
        XCTAssertEqual(constraints[1]["autoresizingMask"] as? String, "h=--& v=--&")
        XCTAssertEqual(object["brokenConstraint"] as? Int, 2, "not among the mutually exclusive: listed after them")
        let views = try XCTUnwrap(object["views"] as? [[String: Any]])
        XCTAssertEqual(views.first { $0["address"] as? String == "0x600000001000" }?["frame"] as? [Double], [1.5, 2, 3, 4])
    }

    func test_escaped_findsEveryCharacterJSONEscapes_wherever_itSits() {
        // RFC 8259: a quote, a backslash and the control characters are escaped;
        // \n, \r, \t by name, the others as \u00XX. Everything else, UTF-8
        // included, goes in as it is. Each is tried at every offset of the
        // 8-byte words the escaper reads, in texts long and short.
        let escapes: [(Character, String)] = [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\r", #"\r"#),
                                               ("\t", #"\t"#), ("\u{0}", #"\u0000"#), ("\u{1}", #"\u0001"#),
                                               ("\u{1f}", #"\u001f"#)]
        for (character, escape) in escapes {
            for before in 0..<20 {
                for after in [0, 1, 7, 8, 13] {
                    let head = String(repeating: "aé ", count: before / 3) + String(repeating: "b", count: before % 3)
                    let tail = String(repeating: "~", count: after)
                    XCTAssertEqual(JSONText.escaped(head + String(character) + tail), head + escape + tail,
                                   "\(escape) after \(before), before \(after)")
                }
            }
        }
        XCTAssertEqual(JSONText.escaped("\"\"ab\n\n\u{7f}ü !#[]{}"), #"\"\"ab\n\n\#u{7f}ü !#[]{}"#,
                       "escapes side by side; DEL and the bytes of ü are not escaped")
    }

    func test_encode_everyScalar_inEveryKindOfContainer() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct Scalars: Encodable {
            var bool = true, string = "a\"b", double = -2.5, float: Float = 0.5, int = -1
            var int8: Int8 = -8, int16: Int16 = 16, int32: Int32 = -32, int64 = Int64.min
            var uint: UInt = 1, uint8: UInt8 = 255, uint16: UInt16 = 16, uint32: UInt32 = 32, uint64 = UInt64.max
            func encode(to encoder: Encoder) throws {
                var keyed = encoder.container(keyedBy: Key.self)
                func key(_ name: String) -> Key { Key(stringValue: name) }
                try keyed.encode(bool, forKey: key("bool")); try keyed.encode(string, forKey: key("string"))
                try keyed.encode(double, forKey: key("double")); try keyed.encode(float, forKey: key("float"))
                try keyed.encode(int, forKey: key("int")); try keyed.encode(int8, forKey: key("int8"))
                try keyed.encode(int16, forKey: key("int16")); try keyed.encode(int32, forKey: key("int32"))
                try keyed.encode(int64, forKey: key("int64")); try keyed.encode(uint, forKey: key("uint"))
                try keyed.encode(uint8, forKey: key("uint8")); try keyed.encode(uint16, forKey: key("uint16"))
                try keyed.encode(uint32, forKey: key("uint32")); try keyed.encode(uint64, forKey: key("uint64"))
                try keyed.encodeNil(forKey: key("null"))
                var list = keyed.nestedUnkeyedContainer(forKey: key("list"))
                try list.encode(bool); try list.encode(string); try list.encode(double); try list.encode(float)
                try list.encode(int); try list.encode(int8); try list.encode(int16); try list.encode(int32)
                try list.encode(int64); try list.encode(uint); try list.encode(uint8); try list.encode(uint16)
                try list.encode(uint32); try list.encode(uint64); try list.encodeNil()
            }
        }
        struct Single: Encodable {
            var value: UInt16 = 7
            func encode(to encoder: Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(value)
            }
        }
        // Every width of integer in full (Int64.min, UInt64.max), a float and a
        // double with their fractions, a string escaped, and null written out.
        XCTAssertEqual(JSONText.encode(Scalars()), #"{"bool":true,"string":"a\"b","double":-2.5,"float":0.5,"int":-1,"#
            + #""int8":-8,"int16":16,"int32":-32,"int64":-9223372036854775808,"uint":1,"uint8":255,"uint16":16,"#
            + #""uint32":32,"uint64":18446744073709551615,"null":null,"list":[true,"a\"b",-2.5,0.5,-1,-8,16,-32,"#
            + #"-9223372036854775808,1,255,16,32,18446744073709551615,null]}"#)
        XCTAssertEqual(JSONText.encode([Single(), Single(value: 65535)]), "[7,65535]")
    }

    func test_fullAddress_isWrittenWhole() throws {
        let reference = ObjectReference(className: "UIView", address: UInt64.max)
        XCTAssertEqual(JSONText.encode(reference), #"{"address":"0xffffffffffffffff","className":"UIView"}"#)
    }
}
