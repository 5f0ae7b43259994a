import XCTest
@testable import LayoutDebugSupport

/// Pictures from snapshots: where boxes and marks go, and the SVG they make.
final class PicturesTests: XCTestCase {
    /// The cell-width conflict as UIKit logs it: a 50-wide content view, a view
    /// pinned to both its edges, and a width of 768 that the engine broke.
    private let log = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600000a1 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0x7f01.width == 50   (active)>",
        "<NSLayoutConstraint:0x600000a2 H:|-(0)-[UIView:0x7f02]   (active, names: '|':UITableViewCellContentView:0x7f01 )>",
        "<NSLayoutConstraint:0x600000a3 H:[UIView:0x7f02]-(0)-|   (active, names: '|':UITableViewCellContentView:0x7f01 )>",
        "<NSLayoutConstraint:0x600000a4 H:[UIView:0x7f02(768)]   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x600000a4 H:[UIView:0x7f02(768)]   (active)>
    """

    func test_computedFrames_satisfyEveryListedConstraint_butTheBrokenOne() throws {
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        let frames = ComputedFrames.frames(for: conflict)
        // Pinned to both edges of a 50-wide view: the view is 50 wide too, not 768.
        XCTAssertEqual(frames[0x7f01]?.width, 50)
        XCTAssertEqual(frames[0x7f02]?.width, 50)
        XCTAssertEqual(frames[0x7f02]?.x, frames[0x7f01]?.x)
        // Nothing names a height: the preferred 44.
        XCTAssertEqual(frames[0x7f02]?.height, 44)
    }

    func test_aConflictPicture_marksTheBrokenConstraint_redAndOnTop() throws {
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        let picture = PictureScenes.conflict(conflict, reason: "768 against 50.")
        XCTAssertEqual(picture.marks.last?.role, .broken)
        XCTAssertEqual(picture.marks.filter { $0.role == .broken }.count, 1)
        XCTAssertEqual(picture.marks.last?.shape, .size)
        XCTAssertTrue(picture.caption.hasPrefix("Frames computed by our solver"))
        XCTAssertTrue(picture.marks.last?.hover.hasPrefix("0x600000a4 @1000 <UIView:0x7f02>.width == 768.0") == true)
        let svg = SVGPicture.svg(picture)
        XCTAssertTrue(svg.contains("class=\"mark broken\""))
        XCTAssertTrue(svg.contains(".broken{stroke:#d32f2f"))
        XCTAssertTrue(svg.contains("<script><![CDATA["), "XML-safe script")
        XCTAssertFalse(svg.contains("href="), "nothing external")
    }

    func test_aTreePicture_placesEachBoxAtItsFrame_inTheRootsCoordinates() {
        var child = ViewSnapshot(reference: ObjectReference(className: "UILabel", address: 2),
                                 frame: SnapshotRect(x: 10, y: 20, width: 30, height: 40))
        child.children = [ViewSnapshot(reference: ObjectReference(className: "UIView", address: 3),
                                       frame: SnapshotRect(x: 1, y: 2, width: 3, height: 4), hasAmbiguousLayout: true)]
        let root = ViewSnapshot(reference: ObjectReference(className: "UIView", address: 1),
                                frame: SnapshotRect(x: 100, y: 100, width: 200, height: 300), children: [child])
        let picture = PictureScenes.tree(root)
        XCTAssertEqual(picture.boxes.map(\.rect), [SnapshotRect(x: 0, y: 0, width: 200, height: 300),
                                                   SnapshotRect(x: 10, y: 20, width: 30, height: 40),
                                                   SnapshotRect(x: 11, y: 22, width: 3, height: 4)])
        XCTAssertEqual(picture.boxes.map(\.depth), [0, 1, 2])
        XCTAssertTrue(SVGPicture.svg(picture).contains("class=\"view ambiguous\" data-address=\"0x3\""))
    }

    func test_labelsAndTitles_areEscaped() {
        let root = ViewSnapshot(reference: ObjectReference(className: "UIView", address: 1, name: "<a & \"b\">"),
                                frame: SnapshotRect(x: 0, y: 0, width: 200, height: 100))
        let svg = SVGPicture.svg(PictureScenes.tree(root))
        XCTAssertTrue(svg.contains("&lt;a &amp; &quot;b&quot;&gt;"))
        XCTAssertFalse(svg.contains("<a &"))
    }

    /// A cell at (0 0) and its content view 2 points in: the second label goes on
    /// the first free row below the first, not over it.
    func test_labelsOfBoxesStartingClose_goOneUnderAnother() {
        var content = ViewSnapshot(reference: ObjectReference(className: "UITableViewCellContentView", address: 2),
                                   frame: SnapshotRect(x: 2, y: 2, width: 196, height: 96))
        content.children = [ViewSnapshot(reference: ObjectReference(className: "UILabel", address: 3),
                                         frame: SnapshotRect(x: 0, y: 0, width: 100, height: 20))]
        let root = ViewSnapshot(reference: ObjectReference(className: "UITableViewCell", address: 1),
                                frame: SnapshotRect(x: 0, y: 0, width: 200, height: 100), children: [content])
        let svg = SVGPicture.svg(PictureScenes.tree(root))
        // A 200-wide root is drawn 320 wide (1.6×): the content view is at (3.2 3.2).
        // Row tops 0 and 13 (the cell's label ends there); baselines 10 below each top.
        XCTAssertTrue(svg.contains("<text class=\"label\" data-box=\"0\" x=\"3\" y=\"10\">UITableViewCell<title>"), svg)
        XCTAssertTrue(svg.contains("<text class=\"label\" data-box=\"1\" x=\"6.2\" y=\"23\">UITableViewCellContentView<title>"), svg)
        // The label is drawn (3.2 3.2; 160 32): rows 0 and 13 are taken, and a row at
        // 26 would end at 39, past its bottom (35.2): unlabelled, still titled.
        XCTAssertFalse(svg.contains(">UILabel<title>"), svg)
        XCTAssertTrue(svg.contains("<title>&lt;UILabel:0x3&gt;"), svg)
    }

    /// A box held by a property says the property without its holder; the hover title says all.
    func test_aBoxHeldByAProperty_isLabelledWithThePropertyAlone() {
        let root = ViewSnapshot(reference: ObjectReference(className: "UIImageView", address: 1,
                                                           property: "ProfileViewController.avatarView"),
                                frame: SnapshotRect(x: 0, y: 0, width: 200, height: 100))
        let svg = SVGPicture.svg(PictureScenes.tree(root))
        XCTAssertTrue(svg.contains(">avatarView<title>"), svg)
        XCTAssertTrue(svg.contains("<title>&lt;UIImageView:0x1 ProfileViewController.avatarView&gt;"), svg)
    }
}
