@testable import LayoutDebugSupport
import XCTest

/// A printed list of views opens like a constraint list, `(` then `<Class: 0x…>` lines, but
/// holds no constraint: it is no conflict.
final class ParsingViewListsTests: XCTestCase {
    func test_anArrayOfViewsPrinted_isNoConflict() {
        let log = """
            (
                <UIView: 0x7fa1c0d0a480; frame = (0 0; 425 667); autoresize = W+H; layer = <CALayer: 0x600000a1c2a0>>,
                <App.Badge: 0x7fa1c0d0a300; frame = (20 100; 100 40); layer = <CALayer: 0x600000a1c2c0>>
            )
            """
        XCTAssertEqual(ConsoleLogParser.parseAll(log).count, 0)
    }

    func test_theViewsUIKitsFeedbackLoopDebuggerCaught_areNoConflict() {
        // UIKit's feedback-loop debugger names the views of a loop as NSArray prints them
        // ("Views caught in loop: (" …), research of the loop logs, format strings of UIKit's log.
        let log = """
            Views caught in loop: (
                <UIView: 0x556445d9a480; frame = (0 0; 425 667); autoresize = W+H>,
                <DemoScenarios.GrowingBadge: 0x556445d9a300; frame = (20 100; 100 40)>
            )
            """
        XCTAssertEqual(ConsoleLogParser.parseAll(log).count, 0)
    }

    func test_aConflictsListAfterItsHeader_stillKeepsALineItCannotRead() {
        let log = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x600001 UIView:0x7f1.width == 100   (active)>",
                "<NSLayoutConstraint:0x600002 UIView:0x7f1.width == 120   (active)>"
            )
            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x600002 UIView:0x7f1.width == 120   (active)>
            """
        let conflicts = ConsoleLogParser.parseAll(log)
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(conflicts.first?.snapshot.mutuallyExclusive.count, 2)
    }
}
