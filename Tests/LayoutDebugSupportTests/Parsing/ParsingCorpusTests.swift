@testable import LayoutDebugSupport
import XCTest

/// Every corpus log parses completely; the envelope names the broken constraint.
final class ParsingCorpusTests: XCTestCase {
    func test_everyCorpusLog_parsesWithNothingUnparsed() throws {
        for name in try ParsingCorpus.names() {
            let conflict = try ParsingCorpus.conflict(name)
            XCTAssertEqual(conflict.unparsedLines, [], name)
            XCTAssertFalse(conflict.mutuallyExclusive.isEmpty, name)
            XCTAssertFalse(conflict.isRedacted, name)
            for constraint in conflict.mutuallyExclusive {
                XCTAssertNotNil(constraint.firstItem, name)
                XCTAssertNotNil(constraint.address, name)
            }
        }
    }

    func test_constraintCounts_matchTheLists() throws {
        let expected = ["001.txt": 4, "002.txt": 3, "003.txt": 5, "004.txt": 6, "006.txt": 11, "009.txt": 11,
                        "014.txt": 15, "015.txt": 5, "017.txt": 8, "021.txt": 14, "024.txt": 6, "027.txt": 2]
        for (name, count) in expected {
            XCTAssertEqual(try ParsingCorpus.conflict(name).mutuallyExclusive.count, count, name)
        }
    }

    func test_log009_namesTheBrokenConstraint_fromTheEnvelope() throws {
        let conflict = try ParsingCorpus.conflict("009.txt")
        let broken = try XCTUnwrap(conflict.brokenConstraint)
        XCTAssertEqual(broken.address, 0x45e1c20cce9f)
        XCTAssertEqual(broken.identifier, "UISV-alignment")
        XCTAssertEqual(broken.firstAttribute, .trailing)
        XCTAssertEqual(broken.firstItem?.title, "Ced fjord")
        XCTAssertEqual(broken.secondItem?.title, "Lumen ju 10:26")
    }

    func test_everyCorpusList_inAnEnvelope_namesTheBrokenConstraint() throws {
        for name in try ParsingCorpus.names() {
            let envelope = try ParsingCorpus.enveloped(name, brokenIndex: 0)
            let conflicts = ConsoleLogParser.parse(envelope.text)
            XCTAssertEqual(conflicts.count, 1, name)
            let conflict = try XCTUnwrap(conflicts.first)
            let expected = try ConstraintLineParser.parse(envelope.broken)
            XCTAssertEqual(conflict.brokenConstraint?.address, expected.address, name)
            XCTAssertEqual(conflict.brokenConstraint, conflict.mutuallyExclusive.first, name)
            XCTAssertEqual(conflict.unparsedLines, [], name)
        }
    }

    func test_log002_resolvesBareNames_throughNames() throws {
        let conflict = try ParsingCorpus.conflict("002.txt")
        let third = conflict.mutuallyExclusive[2]
        XCTAssertEqual(third.firstItem?.address, 0x1c582a4ce76a)
        XCTAssertEqual(third.firstItem?.name, "Quill2Label")
        XCTAssertEqual(third.firstAttribute, .leading)
        XCTAssertEqual(third.secondItem?.className, "Cedar3View")
        XCTAssertEqual(third.secondItem?.address, 0xebd15fd39692)
    }

    func test_log008_twoViewsSharingAName_takeTheNamesEntriesInOrder() throws {
        let constraint = try XCTUnwrap(ParsingCorpus.conflict("008.txt").mutuallyExclusive.first)
        XCTAssertEqual(constraint.secondItem?.address, 0x5e6fc52ba53d)
        XCTAssertEqual(constraint.firstItem?.address, 0x9381cf844215)
        XCTAssertEqual(constraint.firstAttribute, .top)
        XCTAssertEqual(constraint.secondAttribute, .bottom)
        XCTAssertEqual(constraint.constant, 7)
    }

    func test_log024_titleHoldingAQuote() throws {
        let constraint = try ParsingCorpus.conflict("024.txt").mutuallyExclusive[2]
        XCTAssertEqual(constraint.firstItem?.title, "Gro'Ir Ju")
        XCTAssertEqual(constraint.secondItem?.title, "Juni")
        XCTAssertEqual(constraint.firstAttribute, .bottom)
    }

    func test_log017_mangledClassAndLTR() throws {
        let conflict = try ParsingCorpus.conflict("017.txt")
        // The log prints `_TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_`; read as
        // `swift demangle` writes it.
        XCTAssertEqual(conflict.mutuallyExclusive[1].secondItem?.className,
                       "MyAppXYZ.CardView<MyAppXYZ.(RecoveryKeyView in $105829144)>")
        let left = conflict.mutuallyExclusive[6]
        XCTAssertEqual(left.firstAttribute, .left)
        XCTAssertEqual(left.secondAttribute, .left)
        XCTAssertEqual(left.constant, 22)
        XCTAssertEqual(left.secondItem?.className, "UIStackView")
    }

    func test_log004_autoresizingMaskAndNamesOnOlderSystems() throws {
        let conflict = try ParsingCorpus.conflict("004.txt")
        let last = conflict.mutuallyExclusive[5]
        XCTAssertEqual(last.className, "NSAutoresizingMaskLayoutConstraint")
        XCTAssertEqual(last.autoresizingMask, "h=--- v=---")
        XCTAssertEqual(last.identifier, "UIView-Encapsulated-Layout-Top")
        XCTAssertEqual(last.firstItem?.className, "UICollectionView")
        XCTAssertNil(last.isActive)
    }

    func test_log012_snapKitLocations() throws {
        let constraint = try ParsingCorpus.conflict("012.txt").mutuallyExclusive[0]
        XCTAssertEqual(constraint.className, "SnapKit.LayoutConstraint")
        XCTAssertEqual(constraint.sourceLocation, "HarborScreen.swift#88")
        XCTAssertEqual(constraint.relation, .greaterThanOrEqual)
        XCTAssertEqual(constraint.constant, 44)
    }

    func test_invalidCorpus_keepsTheLineUnparsed() throws {
        for name in try ParsingCorpus.names("invalid") {
            let conflicts = ConsoleLogParser.parse(try ParsingCorpus.text(name, folder: "invalid"))
            XCTAssertEqual(conflicts.count, 1, name)
            XCTAssertEqual(conflicts.first?.mutuallyExclusive, [], name)
            XCTAssertEqual(conflicts.first?.unparsedLines.count, 1, name)
        }
    }

    func test_traces_areNotConflicts() throws {
        for name in try ParsingCorpus.names("traces") {
            XCTAssertEqual(ConsoleLogParser.parse(try ParsingCorpus.text(name, folder: "traces")).count, 0, name)
        }
    }
}
