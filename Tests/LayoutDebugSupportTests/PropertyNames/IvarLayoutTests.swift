import XCTest
@testable import LayoutDebugSupport

/// The ivar layouts that decide which Objective-C ivars the property names may read: objc4's
/// nibble format (high nibble: words skipped, low nibble: words scanned, a 0 byte ends it),
/// with word 0 at the class's own first ivar word, and the type encodings of named classes.
final class IvarLayoutTests: XCTestCase {
    private let word = MemoryLayout<UInt>.size

    func test_bytes_areSkipAndScanNibbles_runningOnFromByteToByte() {
        // 0x12: skip 1, scan 2 (words 1, 2); 0x21: skip 2, scan 1 (word 5); 0x03: scan 3 (6, 7, 8).
        XCTAssertEqual(IvarLayout(bytes: [0x12, 0x21, 0x03]).words, [1, 2, 5, 6, 7, 8])
    }

    func test_aZeroByteEndsTheLayout_asItEndsTheRuntimesString() {
        XCTAssertEqual(IvarLayout(bytes: [0x01, 0x00, 0x11]).words, [0])
        XCTAssertEqual(IvarLayout(bytes: []).words, [])
    }

    func test_aSkipWithoutScans_carriesALongRunOfOtherIvars() {
        // More than 15 words to skip take two bytes: 0xF0 then 0x31 (15 + 3 skipped, word 18).
        XCTAssertEqual(IvarLayout(bytes: [0xF0, 0x31]).words, [18])
    }

    func test_layoutFromTheRuntimesPointer_isReadUpToItsZero() {
        let bytes: [UInt8] = [0x11, 0x10, 0x01, 0]
        let layout = bytes.withUnsafeBufferPointer { IvarLayout(layout: $0.baseAddress) }
        XCTAssertEqual(layout.words, [1, 3])
        XCTAssertEqual(IvarLayout(layout: nil), IvarLayout(), "NULL: nothing is strong (or weak)")
    }

    func test_offsets_countFromTheClassesOwnFirstWord() {
        // A UIView subclass (superclass size 6 words, say) with ivars: a strong _avatarView,
        // an `__unsafe_unretained` _delegate, a strong _titleLabel. Strong layout: 0x01 0x11.
        let start = 6 * word
        let strong = IvarLayout(bytes: [0x01, 0x11])
        XCTAssertTrue(strong.covers(offset: start, instanceStart: start), "_avatarView")
        XCTAssertFalse(strong.covers(offset: start + word, instanceStart: start), "_delegate: never read")
        XCTAssertTrue(strong.covers(offset: start + 2 * word, instanceStart: start), "_titleLabel")
        XCTAssertFalse(strong.covers(offset: 0, instanceStart: start), "a superclass's word is not this layout's")
    }

    func test_anUnalignedInstanceStart_roundsUpToTheNextWord() {
        // objc4's alignedInstanceStart: bytes before the first whole word are not in the layout.
        let strong = IvarLayout(bytes: [0x01])
        XCTAssertTrue(strong.covers(offset: 2 * word, instanceStart: word + 4))
        XCTAssertFalse(strong.covers(offset: word + 4, instanceStart: word + 4), "not a word-aligned object ivar")
    }

    func test_onlyObjectsOfANamedClass_areRead() {
        XCTAssertTrue(IvarLayout.isNamedClassObject(encoding: "@\"UIImageView\""))
        XCTAssertTrue(IvarLayout.isNamedClassObject(encoding: "@\"UIView<CardContent>\""))
        XCTAssertFalse(IvarLayout.isNamedClassObject(encoding: "@\"<UITableViewDelegate>\""), "a protocol-only delegate")
        XCTAssertFalse(IvarLayout.isNamedClassObject(encoding: "@"), "a bare id")
        XCTAssertFalse(IvarLayout.isNamedClassObject(encoding: "@?"), "a block")
        XCTAssertFalse(IvarLayout.isNamedClassObject(encoding: "^v"))
    }

    func test_swiftUIsHostingViews_areNotReflectedAsTheApps() {
        onMain {
            XCTAssertFalse(HeldObjects.isAppSwiftClassName("SwiftUI._UIHostingView<MyApp.ContentView>"))
            XCTAssertFalse(HeldObjects.isAppSwiftClassName(
                "SwiftUI.PlatformViewHost<SwiftUI.PlatformViewRepresentableAdaptor<MyApp.MapView>>"))
            XCTAssertTrue(HeldObjects.isAppSwiftClassName("MyApp.ProfileCell"))
            XCTAssertTrue(HeldObjects.isAppSwiftClassName("SwiftUIKitHelpers.Card"), "a module that only starts with SwiftUI")
        }
    }
}
