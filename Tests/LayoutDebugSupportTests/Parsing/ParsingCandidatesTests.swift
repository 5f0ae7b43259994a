@testable import LayoutDebugSupport
import XCTest

/// Between conflicts the parser stops only at a `<` that opens a constraint-named class (or a
/// notice's view), a `(` ending its line, or the ambiguity notice's phrase. These tests hold the
/// quick checks made at each stop to the grammar they stand for.
final class ParsingCandidatesTests: XCTestCase {
    private func opensNamed(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> Bool {
        var bytes = Array(line.utf8)
        return ByteText.withTerminated(&bytes) { text, count in
            guard let open = text.firstIndex(of: UInt8(ascii: "<"), from: 0, to: count) else {
                XCTFail("no '<' in \(line)", file: file, line: number)
                return false
            }
            return ConstraintLine.opensNamed(ByteText(base: text.base, count: count), at: open)
        }
    }

    /// A class whose name ends in `Constraint`, then its `:`, opens one; so does `<private>`.
    func test_opensNamed_acceptsAClassNamedLikeAConstraint() {
        XCTAssertTrue(opensNamed("<NSLayoutConstraint:0x600 UIView:0x7f1.width == 10   (active)>"))
        XCTAssertTrue(opensNamed("<<SnapKit.LayoutConstraint:0x600>"))
        XCTAssertTrue(opensNamed("\"<NSContentSizeLayoutConstraint:0x600 UILabel:0x7f1.width == 42>\","))
        XCTAssertTrue(opensNamed("<private>"))
    }

    /// Anything else a log prints in angle brackets does not: a view, a layer, a syslog level, a
    /// name that holds `Constraint` but does not end in it, a blank or a dash inside the name.
    func test_opensNamed_refusesOtherObjects() {
        XCTAssertFalse(opensNamed("App[1:2] <UIView: 0x7f1; frame = (0 0; 375 812); layer = <CALayer: 0x600>>"))
        XCTAssertFalse(opensNamed("<Notice> Unable to simultaneously satisfy constraints."))
        XCTAssertFalse(opensNamed("<NSLayoutConstraintHelper:0x600>"))
        XCTAssertFalse(opensNamed("<My Constraint:0x600>"))
        XCTAssertFalse(opensNamed("<App-LayoutConstraint:0x600>"))
        XCTAssertFalse(opensNamed("<Constraint"))
        XCTAssertFalse(opensNamed("<:Constraint:"))
    }

    /// A class name of any length is read whole: a long module path whose `:` lies past where
    /// the quick look reaches (`ConstraintLine.nameReach`) is decided as a short one.
    func test_opensNamed_readsALongClassNameWhole() {
        let long = "MyApplication.FeatureModules.Onboarding.Layout.Internal.AnimatedBaselineLayoutConstraint"
        XCTAssertGreaterThan(long.utf8.count, ConstraintLine.nameReach)
        XCTAssertTrue(opensNamed("<\(long):0x600 UIView:0x7f1.width == 10>"))
        XCTAssertFalse(opensNamed("<\(long)Helper:0x600>"))
        XCTAssertFalse(opensNamed("<\(long) :0x600>"))
        XCTAssertFalse(opensNamed("<\(long)"))
    }

    /// A headerless list opened by such a class is a conflict, to the summary as to a full read.
    func test_aListOpenedByALongConstraintClass_isFoundByBothReads() {
        let long = "MyApplication.FeatureModules.Onboarding.Layout.Internal.AnimatedBaselineLayoutConstraint"
        let log = "2026-11-29 10:00:00.000 App[1:2] <UIView: 0x7f1; frame = (0 0; 10 10)> (2 ms)\n"
            + "<\(long):0x6001 UIView:0x7f1.width == 10   (active)>\n"
            + "<NSLayoutConstraint:0x6002 UIView:0x7f1.width == 20   (active)>\n"
            + "Will attempt to recover by breaking constraint\n"
            + "<NSLayoutConstraint:0x6002 UIView:0x7f1.width == 20   (active)>\n"
        let full = ConsoleLogParser.parse(log)
        XCTAssertEqual(full.count, 1)
        XCTAssertEqual(full.first?.mutuallyExclusive.first?.className, long)
        var parser = ConsoleLogParser(summarizing: true)
        var summarized: [String] = []
        let bytes = Array(log.utf8)
        bytes.withUnsafeBufferPointer { parser.consume($0) { summarized.append($0.signature ?? "") } }
        parser.finish { summarized.append($0.signature ?? "") }
        XCTAssertEqual(summarized, full.map(\.signature))
    }
}
