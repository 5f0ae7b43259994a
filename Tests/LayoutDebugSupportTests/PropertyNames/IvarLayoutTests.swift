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
        // A UIView subclass whose first ivar follows the superclass at word 6, say, with ivars:
        // a strong _avatarView, an `__unsafe_unretained` _delegate, a strong _titleLabel.
        // Strong layout: 0x01 0x11.
        let start = IvarLayout.instanceStart(ofOwnIvarOffsets: [6 * word, 7 * word, 8 * word])!
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

    func test_aFirstIvarAlignedPastTheSuperclass_movesWordZero_soOnlyTheLayoutsIvarsAreRead() {
        // An NSObject subclass (superclass size 8: the isa) whose first ivar is a 16-byte
        // aligned simd_float4 _tint, so its ivars start at 16, not 8:
        //   16 _tint (words 0-1), 32 __weak _delegateView (word 2), 40 strong _badge (word 3),
        //   48 __unsafe_unretained _anchor (word 4), 56 strong _title (word 5).
        // objc4's layouts count from 16: strong 0x31 0x11 (words 3 and 5), weak 0x21 (word 2).
        let offsets = [16, 32, 40, 48, 56]
        let strong = IvarLayout(bytes: [0x31, 0x11]), weak = IvarLayout(bytes: [0x21])
        let start = IvarLayout.instanceStart(ofOwnIvarOffsets: offsets.shuffled())
        XCTAssertEqual(start, 16, "the first ivar's offset, in whatever order the runtime lists them")
        let read = offsets.filter { strong.covers(offset: $0, instanceStart: 16) || weak.covers(offset: $0, instanceStart: 16) }
        XCTAssertEqual(read, [32, 40, 56], "_delegateView (weak), _badge and _title; never _anchor")
        XCTAssertTrue(weak.covers(offset: 32, instanceStart: 16) && !strong.covers(offset: 32, instanceStart: 16),
                      "the weak delegate is weak, not strong")
        // From the superclass's size (8), every word lands one word early: the weak delegate
        // reads as strong and the unretained _anchor, which may point at a freed object, is read.
        XCTAssertTrue(strong.covers(offset: 32, instanceStart: 8) && strong.covers(offset: 48, instanceStart: 8))
    }

    func test_aClassWithoutIvars_hasNoInstanceStart_andNothingIsRead() {
        XCTAssertNil(IvarLayout.instanceStart(ofOwnIvarOffsets: []))
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
