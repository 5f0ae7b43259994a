import XCTest
@testable import LayoutDebugSupport

/// Each owner rule against real console logs (`Tests/Fixtures/corpus/logs`): at least
/// one log that triggers it and one that must not.
final class ConflictTriageTests: XCTestCase {
    private func triage(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConflictTriage {
        ConflictTriage.classify(try ParsingCorpus.conflict(name, file: file, line: line))
    }

    // MARK: - Transient

    /// 018: `'UIView-Encapsulated-Layout-Height' App.Zephyr1View.height == 0`.
    func test_encapsulatedHeightZero_isTransient() throws {
        let result = try triage("018.txt")
        XCTAssertEqual(result.owner, .transient)
        XCTAssertEqual(result.line, "Owner: transient (encapsulated height 0 on <App.Zephyr1View:0xbc5bc4585>, "
                       + "not sized yet, as in cell reuse)")
    }

    /// 001: the height UIKit writes as `2.22507e-308`, the smallest normal double.
    func test_encapsulatedHeightOfSmallestDouble_isTransient() throws {
        let result = try triage("001.txt")
        XCTAssertEqual(result.owner, .transient)
        XCTAssertTrue(result.evidence.hasPrefix("encapsulated height 2.22507e-308 on <App.Nova1View:0xf1d0f73cf460>"),
                      result.evidence)
    }

    /// 017 and 020: an encapsulated width of 0.
    func test_encapsulatedWidthZero_isTransient() throws {
        XCTAssertEqual(try triage("017.txt").owner, .transient)
        XCTAssertEqual(try triage("020.txt").owner, .transient)
    }

    /// A real encapsulated size is the cell's size, which the app must meet:
    /// 007 and 026 (a cell 80 high), 006 (123.5), 021 (50), 009 (a width of 94.3333).
    func test_nonzeroEncapsulatedSize_isNotTransient() throws {
        for name in ["007.txt", "026.txt", "006.txt", "021.txt", "009.txt", "004.txt"] {
            XCTAssertEqual(try triage(name).owner, .yours, name)
        }
    }

    /// deltachat-ios #2227 (its constraints, with addresses and the app's class
    /// renamed as the corpus does): a navigation title view with
    /// `'_UITemporaryLayoutWidth' … width == 0` against its stack view.
    func test_temporaryLayoutWidth_isTransient() {
        let log = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x1a01 '_UITemporaryLayoutWidth' App.Quill2View:0x1b01.width == 0   (active)>",
                "<NSLayoutConstraint:0x1a02 'UISV-canvas-connection' UIStackView:0x1b02.leading == UILabel:0x1b03.leading   (active)>",
                "<NSLayoutConstraint:0x1a03 'UISV-canvas-connection' H:[UIImageView:0x1b04]-(0)-|   (active, names: '|':UIStackView:0x1b02 )>",
                "<NSLayoutConstraint:0x1a04 'UISV-canvas-connection' App.Quill2View:0x1b01.leading == _UILayoutSpacer:0x1b05'UISV-alignment-spanner'.leading   (active)>",
                "<NSLayoutConstraint:0x1a05 'UISV-canvas-connection' App.Quill2View:0x1b01.centerX == UIStackView:0x1b02.centerX   (active)>",
                "<NSLayoutConstraint:0x1a06 'UISV-spacing' H:[UILabel:0x1b03]-(3)-[UIImageView:0x1b04]   (active)>"
            )
            """
        let conflicts = ConsoleLogParser.parse(log)
        XCTAssertEqual(conflicts.count, 1)
        let result = ConflictTriage.classify(conflicts[0])
        XCTAssertEqual(result.owner, .transient)
        XCTAssertEqual(result.evidence, "'_UITemporaryLayoutWidth' on <App.Quill2View:0x1b01>, replaced by the next layout pass")
    }

    // MARK: - System

    /// 019 and 022: the keyboard shortcut bar's `_UIButtonBarStackView` squeezed
    /// to width 0 against its own 15-point margins.
    func test_onlyInternalViews_isSystem() throws {
        for name in ["019.txt", "022.txt"] {
            let result = try triage(name)
            XCTAssertEqual(result.owner, .system, name)
            XCTAssertEqual(result.evidence, "only UIKit-internal views: _UIButtonBarStackView", name)
        }
    }

    /// 023 holds the keyboard's `UIInputSetHostView` and window, but also the
    /// app's `Harbor1View`: the app can fix it, so it is the app's.
    func test_keyboardViewsWithAnAppView_areYours() throws {
        let result = try triage("023.txt")
        XCTAssertEqual(result.owner, .yours)
        XCTAssertEqual(result.evidence, "the app's <Harbor1View:0xf2c859246bc0>")
    }

    /// 013 holds UIKit's private `_UILayoutSpacer` beside the app's views.
    func test_internalViewBesideAppViews_isYours() throws {
        XCTAssertEqual(try triage("013.txt").owner, .yours)
    }

    /// IQKeyboardManager #1615's keyboard conflict (addresses renamed): only
    /// the keyboard's own views, in a constraint of UIKit's class.
    func test_keyboardAssistantBar_isSystem() {
        let log = """
            (
                "<NSLayoutConstraint:0x2a01 'assistantHeight' TUISystemInputAssistantView:0x2b01.height == 45   (active)>",
                "<NSLayoutConstraint:0x2a02 'assistantView.bottom' TUISystemInputAssistantView:0x2b01.bottom == _UIKBCompatInputView:0x2b02.top   (active)>",
                "<NSLayoutConstraint:0x2a03 'assistantView.top' V:|-(0)-[TUISystemInputAssistantView:0x2b01]   (active, names: '|':UIInputSetHostView:0x2b03 )>",
                "<NSLayoutConstraint:0x2a04 'inputView.top' V:|-(0)-[_UIKBCompatInputView:0x2b02]   (active, names: '|':UIInputSetHostView:0x2b03 )>"
            )
            """
        let result = ConflictTriage.classify(ConsoleLogParser.parse(log)[0])
        XCTAssertEqual(result.owner, .system)
        XCTAssertEqual(result.evidence,
                       "only UIKit-internal views: TUISystemInputAssistantView, _UIKBCompatInputView, UIInputSetHostView")
    }

    /// A SnapKit constraint between internal views is still the app's writing.
    func test_appConstraintClassOnInternalViews_isYours() {
        let bar = ObjectReference(className: "_UIButtonBarStackView", address: 0x10)
        let snapKit = ConstraintSnapshot(className: "SnapKit.LayoutConstraint", firstItem: bar, firstAttribute: .width)
        XCTAssertEqual(ConflictTriage.classify(ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [snapKit])).owner, .yours)
    }

    // MARK: - Yours

    /// Every corpus log gets an owner and a first line; none is left out.
    /// `owner(of:)`, which reads the constraints where they lie, agrees.
    func test_everyCorpusLog_hasAnOwner() throws {
        var owners: [ConflictOwner: [String]] = [:]
        for name in try ParsingCorpus.names() {
            for conflict in ConsoleLogParser.parse(try ParsingCorpus.text(name)) {
                let result = ConflictTriage.classify(conflict)
                XCTAssertFalse(result.evidence.isEmpty, name)
                XCTAssertEqual(ConflictTriage.owner(of: conflict), result.owner, name)
                owners[result.owner, default: []].append(name)
            }
        }
        XCTAssertEqual(owners[.system], ["019.txt", "022.txt"])
        XCTAssertEqual(owners[.transient], ["001.txt", "017.txt", "018.txt", "020.txt"])
        XCTAssertEqual(owners.values.reduce(0) { $0 + $1.count }, try ParsingCorpus.names().count)
    }

    /// 007 names no app class: the first public view the app placed is named.
    func test_yours_withoutAppClass_namesTheFirstView() throws {
        XCTAssertEqual(try triage("007.txt").evidence, "<UIImageView:0xcf25fd779>, a view the app placed")
    }

    /// A redacted conflict has nothing to judge; it stays the app's, never hidden.
    func test_redacted_isYours() {
        let conflict = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [], isRedacted: true)
        XCTAssertEqual(ConflictTriage.classify(conflict).owner, .yours)
    }
}
