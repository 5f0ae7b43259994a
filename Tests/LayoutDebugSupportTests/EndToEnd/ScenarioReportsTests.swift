import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// Every report on the hierarchies `layout-demo` builds, as a debugger user
/// would meet them. Expected lines are worked out by hand from each
/// scenario's documented geometry; only addresses are filled in.
final class ScenarioReportsTests: XCTestCase {
    override func tearDown() {
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    @MainActor
    private func build(_ name: String) throws -> BuiltScenario { try BuiltScenario(name) }

    func test_hugging_sizeAt500LosesTo750Hugging() throws {
        try onMain {
            let built = try build("hugging")
            let image = try XCTUnwrap(built.root.subviews.first)
            let i = "<UIImageView:\(hex(image))>", r = "<UIView:\(hex(built.root))>"
            let text = LiveReports.report(at: LiveHierarchy.address(image), options: .noDescend)
            // 40×40 content at (20, 100); the @500 size constraints miss by 100 - 40 = 60.
            XCTAssertTrue(text.hasPrefix("\(i) UIImageView : UIView\nFrame:.........(20 100; 40 40)\n"
                + "Content size...(40 40) [Content Mode: ScaleToFill]\nHugging........[H 750] [V 750]\n"), text)
            // Each line starts with the constraint's own address, its handle.
            let held = image.constraints.filter { $0.priority.rawValue == 500 }
            let pins = built.root.constraints.filter { $0.firstItem === image }
            XCTAssertEqual(held.count, 2)
            XCTAssertEqual(pins.count, 2)
            XCTAssertTrue(text.contains(" 1. \(hex(held[0])) @500 \(i).width == 100.0 [off by 60.0]\n"), text)
            XCTAssertTrue(text.contains(" 2. \(hex(held[1])) @500 \(i).height == 100.0 [off by 60.0]\n"), text)
            XCTAssertTrue(text.contains(" 1. \(hex(pins[0])) @1000 \(i).leading == \(r).leading + 20.0 on \(r) [satisfied]\n"), text)
            XCTAssertTrue(text.contains(" 2. \(hex(pins[1])) @1000 \(i).top == \(r).top + 100.0 on \(r) [satisfied]\n"), text)
        }
    }

    func test_ambiguous_reportAndTraceNameMinY() throws {
        try onMain {
            let built = try build("ambiguous")
            let floating = try XCTUnwrap(built.root.subviews.first)
            let report = LiveReports.report(at: LiveHierarchy.address(floating), options: .noDescend)
            XCTAssertTrue(report.hasPrefix("<floating:\(hex(floating))> UIView : UIResponder [Caution: Ambiguous Layout! minY]\n"
                + "Frame:.........(20 0; 100 50)\n"), report)
            let trace = LiveReports.trace(at: LiveHierarchy.address(built.window), options: [])
            XCTAssertTrue(trace.hasPrefix("•UIWindow:\(hex(built.window))\n|   +UIView:\(hex(built.root))\n"), trace)
            XCTAssertTrue(trace.contains("|   |   *UIView:\(hex(floating)) 'floating'- AMBIGUOUS LAYOUT for UIView:\(hex(floating)).minY\n"), trace)
            XCTAssertTrue(trace.hasSuffix(AutolayoutTrace.legend + "\n"))
        }
    }

    func test_cellWidthConflict_encapsulatedWidthHint() throws {
        try onMain {
            let built = try build("cell-width-conflict")
            XCTAssertEqual(built.conflicts.count, 1)
            let text = built.conflictReport(0)
            // The app's view pinned in a cell 50 wide: the app's conflict, naming that view
            // rather than the cell's content view UIKit made.
            let lines = text.split(separator: "\n", maxSplits: 2).map(String.init)
            let pinned = try XCTUnwrap(built.root.subviews.first?.subviews.first?.subviews.first)
            XCTAssertEqual(lines[0], "Owner: yours (<UIView:\(hex(pinned))>, a view the app placed)")
            XCTAssertEqual(lines[1], "Conflict #1: Unable to simultaneously satisfy constraints in UIViewController")
            XCTAssertTrue(text.contains("'UIView-Encapsulated-Layout-Width' on <UITableViewCellContentView:0x"), text)
            XCTAssertTrue(text.contains("> is the size its table view gives the cell."), text)
            XCTAssertTrue(text.contains("conflicting constraint to 999"), text)
            XCTAssertTrue(text.contains(".width == 768.0"), text)
            XCTAssertTrue(text.contains("\nWhy:\n"), text)
        }
    }

    func test_autoresizingConflict_hintNamesTheLabel() throws {
        try onMain {
            let built = try build("autoresizing-conflict")
            XCTAssertEqual(built.conflicts.count, 2)
            let label = try XCTUnwrap(built.root.subviews.first)
            let text = built.conflictReport(0)
            XCTAssertTrue(text.contains("- <UILabel:\(hex(label))> still has translatesAutoresizingMaskIntoConstraints on"), text)
            XCTAssertTrue(text.contains("(NSAutoresizingMaskLayoutConstraint h=--& v=--&)"), text)
            XCTAssertTrue(text.contains("  <UILabel:\(hex(label))> (20 100; 120 20) translatesAutoresizingMask h=--& v=--&\n"), text)
            XCTAssertTrue(built.conflictReport(1).contains("\nConflict #2:"))
        }
    }

    func test_stackConflict_stackViewHint() throws {
        try onMain {
            let built = try build("stack-conflict")
            XCTAssertFalse(built.conflicts.isEmpty)
            let text = built.conflictReport(0)
            XCTAssertTrue(text.contains("- 'UISV-canvas-connection', 'UISV-spacing' come from the stack view <UIStackView:"), text)
            XCTAssertEqual(text.components(separatedBy: "from the stack view").count, 2, "one hint per stack view")
        }
    }

    func test_margins_brokenConstraintMarkedInLaterReports() throws {
        try onMain {
            let built = try build("margins")
            XCTAssertEqual(built.conflicts.count, 1)
            _ = built.conflictReport(0)
            let card = try XCTUnwrap(built.root.subviews.first)
            let c = "<card:\(hex(card))>", r = "<UIView:\(hex(built.root))>"
            let text = LiveReports.report(at: LiveHierarchy.address(card), options: .noDescend)
            // card is at x 0; the root's leading margin is at 16: the broken one misses by 16.
            XCTAssertTrue(text.contains("@1000 \(c).leading == \(r).leadingMargin on \(r) [broken] [off by 16.0]\n"), text)
            XCTAssertTrue(text.contains("@1000 \(c).leading == \(r).leading on \(r) [satisfied]\n"), text)
        }
    }

    func test_rtl_leadingConstraintsSatisfied() throws {
        try onMain {
            let built = try build("rtl")
            let one = try XCTUnwrap(built.root.subviews.first)
            let text = LiveReports.constraints(at: LiveHierarchy.address(one), options: .systemFilter)
            // (331 100; 24 20): 20 in from the right edge of 375, read right to left.
            XCTAssertTrue(text.contains("<UILabel:\(hex(one))>.leading == <UIView:\(hex(built.root))>.leading + 20.0 on <UIView:\(hex(built.root))> [satisfied]"), text)
            XCTAssertFalse(text.contains("off by"), text)
        }
    }

    func test_manyViews_descentCoversEveryView() throws {
        try onMain {
            let window = try XCTUnwrap(DemoCatalog.scenario(named: "many-views")).makeWindow(count: 21)
            let root = try XCTUnwrap(window.rootViewController?.view)
            let json = LiveReports.report(at: LiveHierarchy.address(root), options: .json)
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let views = try XCTUnwrap(document["views"] as? [[String: Any]])
            XCTAssertEqual(views.count, 22)
            XCTAssertEqual(views.compactMap { $0["depth"] as? Int }.max(), 3, "root, view 0, views 1-4, views 5-20")
            let constraints = views.flatMap { $0["constraints"] as? [[String: Any]] ?? [] }
            XCTAssertFalse(constraints.isEmpty)
            XCTAssertTrue(constraints.allSatisfy { $0["frameMiss"] == nil }, "no conflict: every frame satisfies every constraint")
        }
    }
}

/// The C surface writes a text descent as it visits the live tree; the Swift
/// API renders a snapshot tree. A user must get the same report from both,
/// byte for byte, on every scenario and with every option.
final class StreamedDescentTests: XCTestCase {
    func test_streamedDescent_matchesTreeReport_onEveryScenario() throws {
        try onMain {
            for scenario in DemoCatalog.scenarios {
                var window: UIWindow?
                silencingStandardError { window = scenario.makeWindow(count: 30) }
                let root = try XCTUnwrap(window?.rootViewController?.view, scenario.name)
                // From the root, and from a subview, whose ancestors' constraints name it.
                for view in [root] + root.subviews.prefix(1) {
                    let address = LiveHierarchy.address(view)
                    guard case .success(.view(let tree)) = LiveSnapshots.subject(at: address, descend: true) else {
                        return XCTFail("no tree for \(scenario.name)")
                    }
                    for all in [false, true] {
                        let streamed = LiveReports.report(at: address, options: all ? .all : [])
                        let fromTree = DescentReport.text(tree, skipping: LiveReports.skippedClasses, all: all)
                        XCTAssertEqual(streamed, fromTree, "\(scenario.name) all=\(all)")
                    }
                }
                withExtendedLifetime(window) {}
            }
        }
    }

    func test_streamedDescent_notesSkippedSubviewsOfALabel() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let label = UILabel()
            label.addSubview(UIView())
            root.addSubview(label)
            let text = LiveReports.report(at: LiveHierarchy.address(root), options: [])
            XCTAssertTrue(text.contains("  (subviews of UILabel skipped; use --all to see them)\n"), text)
            XCTAssertEqual(text.components(separatedBy: "Frame:").count, 3, "root and label only:\n\(text)")
            let all = LiveReports.report(at: LiveHierarchy.address(root), options: .all)
            XCTAssertEqual(all.components(separatedBy: "Frame:").count, 4, "root, label and its subview:\n\(all)")
        }
    }

    private func silencingStandardError(_ body: () -> Void) {
        fflush(stderr)
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        dup2(null, 2)
        body()
        fflush(stderr)
        dup2(saved, 2)
        close(null)
        close(saved)
    }
}
