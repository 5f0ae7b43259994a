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
              "schema": "layoutdebug/1",
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

    func test_emptyRun_writesAnEmptyBaseline_thatReadsBack() throws {
        let empty = ConflictBaseline(run: ConflictRun())
        XCTAssertEqual(empty.text, "{\n  \"schema\": \"layoutdebug/1\",\n  \"kind\": \"ci-baseline\",\n  \"conflicts\": []\n}\n")
        XCTAssertEqual(try ConflictBaseline(reading: Data(empty.text.utf8)).entries, [])
    }

    func test_unusableFiles_sayWhyInOneLine() {
        let cases: [(String, ConflictBaseline.ReadError)] = [
            ("{\"schema\": \"layoutdebug/2\", \"kind\": \"ci-baseline\", \"conflicts\": []}", .newerSchema("layoutdebug/2")),
            ("{\"schema\": \"layoutdebug/1\", \"kind\": \"explain-summary\"}", .notABaseline("its kind is \"explain-summary\", not \"ci-baseline\"")),
            ("{\"schema\": \"other/1\", \"kind\": \"ci-baseline\"}", .notABaseline("schema \"other/1\" is not LayoutDebug's")),
            ("{\"kind\": \"ci-baseline\"}", .notABaseline("no \"schema\" field")),
            ("{\"schema\": \"layoutdebug/1\", \"kind\": \"ci-baseline\"}", .malformed("no \"conflicts\" array")),
            ("{\"schema\": \"layoutdebug/1\", \"kind\": \"ci-baseline\", \"conflicts\": [{\"owner\": \"yours\"}]}",
             .malformed("conflict 1 has no \"signature\" string")),
            ("{\"schema\": \"layoutdebug/1\", \"kind\": \"ci-baseline\", \"conflicts\": [{\"signature\": \"s\", \"owner\": \"mine\"}]}",
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
        XCTAssertEqual(ConflictBaseline.ReadError.newerSchema("layoutdebug/2").description,
                       "written for schema layoutdebug/2, newer than this layout-explain reads (layoutdebug/1): "
                       + "update LayoutDebug, or write the baseline again with --write-baseline")
    }
}
