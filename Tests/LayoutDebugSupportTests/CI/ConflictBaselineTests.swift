import Foundation
@testable import LayoutDebugSupport
import XCTest

/// The baseline file: the same text for the same conflicts whatever their addresses, read back
/// whole, and a one-line reason for each file it cannot use.
final class ConflictBaselineTests: XCTestCase {
    private typealias Log = ConflictRunReaderTests

    func test_writtenBaseline_isTheSameForTwoRunsWithOtherAddresses_andSortedOnePerLine() {
        let first = Log.read("Test Case 'T.a' started at x\n" + Log.widthConflict(100, 140, view: "0x7f01")
                             + Log.widthConflict(100, 120, view: "0x7f02"))
        let second = Log.read("Test Case 'T.a' started at x\n" + Log.widthConflict(100, 120, view: "0x5555aaaa")
                              + Log.widthConflict(100, 140, view: "0x5555bbbb"))
        let text = ConflictBaseline(run: first).text
        XCTAssertEqual(text, ConflictBaseline(run: second).text)
        XCTAssertEqual(text, """
            {
              "schema": "layoutdebug/2",
              "kind": "ci-baseline",
              "conflicts": [
                {"signature": "\(Log.widthSignature(100, 120))", "owner": "yours", "tests": ["T.a"]},
                {"signature": "\(Log.widthSignature(100, 140))", "owner": "yours", "tests": ["T.a"]}
              ]
            }

            """)
        XCTAssertFalse(text.contains("0x"), "no address")
    }

    func test_baselineReadBack_holdsTheSameEntries() throws {
        let run = Log.read(Log.widthConflict(100, 120) + Log.widthConflict(1, 2))
        let written = ConflictBaseline(run: run)
        XCTAssertEqual(try ConflictBaseline(reading: Data(written.text.utf8)), written)
        XCTAssertEqual(written.signatures, [Log.widthSignature(100, 120), Log.widthSignature(1, 2)])
    }

    func test_entriesOutOfOrder_areSorted_andASignatureListedTwiceIsKeptOnce() throws {
        // Yours first, then system, then transient, then entries without an owner; each by signature.
        let entries: [ConflictBaseline.Entry] = [
            .init(signature: "b", owner: nil), .init(signature: "c", owner: .system), .init(signature: "z", owner: .yours),
            .init(signature: "a", owner: .transient), .init(signature: "c", owner: .yours, tests: ["T.a"]),
            .init(signature: "y", owner: .yours),
        ]
        let baseline = ConflictBaseline(entries: entries)
        XCTAssertEqual(baseline.entries.map(\.signature), ["y", "z", "c", "a", "b"])
        XCTAssertEqual(baseline.entries[2].owner, .system, "the first of a signature listed twice is kept")
        XCTAssertEqual(baseline.signatures, ["a", "b", "c", "y", "z"])
        // Read from a file in another order, it is the same baseline.
        let reversed = ConflictBaseline(entries: baseline.entries.reversed())
        XCTAssertEqual(try ConflictBaseline(reading: Data(reversed.text.utf8)), baseline)
    }

    func test_emptyRun_writesAnEmptyBaseline_thatReadsBack() throws {
        let empty = ConflictBaseline(run: ConflictRun())
        XCTAssertEqual(empty.text, "{\n  \"schema\": \"layoutdebug/2\",\n  \"kind\": \"ci-baseline\",\n  \"conflicts\": []\n}\n")
        XCTAssertEqual(try ConflictBaseline(reading: Data(empty.text.utf8)).entries, [])
    }

    func test_unusableFiles_sayWhyInOneLine() {
        let cases: [(String, ConflictBaseline.ReadError)] = [
            ("{\"schema\": \"layoutdebug/3\", \"kind\": \"ci-baseline\", \"conflicts\": []}", .newerSchema("layoutdebug/3")),
            ("{\"schema\": \"layoutdebug/1\", \"kind\": \"ci-baseline\", \"conflicts\": []}", .olderSchema("layoutdebug/1")),
            ("{\"schema\": \"layoutdebug/2\", \"kind\": \"explain-summary\"}", .notABaseline("its kind is \"explain-summary\", not \"ci-baseline\"")),
            ("{\"schema\": \"other/1\", \"kind\": \"ci-baseline\"}", .notABaseline("schema \"other/1\" is not LayoutDebug's")),
            ("{\"kind\": \"ci-baseline\"}", .notABaseline("no \"schema\" field")),
            ("{\"schema\": \"layoutdebug/2\", \"kind\": \"ci-baseline\"}", .malformed("no \"conflicts\" array")),
            ("{\"schema\": \"layoutdebug/2\", \"kind\": \"ci-baseline\", \"conflicts\": [{\"owner\": \"yours\"}]}",
             .malformed("conflict 1 has no \"signature\" string")),
            ("{\"schema\": \"layoutdebug/2\", \"kind\": \"ci-baseline\", \"conflicts\": [{\"signature\": \"s\", \"owner\": \"mine\"}]}",
             .malformed("conflict 1 has an unknown \"owner\"")),
            ("not json", .notJSON),
            ("[1, 2]", .notJSON),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ConflictBaseline(reading: Data(text.utf8)), text) { error in
                XCTAssertEqual(error as? ConflictBaseline.ReadError, expected, text)
                XCTAssertFalse((error as? ConflictBaseline.ReadError)?.description.contains("\n") ?? true)
            }
        }
        XCTAssertEqual(ConflictBaseline.ReadError.newerSchema("layoutdebug/3").description,
                       "written for schema layoutdebug/3, newer than this layout-explain reads (layoutdebug/2): "
                       + "update LayoutDebug, or write the baseline again with --write-baseline")
        XCTAssertEqual(ConflictBaseline.ReadError.olderSchema("layoutdebug/1").description,
                       "written for schema layoutdebug/1, older than this layout-explain reads (layoutdebug/2): "
                       + "write the baseline again with --write-baseline")
    }
}

/// The baseline's JSON reader, on what RFC 8259 allows and what it does not.
final class JSONValueTests: XCTestCase {
    func test_valuesAndEscapes_readAsWritten() {
        let text = #"{"a": [1, -2.5e3, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "o": {}}"#
        let value = JSONValue.parse(Array(text.utf8))
        XCTAssertEqual(value?["a"], .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
        XCTAssertEqual(value?["s"]?.string, "q\"\\/\u{8}\u{C}\n\r\té😀")
        XCTAssertEqual(value?["o"], .object([]))
        // What JSONText writes reads back.
        let written = JSONText.quoted("tab\t, quote \", non-ASCII Don’t, control \u{1}")
        XCTAssertEqual(JSONValue.parse(Array(written.utf8))?.string, "tab\t, quote \", non-ASCII Don’t, control \u{1}")
    }

    func test_notJSON_isNil() {
        for text in ["", "{", "{\"a\" 1}", "[1,]", "\"unterminated", "\"raw\ncontrol\"",
                     "\"control \u{1} before an escape\\n\"", "\"an escape\\n, then control \u{1}\"", "\"escaped quote \\\"",
                     "{} extra", "tru", "\"\\x\"",
                     "\"\\ud83d\"", String(repeating: "[", count: 600) + String(repeating: "]", count: 600)] {
            XCTAssertNil(JSONValue.parse(Array(text.utf8)), text)
        }
    }
}
