import XCTest
@testable import LayoutDebugSupport

/// Readable class names: Swift's runtime names demangled (each expected value
/// is what `swift demangle` prints for it) and the app's own module dropped.
final class TypeNamesTests: XCTestCase {
    func test_demangle_matchesSwiftDemangle() {
        let cases = [
            "_TtC3App10HeaderView": "App.HeaderView",
            "_TtCC3App5Outer5Inner": "App.Outer.Inner",
            "_TtGC3App3BoxSi_": "App.Box<Swift.Int>",
            "_TtGC3App4PairSSGSqSi__": "App.Pair<Swift.String, Swift.Int?>",
            // Corpus logs/017.txt: a generic class over a private one, with a substitution.
            "_TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_":
                "MyAppXYZ.CardView<MyAppXYZ.(RecoveryKeyView in $105829144)>",
            "_TtC7SwiftUIP33_A34643117F00277B93DEBAB70EC0697122_UIShapeHitTestingView":
                "SwiftUI.(_UIShapeHitTestingView in _A34643117F00277B93DEBAB70EC06971)",
        ]
        for (mangled, expected) in cases {
            XCTAssertEqual(MangledClassName.demangle(mangled), expected, mangled)
        }
    }

    /// A name it cannot read in full is left as printed, never half-read.
    func test_demangle_unreadable_givesNil() {
        for name in ["UIView", "App.HeaderView", "_TtC3App99Short", "_TtZ3App", "_TtC3App10HeaderViewX", "_Tt"] {
            XCTAssertNil(MangledClassName.demangle(name), name)
        }
    }

    func test_shortened_dropsOnlyTheAppsModule() {
        let app: Set<String> = ["App"]
        XCTAssertEqual(AppModuleNames.shortened("App.HeaderView", modules: app), "HeaderView")
        XCTAssertEqual(AppModuleNames.shortened("App.Outer.Inner", modules: app), "Outer.Inner")
        XCTAssertEqual(AppModuleNames.shortened("App.Box<App.Item, Kit.Item>", modules: app), "Box<Item, Kit.Item>")
        XCTAssertEqual(AppModuleNames.shortened("Kit.HeaderView", modules: app), "Kit.HeaderView")
        XCTAssertEqual(AppModuleNames.shortened("Apple.HeaderView", modules: app), "Apple.HeaderView")
        XCTAssertEqual(AppModuleNames.shortened("App.HeaderView", modules: []), "App.HeaderView")
    }

    /// `App.UIView` would read as UIKit's `UIView`, and a name the runtime
    /// knows elsewhere would be ambiguous: both keep their module.
    func test_shortened_keepsNamesTakenElsewhere() {
        XCTAssertEqual(AppModuleNames.shortened("App.UIView", modules: ["App"]), "App.UIView")
        XCTAssertEqual(AppModuleNames.shortened("App._UIBarView", modules: ["App"]), "App._UIBarView")
        XCTAssertEqual(AppModuleNames.shortened("App.UInt8Box", modules: ["App"]), "UInt8Box")
        XCTAssertEqual(AppModuleNames.shortened("App.Label", modules: ["App"], isTaken: { $0 == "Label" }), "App.Label")
    }

    func test_moduleName_asSwiftNamesAProduct() {
        XCTAssertEqual(AppModuleNames.moduleName(forProduct: "layout-demo"), "layout_demo")
        XCTAssertEqual(AppModuleNames.moduleName(forProduct: "My App"), "My_App")
        XCTAssertEqual(AppModuleNames.moduleName(forProduct: "2048"), "_2048")
    }

    // MARK: - In reports

    /// Corpus 017 prints a mangled generic class; the parser reads it as a live report would name it.
    func test_parser_demanglesRuntimeNames() throws {
        let conflict = try ParsingCorpus.conflict("017.txt")
        let names = Set(conflict.mutuallyExclusive.flatMap { [$0.firstItem?.className, $0.secondItem?.className] }.compactMap { $0 })
        XCTAssertTrue(names.contains("MyAppXYZ.CardView<MyAppXYZ.(RecoveryKeyView in $105829144)>"), "\(names)")
        XCTAssertFalse(names.contains { $0.hasPrefix("_Tt") }, "\(names)")
    }

    /// Corpus 001 with `App` as the app's module: `App.Nova1View` reads `Nova1View`
    /// in the items, the report and the signature, read in full or summarized.
    func test_parser_dropsTheAppModuleItIsGiven() throws {
        let text = try ParsingCorpus.text("001.txt")
        var parser = ConsoleLogParser(appModules: ["App"])
        var conflicts: [ConflictSnapshot] = []
        var summarized: [ParsedConflict] = []
        var summarizer = ConsoleLogParser(summarizing: true, appModules: ["App"])
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            parser.consume(buffer) { conflicts.append($0.snapshot) }
            summarizer.consume(buffer) { summarized.append($0) }
        }
        parser.finish { conflicts.append($0.snapshot) }
        summarizer.finish { summarized.append($0) }
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(conflicts[0].mutuallyExclusive[1].secondItem?.className, "Nova1View")
        XCTAssertTrue(conflicts[0].signature.contains("'UIView-Encapsulated-Layout-Height' Nova1View.height"), conflicts[0].signature)
        XCTAssertFalse(conflicts[0].signature.contains("App."), conflicts[0].signature)
        XCTAssertEqual(summarized.first?.signature, conflicts[0].signature)
        XCTAssertEqual(ConsoleLogParser.parse(text)[0].mutuallyExclusive[1].secondItem?.className, "App.Nova1View")
    }
}
