import XCTest
@testable import LayoutDebugSupport

/// What a picture says must be what it draws: hover frames and scale, red for
/// every broken constraint, a caption never cut, labels that never overlap,
/// and AppKit's unflipped frames turned the right way up.
final class PictureTruthTests: XCTestCase {
    // MARK: - Hover frames and scale

    /// `cell-width-conflict`'s cell, 50 × 44, holding a view at (10 5; 20 30).
    private func cell() -> ViewSnapshot {
        ViewSnapshot(reference: ObjectReference(className: "UITableViewCell", address: 1),
                     frame: SnapshotRect(x: 0, y: 0, width: 50, height: 44),
                     children: [ViewSnapshot(reference: ObjectReference(className: "UIView", address: 2),
                                             frame: SnapshotRect(x: 10, y: 5, width: 20, height: 30))])
    }

    func test_aSmallViewsHover_saysItsFrameInPoints_andDataScaleTheScaleItIsDrawnAt() throws {
        let svg = SVGPicture.svg(PictureScenes.tree(cell()))
        // 50 points wide is enlarged to at most 4× (320 / 50 = 6.4 is more): 200 pixels.
        XCTAssertTrue(svg.contains("data-scale=\"4\""), svg)
        XCTAssertTrue(svg.contains("x=\"0\" y=\"0\" width=\"200\" height=\"176\"><title>&lt;UITableViewCell:0x1&gt; (0 0; 50 44)</title>"), svg)
        // The child is at its frame × 4 in the drawing; its hover says the frame itself.
        XCTAssertTrue(svg.contains("x=\"40\" y=\"20\" width=\"80\" height=\"120\"><title>&lt;UIView:0x2&gt; (10 5; 20 30)</title>"), svg)
    }

    func test_aNestedViewsHover_saysItsFrameInItsSuperview_notWhereThePictureDrawsIt() {
        var root = ViewSnapshot(reference: ObjectReference(className: "UIView", address: 1),
                                frame: SnapshotRect(x: 0, y: 0, width: 375, height: 667))
        var card = ViewSnapshot(reference: ObjectReference(className: "UIView", address: 2),
                                frame: SnapshotRect(x: 0, y: 100, width: 375, height: 120))
        card.children = [ViewSnapshot(reference: ObjectReference(className: "UIImageView", address: 3),
                                      frame: SnapshotRect(x: 16, y: 20, width: 80, height: 80))]
        root.children = [card]
        let picture = PictureScenes.tree(root)
        XCTAssertEqual(picture.boxes[2].rect, SnapshotRect(x: 16, y: 120, width: 80, height: 80))
        XCTAssertEqual(picture.boxes[2].frame, SnapshotRect(x: 16, y: 20, width: 80, height: 80))
        let svg = SVGPicture.svg(picture)
        XCTAssertTrue(svg.contains("data-scale=\"1\""), svg)
        XCTAssertTrue(svg.contains("<title>&lt;UIImageView:0x3&gt; (16 20; 80 80)</title>"), svg)
    }

    // MARK: - Broken constraints

    func test_aTreePicture_drawsAConstraintTheEngineBroke_red() {
        var root = cell()
        let wide = ObjectReference(className: "UIView", address: 2)
        root.children[0].constraints = [
            ConstraintSnapshot(address: 0xa4, firstItem: wide, firstAttribute: .width, constant: 768, isBroken: true),
            ConstraintSnapshot(address: 0xa5, firstItem: wide, firstAttribute: .height, constant: 30),
        ]
        let picture = PictureScenes.tree(root)
        XCTAssertEqual(picture.marks.map(\.role), [.plain, .broken])
        XCTAssertTrue(SVGPicture.svg(picture).contains("<path class=\"mark broken\""))
    }

    // MARK: - Caption and title

    func test_aLongCaption_wrapsToThePage_andKeepsEveryWord() throws {
        let reason = Array(repeating: "UIImageView:0x555555596c60 is pinned 0 from the leading edge of UIStackView;", count: 12)
            .joined(separator: " ") + " 16 + 80 + 8 + 300 + 16 = 375 is impossible (420 against 375)."
        let picture = LayoutPicture(title: "Conflict #4: Unable to simultaneously satisfy constraints in "
                                        + "AVeryLongViewControllerNameThatGoesOnAndOnViewController",
                                    caption: reason, boxes: cell().children.map {
                                        .init(reference: $0.reference, rect: $0.frame, frame: $0.frame,
                                              isAmbiguous: false, isGuide: false, depth: 0)
                                    }, marks: [])
        let svg = SVGPicture.svg(picture)
        let captionLines = lines(of: "caption", in: svg)
        XCTAssertGreaterThan(captionLines.count, 6)
        XCTAssertEqual(captionLines.joined(separator: " "), reason)
        XCTAssertEqual(lines(of: "title", in: svg).joined(separator: " "), picture.title)
        XCTAssertGreaterThan(lines(of: "title", in: svg).count, 1)
        // Each line fits the page less its margins (600 - 2 × 16), as Helvetica draws it.
        for line in captionLines {
            XCTAssertLessThanOrEqual(PictureText.width(of: line[...], in: .caption), 568, line)
        }
    }

    func test_aWordWiderThanTheLine_isBrokenBetweenCharacters_notLeftOut() {
        let word = String(repeating: "W", count: 100)
        let lines = PictureText.wrapped("a " + word + " b", width: 200, in: .caption)
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertEqual(lines.joined().replacingOccurrences(of: " ", with: ""), "a" + word + "b")
        XCTAssertTrue(lines.allSatisfy { PictureText.width(of: $0[...], in: .caption) <= 200 }, "\(lines)")
    }

    // MARK: - Labels

    func test_aLabelCutToFit_saysItsFullNameInItsHover() {
        let root = ViewSnapshot(reference: ObjectReference(className: "UITableViewCellContentView", address: 1),
                                frame: SnapshotRect(x: 0, y: 0, width: 375, height: 44),
                                children: [ViewSnapshot(reference: ObjectReference(className: "UIImageView", address: 2),
                                                        frame: SnapshotRect(x: 68, y: 0, width: 40, height: 44))])
        let svg = SVGPicture.svg(PictureScenes.tree(root))
        // 40 wide: (40 − 6) / 6.1 leaves room for 5 characters, the last one the ellipsis.
        XCTAssertTrue(svg.contains(">UIIm…<title>&lt;UIImageView:0x2&gt; (68 0; 40 44)</title></text>"), svg)
    }

    func test_labels_areDrawnAfterEveryBox_soNoBoxCoversOne() throws {
        let svg = SVGPicture.svg(PictureScenes.tree(cell()))
        let lastBox = try XCTUnwrap(svg.range(of: "<rect class=\"view\"", options: .backwards))
        let firstLabel = try XCTUnwrap(svg.range(of: "<text class=\"label\""))
        XCTAssertLessThan(lastBox.lowerBound, firstLabel.lowerBound)
    }

    // MARK: - AppKit's unflipped views

    /// An unflipped window content view 400 × 300 holds, 20 up from its bottom,
    /// an unflipped box (10 20; 100 50), which holds a view 5 up from its own
    /// bottom; beside it, a flipped box (200 20; 100 50), whose child is 5 down
    /// from its top, as in UIKit.
    func test_unflippedAppKitViews_areTurnedOver_atEveryLevel() {
        let child = ViewSnapshot(reference: ObjectReference(className: "NSView", address: 3),
                                 frame: SnapshotRect(x: 5, y: 5, width: 10, height: 10), isFlipped: false)
        let unflipped = ViewSnapshot(reference: ObjectReference(className: "NSBox", address: 2),
                                     frame: SnapshotRect(x: 10, y: 20, width: 100, height: 50), isFlipped: false,
                                     children: [child])
        var flippedChild = child
        flippedChild.reference.address = 5
        let flipped = ViewSnapshot(reference: ObjectReference(className: "NSTableView", address: 4),
                                   frame: SnapshotRect(x: 200, y: 20, width: 100, height: 50), isFlipped: true,
                                   children: [flippedChild])
        let root = ViewSnapshot(reference: ObjectReference(className: "NSView", address: 1),
                                frame: SnapshotRect(x: 0, y: 0, width: 400, height: 300), isFlipped: false,
                                children: [unflipped, flipped])
        let rects = PictureScenes.tree(root).boxes.map(\.rect)
        XCTAssertEqual(rects, [
            SnapshotRect(x: 0, y: 0, width: 400, height: 300),
            // 20 up from the bottom of 300, 50 high: its top is 300 − 20 − 50 = 230 down.
            SnapshotRect(x: 10, y: 230, width: 100, height: 50),
            // 5 up from the bottom of its box (230 + 50): 280 − 5 − 10 = 265.
            SnapshotRect(x: 15, y: 265, width: 10, height: 10),
            SnapshotRect(x: 200, y: 230, width: 100, height: 50),
            // A flipped box measures down from its top: 230 + 5.
            SnapshotRect(x: 205, y: 235, width: 10, height: 10),
        ])
    }

    func test_uikitSnapshots_leaveIsFlippedOutOfTheirJSON() {
        let view = ViewSnapshot(reference: ObjectReference(className: "UIView", address: 1))
        XCTAssertFalse(DescentReport.json(view).contains("isFlipped"))
        var appKit = view
        appKit.isFlipped = false
        XCTAssertTrue(DescentReport.json(appKit).contains("\"isFlipped\":false"))
    }

    // MARK: - Helpers

    /// The text of each `<text class="…">` line, unescaped enough for these tests.
    private func lines(of textClass: String, in svg: String) -> [String] {
        svg.components(separatedBy: "<text class=\"\(textClass)\"").dropFirst().map { piece in
            let text = piece[piece.index(after: piece.firstIndex(of: ">")!)...]
            return String(text[..<text.range(of: "</text>")!.lowerBound])
        }
    }
}
