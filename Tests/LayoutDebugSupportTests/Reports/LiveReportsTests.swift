import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// Every report through `LiveReports` (what the C entry points forward to) on
/// live ReferenceKit hierarchies in the book's shapes. Expected text is
/// written out by hand; only addresses are filled in.
final class LiveReportsTests: XCTestCase {
    override func tearDown() { Nametags.removeAll() }

    func test_report_imageViewAt250_sizeConstraintsWin_handChecked() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            // 320×504 parent, centre (160, 252); a 100×100 view centred there starts at (110, 202).
            assertMatchesGolden(LiveReports.report(at: LiveHierarchy.address(shape.image), options: .noDescend),
                                named: "CEntry/report-image-view-hugging-200",
                                addresses: ["image": hex(shape.image), "parent": hex(shape.parent),
                                            "width": hex(shape.width), "centerX": hex(shape.centerX)])
        }
    }

    func test_report_huggingThatOverrules_sizeConstraintsMiss() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 251)
            let image = "<UIImageView:\(hex(shape.image))>"
            let text = LiveReports.report(at: LiveHierarchy.address(shape.image), options: .noDescend)
            // Hugging 251 beats the @250 size: 64×64 centred at (160, 252) starts at (128, 220).
            XCTAssertTrue(text.contains("Frame:.........(128 220; 64 64)\n"), text)
            XCTAssertTrue(text.contains(" 1. \(hex(shape.width)) @250 \(image).width == 100.0 [off by 36.0]\n"), text)
            XCTAssertTrue(text.contains(" @750 \(image).width == 64.0 (NSContentSizeLayoutConstraint) [satisfied]\n"), text)
        }
    }

    func test_report_descent_parentOwnsCentring_handChecked() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            let image = "<UIImageView:\(hex(shape.image))>", parent = "<UIView:\(hex(shape.parent))>"
            let text = LiveReports.report(at: LiveHierarchy.address(shape.parent), options: [])
            // The parent's section, then the start of the image's, one level in.
            assertMatchesGolden(text, named: "CEntry/report-descent-head-image-shape",
                                addresses: ["image": hex(shape.image), "parent": hex(shape.parent),
                                            "width": hex(shape.width), "centerX": hex(shape.centerX)], prefix: true)
            // Listed once, under the parent above; the image's section counts them and says where.
            XCTAssertTrue(text.contains("  Ancestors......2, listed above under \(parent)\n"), text)
            XCTAssertEqual(text.components(separatedBy: ".centerX == ").count, 2, "centerX printed once:\n\(text)")
            // The image alone still lists them in full.
            let alone = LiveReports.report(at: LiveHierarchy.address(shape.image), options: .noDescend)
            XCTAssertTrue(alone.contains("Ancestors......2\n 1. \(hex(shape.centerX)) @1000 \(image).centerX == \(parent).centerX on \(parent) [satisfied]\n"), alone)
        }
    }

    func test_report_descent_listsConstraintsHeldAboveTheReport_andCountsTheRest() throws {
        onMain {
            // window ⊃ outer ⊃ middle ⊃ inner; outer and middle each pin inner.
            let outer = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let middle = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
            let inner = UIView()
            inner.translatesAutoresizingMaskIntoConstraints = false
            outer.addSubview(middle)
            middle.addSubview(inner)
            let leading = inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 30)  // on outer
            let top = inner.topAnchor.constraint(equalTo: middle.topAnchor, constant: 5)  // on middle
            NSLayoutConstraint.activate([
                leading,
                top,
                inner.widthAnchor.constraint(equalToConstant: 40),
                inner.heightAnchor.constraint(equalToConstant: 40),
            ])
            outer.layoutIfNeeded()
            let o = "<UIView:\(hex(outer))>", m = "<UIView:\(hex(middle))>", i = "<UIView:\(hex(inner))>"
            // From middle: outer is above the report, so its constraint is listed; middle's is counted.
            let text = LiveReports.report(at: LiveHierarchy.address(middle), options: [])
            XCTAssertTrue(text.contains("""
                  Ancestors......2
                   1. \(hex(leading)) @1000 \(i).leading == \(o).leading + 30.0 on \(o) [satisfied]
                   (1 more listed above under \(m))

                """), text)
            XCTAssertTrue(text.contains(" 1. \(hex(top)) @1000 \(i).top == \(m).top + 5.0 [satisfied]\n"), "under its owner:\n\(text)")
        }
    }

    func test_report_descent_stopsAtSkippableClassUnlessAll() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            let inner = UIView()
            shape.image.addSubview(inner)
            let root = LiveHierarchy.address(shape.parent)
            XCTAssertFalse(LiveReports.report(at: root, options: []).contains("<UIView:\(hex(inner))> UIView"))
            XCTAssertTrue(LiveReports.report(at: root, options: []).contains("(subviews of UIImageView skipped; use --all to see them)"))
            XCTAssertTrue(LiveReports.report(at: root, options: .all).contains("<UIView:\(hex(inner))> UIView : UIResponder"))
            LiveReports.skippedClasses = ["UILabel"]
            defer { LiveReports.skippedClasses = DescentReport.defaultSkippedClasses }
            XCTAssertTrue(LiveReports.report(at: root, options: []).contains("<UIView:\(hex(inner))> UIView"),
                          "the list can be overridden")
        }
    }

    func test_report_ambiguousChild_namesTheVariable() throws {
        onMain {
            let (parent, child) = LiveHierarchy.ambiguousChild()
            // The child's superview link is unowned(unsafe), as in UIKit: it does not keep
            // the parent alive, so the test keeps it alive until the report is made.
            defer { withExtendedLifetime(parent) {} }
            let text = LiveReports.report(at: LiveHierarchy.address(child), options: .noDescend)
            XCTAssertTrue(text.hasPrefix("<UIView:\(hex(child))> UIView : UIResponder [Caution: Ambiguous Layout! minY]\n"), text)
        }
    }

    func test_trace_ambiguousChild_handChecked() throws {
        onMain {
            let (parent, child) = LiveHierarchy.ambiguousChild()
            let expected = """
            •UIView:\(hex(parent))
            |   *UIView:\(hex(child))- AMBIGUOUS LAYOUT for UIView:\(hex(child)).minY

            \(AutolayoutTrace.legend)

            """
            XCTAssertEqual(LiveReports.trace(at: LiveHierarchy.address(parent), options: []), expected)
        }
    }

    func test_trace_nil_usesKeyWindow() throws {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            let controller = ProfileViewController()
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let text = LiveReports.trace(at: nil, options: [])
            XCTAssertTrue(text.hasPrefix("•UIWindow:\(hex(window))\n|   +UIView:\(hex(controller.view))"), text)
        }
    }

    func test_trace_nil_prefersTheActiveScenesKeyWindow_overABackgroundScenes() throws {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            window.makeKeyAndVisible()
            // Made key last, but its scene is in the background: not what the user sees.
            let hidden = UIWindow(windowScene: UIWindowScene(activationState: .background))
            hidden.makeKeyAndVisible()
            let text = LiveReports.trace(at: nil, options: [])
            XCTAssertTrue(text.hasPrefix("•UIWindow:\(hex(window))"), text)
        }
    }

    func test_constraints_keepsSystemOnesUnlessFiltered_handChecked() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 251)
            let image = "<UIImageView:\(hex(shape.image))>"
            let address = LiveHierarchy.address(shape.image)
            assertMatchesGolden(LiveReports.constraints(at: address, options: .systemFilter),
                                named: "CEntry/constraints-system-filter-image-shape",
                                addresses: ["image": hex(shape.image), "parent": hex(shape.parent),
                                            "width": hex(shape.width), "centerX": hex(shape.centerX)])
            XCTAssertTrue(LiveReports.constraints(at: address, options: [])
                .contains(" @750 \(image).width == 64.0 (NSContentSizeLayoutConstraint) [satisfied]\n"))
        }
    }

    func test_report_constraint_showsItemsAndOwner_handChecked() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            let image = "<UIImageView:\(hex(shape.image))>", parent = "<UIView:\(hex(shape.parent))>"
            let expected = """
            \(hex(shape.centerX)) @1000 \(image).centerX == \(parent).centerX [satisfied]
            Class..........NSLayoutConstraint
            Installed on...\(parent)
            First item.....\(image) (110 202; 100 100)
            Second item....\(parent) (0 0; 320 504)

            """
            XCTAssertEqual(LiveReports.report(at: LiveHierarchy.address(shape.centerX), options: []), expected)
        }
    }

    func test_setName_nametagBeatsIdentifierBeatsClass() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            let address = LiveHierarchy.address(shape.image)
            shape.image.accessibilityIdentifier = "avatar"
            XCTAssertTrue(LiveReports.constraints(at: address, options: []).hasPrefix("Constraints referencing <avatar:\(hex(shape.image))>"))
            XCTAssertEqual(LiveReports.setName("HeaderView", at: address), "Named <HeaderView:\(hex(shape.image))>")
            XCTAssertTrue(LiveReports.report(at: LiveHierarchy.address(shape.parent), options: [])
                .contains("<HeaderView:\(hex(shape.image))>.centerX == <UIView:\(hex(shape.parent))>.centerX"))
            XCTAssertEqual(LiveReports.setName("", at: address), "Cleared the name of <avatar:\(hex(shape.image))>")
        }
    }

    /// `lname` on a constraint said `Named <WidthRule:0x…>`, and no report showed the name:
    /// it now stands where UIKit prints an identifier, in every constraint line.
    func test_setName_onAConstraint_isShownWhereUIKitShowsAnIdentifier() throws {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            shape.centerX.identifier = "center"
            let constraint = LiveHierarchy.address(shape.centerX)
            let line = "\(hex(shape.centerX)) @1000 <UIImageView:\(hex(shape.image))>.centerX == "
                + "<UIView:\(hex(shape.parent))>.centerX"
            XCTAssertEqual(LiveReports.setName("AvatarCenter", at: constraint),
                           "Named the constraint: \(line) 'AvatarCenter'\n"
                           + "Reports print 'AvatarCenter' where UIKit prints a constraint's identifier.")
            let tree = LiveReports.report(at: LiveHierarchy.address(shape.parent), options: [])
            XCTAssertTrue(tree.contains(line + " 'AvatarCenter' [satisfied]"), tree)
            XCTAssertTrue(LiveReports.report(at: constraint, options: []).hasPrefix(line + " 'AvatarCenter' "))
            XCTAssertTrue(LiveReports.report(at: constraint, options: .json).contains(#""identifier":"center","name":"AvatarCenter""#))
            XCTAssertEqual(LiveReports.setName("", at: constraint), "Cleared the name of the constraint: \(line) 'center'")
            XCTAssertTrue(LiveReports.report(at: constraint, options: []).hasPrefix(line + " 'center' "))
        }
    }

    func test_json_variants_roundTrip() throws {
        try onMain {
            let shape = LiveHierarchy.imageShape(hugging: 251)
            let image = LiveHierarchy.address(shape.image), parent = LiveHierarchy.address(shape.parent)
            func object(_ json: String) throws -> [String: Any] {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
            }
            let descent = try object(LiveReports.report(at: parent, options: .json))
            let views = try XCTUnwrap(descent["views"] as? [[String: Any]])
            XCTAssertEqual(views.map { $0["address"] as? String }, [hex(shape.parent), hex(shape.image)])
            XCTAssertEqual((views[1]["constraints"] as? [[String: Any]])?.first?["frameMiss"] as? Double, 36)
            XCTAssertNil(descent["text"], "the text is lreport's other answer")
            let refs = try object(LiveReports.constraints(at: image, options: .json))
            XCTAssertEqual((refs["ancestorConstraints"] as? [Any])?.count, 2)
            let trace = try object(LiveReports.trace(at: parent, options: .json))
            XCTAssertEqual((trace["ambiguities"] as? [Any])?.count, 0)
            let one = try object(LiveReports.report(at: LiveHierarchy.address(shape.width), options: .json))
            XCTAssertEqual((one["constraint"] as? [String: Any])?["constant"] as? Double, 100)
        }
    }
}
