import XCTest
@testable import LayoutDebugSupport

/// Messages that print a constraint but are not conflicts (`NoticeLogs`)
/// come out as `LayoutNotice`s, never as conflicts.
final class ParsingNoticeTests: XCTestCase {
    private func onlyNotice(_ log: String, file: StaticString = #filePath, line: UInt = #line) throws -> ParsedConflict {
        XCTAssertEqual(ConsoleLogParser.parse(log).count, 0, "no conflict", file: file, line: line)
        let found = ConsoleLogParser.parseAll(log)
        XCTAssertEqual(found.count, 1, "one notice", file: file, line: line)
        let parsed = try XCTUnwrap(found.first, file: file, line: line)
        XCTAssertNotNil(parsed.notice, file: file, line: line)
        return parsed
    }

    func test_unableToInstall_namesTheConstraintAndTheViewItWasAddedTo() throws {
        let notice = try XCTUnwrap(try onlyNotice(NoticeLogs.unableToInstall).notice)
        XCTAssertEqual(notice.kind, .unableToInstall)
        let constraint = try XCTUnwrap(notice.constraint)
        XCTAssertEqual(constraint.address, 0x600001a2c3c0)
        XCTAssertEqual(constraint.firstItem?.address, 0x7f9e4cd0a1b0)
        XCTAssertEqual(constraint.secondItem?.address, 0x7f9e4cd0b7e0)
        XCTAssertEqual(constraint.constant, 12)
        XCTAssertEqual(notice.view("added to"), ObjectReference(className: "UILabel", address: 0x7f9e4cd0a1b0))
        let text = NoticeReportRenderer.text(notice)
        XCTAssertTrue(text.hasPrefix("Not a conflict: Unable to install constraint on view"), text)
        XCTAssertTrue(text.contains("it ties <UIView:0x7f9e4cd0b7e0>, outside that view's subtree"), text)
        XCTAssertTrue(text.contains("share no common ancestor"), text)
    }

    /// The reason wrapped behind `> `: the constraint is read across its lines.
    func test_unableToInstall_wrappedInAQuote_isReadAcrossItsLines() throws {
        let parsed = try onlyNotice(NoticeLogs.unableToInstallWrapped)
        XCTAssertEqual(parsed.firstLine, 2, "the line that says what it is")
        XCTAssertEqual(parsed.lastLine, 7)
        let notice = try XCTUnwrap(parsed.notice)
        XCTAssertEqual(notice.constraint?.address, 0x7168860)
        XCTAssertEqual(notice.constraint?.multiplier, 3)
        XCTAssertEqual(notice.constraint?.constant, 10)
        XCTAssertEqual(notice.view("added to")?.address, 0x7169360)
    }

    func test_unableToActivate_namesBothAnchors() throws {
        let notice = try XCTUnwrap(try onlyNotice(NoticeLogs.unableToActivate).notice)
        XCTAssertEqual(notice.kind, .unableToActivate)
        XCTAssertEqual(notice.views.map(\.view.className), ["Orbit.ToastView", "UILayoutGuide"])
        XCTAssertEqual(notice.views.map(\.attributes), [["top"], ["top"]])
        XCTAssertEqual(notice.views.last?.view.title, "UIViewSafeAreaLayoutGuide")
    }

    /// Both messages, and the container's views between them, are one notice.
    func test_hierarchyNotPrepared_isOneNotice_withTheContainerAndTheMissingView() throws {
        let parsed = try onlyNotice(NoticeLogs.hierarchyNotPrepared)
        XCTAssertEqual(parsed.firstLine, 1)
        XCTAssertEqual(parsed.lastLine, 9)
        let notice = try XCTUnwrap(parsed.notice)
        XCTAssertEqual(notice.kind, .hierarchyNotPrepared)
        XCTAssertEqual(notice.constraint?.address, 0x6000027e1ae0)
        XCTAssertEqual(notice.view("container"), ObjectReference(className: "UIButton", address: 0x7fb1c2e0a400))
        XCTAssertEqual(notice.view("not in the container"), ObjectReference(className: "Orbit.CardView", address: 0x7fb1c2d0f1c0))
        XCTAssertEqual(notice.view("its superview")?.address, 0x7fb1c2d0c010)
    }

    func test_managedCellAutoresizing_namesTheCell() throws {
        let notice = try XCTUnwrap(try onlyNotice(NoticeLogs.managedCell).notice)
        XCTAssertEqual(notice.kind, .managedAutoresizing)
        XCTAssertEqual(notice.subject, "a UICollectionViewCell that is managed by a UICollectionView")
        XCTAssertEqual(notice.view("cell"), ObjectReference(className: "Orbit.PhotoCell", address: 0x10b82a3c0))

        let table = try XCTUnwrap(try onlyNotice(NoticeLogs.managedTableContentView).notice)
        XCTAssertEqual(table.subject, "the contentView of a UITableViewCell")
        XCTAssertEqual(table.view("cell")?.className, "Orbit.InboxCell")
    }

    func test_ambiguousLayout_namesTheViewAndWhatIsFree() throws {
        let parsed = try onlyNotice(NoticeLogs.ambiguousLayout)
        XCTAssertEqual(parsed.lastLine, 8, "the legend belongs to the message")
        let notice = try XCTUnwrap(parsed.notice)
        XCTAssertEqual(notice.kind, .ambiguousLayout)
        XCTAssertEqual(notice.views, [.init(role: "ambiguous", view: ObjectReference(className: "Orbit.BadgeView", address: 0x7fa3d8c12e30),
                                            attributes: ["minX", "Width"])])
        XCTAssertTrue(NoticeReportRenderer.text(notice).contains("<Orbit.BadgeView:0x7fa3d8c12e30>'s horizontal position and width"))

        let old = try XCTUnwrap(try onlyNotice(NoticeLogs.ambiguousLayoutOldTrace).notice)
        XCTAssertEqual(old.views.map(\.view), [ObjectReference(className: "UIImageView", address: 0x7fe1a2c09a20)])
    }

    /// A notice ends where its lines end: the conflict after it is read as before, numbered 1.
    func test_aConflictAfterANotice_isStillReadWhole() throws {
        for notice in [NoticeLogs.unableToInstall, NoticeLogs.hierarchyNotPrepared, NoticeLogs.managedCell, NoticeLogs.ambiguousLayout] {
            let found = ConsoleLogParser.parseAll(notice + "\n" + NoticeLogs.conflict + "\n")
            XCTAssertEqual(found.map { $0.notice == nil }, [false, true])
            let conflict = try XCTUnwrap(found.last?.snapshot)
            XCTAssertEqual(conflict.ordinal, 1)
            XCTAssertEqual(conflict.mutuallyExclusive.count, 2)
            XCTAssertEqual(conflict.brokenConstraint?.address, 0x600001a2d0a0)
        }
    }

    /// A summary counts conflicts: a notice is neither counted nor taken for one.
    func test_summary_countsNoNotice() {
        for log in [NoticeLogs.unableToInstall, NoticeLogs.unableToInstallWrapped, NoticeLogs.hierarchyNotPrepared,
                    NoticeLogs.managedCell, NoticeLogs.unableToActivate] {
            var parser = ConsoleLogParser(summarizing: true)
            var found: [ParsedConflict] = []
            let bytes = Array((log + "\n" + NoticeLogs.conflict + "\n").utf8)
            bytes.withUnsafeBufferPointer { parser.consume($0) { found.append($0) } }
            parser.finish { found.append($0) }
            XCTAssertEqual(found.count, 1, log)
            XCTAssertNil(found.first?.notice)
            XCTAssertEqual(found.first?.snapshot.ordinal, 1)
        }
    }

    /// Fed line by line, the parser finds the same notices as in one buffer.
    func test_notices_readInPieces_areTheSame() {
        let log = [NoticeLogs.unableToInstallWrapped, NoticeLogs.hierarchyNotPrepared, NoticeLogs.ambiguousLayout,
                   NoticeLogs.conflict].joined(separator: "\n") + "\n"
        let whole = ConsoleLogParser.parseAll(log)
        var parser = ConsoleLogParser()
        var pieces: [ParsedConflict] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let bytes = Array((line + "\n").utf8)
            bytes.withUnsafeBufferPointer { parser.consume($0) { pieces.append($0) } }
        }
        parser.finish { pieces.append($0) }
        XCTAssertEqual(pieces.map(\.notice), whole.map(\.notice))
        XCTAssertEqual(pieces.map(\.lastLine), whole.map(\.lastLine))
        XCTAssertEqual(whole.map { $0.notice?.kind }, [.unableToInstall, .hierarchyNotPrepared, .ambiguousLayout, nil])
    }
}
