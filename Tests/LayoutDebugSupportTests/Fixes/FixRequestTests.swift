import XCTest
@testable import LayoutDebugSupport

/// The one-line command `lds_fix` reads, as `lfix` writes it.
final class FixRequestTests: XCTestCase {
    func test_apply_readsTheHandleAndTheChange() {
        XCTAssertEqual(try FixRequest.parse("apply 0x600000a4c0a0 priority 999").get(),
                       .apply(.address(0x6000_00a4_c0a0), .priority(999)))
        XCTAssertEqual(try FixRequest.parse("apply #2 constant -8").get(), .apply(.reportNumber(2), .constant(-8)))
        XCTAssertEqual(try FixRequest.parse("apply 0x10 no-autoresizing").get(), .apply(.address(0x10), .noAutoresizing))
    }

    func test_theOtherVerbs() {
        XCTAssertEqual(try FixRequest.parse("suggestion 3").get(), .suggestion(3))
        XCTAssertEqual(try FixRequest.parse("undo").get(), .undo)
        XCTAssertEqual(try FixRequest.parse("undo-all").get(), .undoAll)
        XCTAssertEqual(try FixRequest.parse("list").get(), .list)
    }

    func test_malformedLines_sayWhat() {
        XCTAssertEqual(FixRequest.parse("apply 12 deactivate").failure, .badHandle("12"))
        XCTAssertEqual(FixRequest.parse("apply #0 deactivate").failure, .badHandle("#0"))
        XCTAssertEqual(FixRequest.parse("apply 0x10 priority 1001").failure, .badPriority("1001"))
        XCTAssertEqual(FixRequest.parse("apply 0x10 constant nan").failure, .badNumber("nan"))
        XCTAssertEqual(FixRequest.parse("suggestion 0").failure, .badNumber("0"))
        XCTAssertEqual(FixRequest.parse("").failure, .malformed(""))
        XCTAssertEqual(FixRequest.parse("apply 0x10 deactivate now").failure, .malformed("deactivate now"))
    }

    func test_resolve_wrapsASuggestionOrAChange_andNothingElse() throws {
        XCTAssertEqual(try FixRequest.parse("resolve suggestion 2").get(), .resolve(.suggestion(2)))
        XCTAssertEqual(try FixRequest.parse("resolve apply #3 priority 999").get(),
                       .resolve(.apply(.reportNumber(3), .priority(999))))
        XCTAssertEqual(FixRequest.parse("resolve undo").failure, .malformed("resolve undo"))
        XCTAssertEqual(FixRequest.parse("resolve resolve suggestion 1").failure, .malformed("resolve resolve suggestion 1"))
    }

    func test_queue_wrapsASuggestionOrAChange_andNothingElse() throws {
        XCTAssertEqual(try FixRequest.parse("queue suggestion 2").get(), .queue(.suggestion(2)))
        XCTAssertEqual(try FixRequest.parse("queue apply 0x10 deactivate").get(), .queue(.apply(.address(0x10), .deactivate)))
        XCTAssertEqual(FixRequest.parse("queue undo").failure, .malformed("queue undo"))
        XCTAssertEqual(FixRequest.parse("queue queue suggestion 1").failure, .malformed("queue queue suggestion 1"))
    }

    func test_requestWords_readBackAsTheSameChange() throws {
        for change in [LayoutChange.priority(999), .constant(-7.5), .deactivate, .activate, .noAutoresizing] {
            XCTAssertEqual(try FixRequest.parse("apply 0x10 " + change.requestWords).get(), .apply(.address(0x10), change))
        }
    }

    func test_changes_spellAsLfixOptions_andRoundTripAsJSON() throws {
        XCTAssertEqual(LayoutChange.priority(999).optionText, "--priority 999")
        XCTAssertEqual(LayoutChange.constant(-7.5).optionText, "--constant -7.5")
        XCTAssertEqual(LayoutChange.noAutoresizing.optionText, "--no-autoresizing")
        for change in [LayoutChange.priority(250), .constant(8), .deactivate, .activate, .noAutoresizing] {
            let data = try JSONEncoder().encode(change)
            XCTAssertEqual(try JSONDecoder().decode(LayoutChange.self, from: data), change)
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
