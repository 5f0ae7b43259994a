import Foundation
import XCTest
@testable import ReferenceKit

/// An app's own view class, printed as `Module.Class`.
final class CardView: UIView {}

final class ConstraintDescriptionTests: XCTestCase {
    func test_constantConstraint_printsEquationWithActiveState() {
        onMain {
            let view = makeChild(of: makeRoot())
            let height = view.heightAnchor.constraint(greaterThanOrEqualToConstant: 330)
            XCTAssertEqual(height.description, "<NSLayoutConstraint:\(hex(height)) UIView:\(hex(view)).height >= 330   (inactive)>")
            height.isActive = true
            XCTAssertEqual(height.description, "<NSLayoutConstraint:\(hex(height)) UIView:\(hex(view)).height >= 330   (active)>")
        }
    }

    func test_identifierAndPriority_printAfterAddressAndBody() {
        onMain {
            let view = makeChild(of: makeRoot())
            let width = view.widthAnchor.constraint(equalToConstant: 94.3333)
            width.identifier = "my width"
            width.priority = UILayoutPriority(999)
            XCTAssertEqual(width.description,
                           "<NSLayoutConstraint:\(hex(width)) 'my width' UIView:\(hex(view)).width == 94.3333 priority:999   (inactive)>")
        }
    }

    func test_multiplierAndNegativeConstant_printUIKitsEquation() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            let width = view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.4, constant: -16)
            XCTAssertEqual(width.description,
                           "<NSLayoutConstraint:\(hex(width)) UIView:\(hex(view)).width == 0.4*UIView:\(hex(root)).width - 16   (inactive)>")
        }
    }

    func test_labelTitle_isQuotedAndCutAt25Characters() {
        onMain {
            let label = makeChild(of: makeRoot(), UILabel())
            label.text = "Juni em a pine um iri xenon delta"
            let height = label.heightAnchor.constraint(equalToConstant: 20)
            XCTAssertEqual(height.description,
                           "<NSLayoutConstraint:\(hex(height)) UILabel:\(hex(label))'Juni em a pine um iri xen...'.height == 20   (inactive)>")
        }
    }

    func test_appSubclass_printsModuleQualifiedName() {
        onMain {
            let card = makeChild(of: makeRoot(), CardView())
            let width = card.widthAnchor.constraint(equalToConstant: 54)
            XCTAssertEqual(width.description, "<NSLayoutConstraint:\(hex(width)) ReferenceKitTests.CardView:\(hex(card)).width == 54   (inactive)>")
        }
    }

    func test_childToSuperviewLeading_printsVisualFormWithBarName() {
        onMain {
            let root = makeRoot()
            let image = makeChild(of: root, UIImageView(image: nil))
            let pin = image.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 15)
            pin.isActive = true
            XCTAssertEqual(pin.description,
                           "<NSLayoutConstraint:\(hex(pin)) H:|-(15)-[UIImageView:\(hex(image))]   (active, names: '|':UIView:\(hex(root)) )>")
        }
    }

    func test_superviewToChildTrailing_printsVisualFormButReversedPrintsEquation() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            let natural = root.bottomAnchor.constraint(greaterThanOrEqualTo: view.bottomAnchor, constant: 9)
            XCTAssertEqual(natural.description,
                           "<NSLayoutConstraint:\(hex(natural)) V:[UIView:\(hex(view))]-(>=9)-|   (inactive, names: '|':UIView:\(hex(root)) )>")
            let reversed = view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20)
            XCTAssertEqual(reversed.description,
                           "<NSLayoutConstraint:\(hex(reversed)) UIView:\(hex(view)).trailing == UIView:\(hex(root)).trailing - 20   (inactive)>")
        }
    }

    func test_siblingSpacing_printsVisualFormWithoutNames() {
        onMain {
            let root = makeRoot()
            let first = makeChild(of: root)
            let second = makeChild(of: root)
            let gap = second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 8)
            XCTAssertEqual(gap.description, "<NSLayoutConstraint:\(hex(gap)) V:[UIView:\(hex(first))]-(8)-[UIView:\(hex(second))]   (inactive)>")
        }
    }

    func test_visualFormatSize_printsBracketedSizeWithPriority() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            let made = NSLayoutConstraint.constraints(withVisualFormat: "H:[view(768@750)]", metrics: nil, views: ["view": view])
            XCTAssertEqual(made.count, 1)
            XCTAssertEqual(made[0].description, "<NSLayoutConstraint:\(hex(made[0])) H:[UIView:\(hex(view))(768@750)]   (inactive)>")
        }
    }

    func test_identifiedView_isNamedByItsIdentifierAndListedInNames() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            view.accessibilityIdentifier = "progress bar"
            let pin = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 7)
            let height = view.heightAnchor.constraint(equalToConstant: 5)
            XCTAssertEqual(height.description,
                           "<NSLayoutConstraint:\(hex(height)) progress bar.height == 5   (inactive, names: progress bar:\(hex(view)) )>")
            XCTAssertEqual(pin.description,
                           "<NSLayoutConstraint:\(hex(pin)) V:|-(7)-[progress bar]   (inactive, names: progress bar:\(hex(view)), '|':UIView:\(hex(root)) )>")
        }
    }

    func test_systemConstraints_printTheirClassMaskAndForms() {
        onMain {
            let root = makeRoot()
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 120, height: 20))
            label.text = "Hi"
            root.addSubview(label)
            root.layoutMargins = UIEdgeInsets(top: 8, left: 22, bottom: 8, right: 22)
            let guide = root.layoutMarginsGuide
            root.layoutIfNeeded()
            let texts = root.constraints.map(\.description) + label.constraints.map(\.description)
            XCTAssertTrue(texts.contains("<NSAutoresizingMaskLayoutConstraint:\(hex(root.constraints.first { ($0 as? NSAutoresizingMaskLayoutConstraint)?.firstAttribute == .left }!)) h=--& v=--& UILabel:\(hex(label))'Hi'.minX == 20   (active)>"), texts.joined(separator: "\n"))
            let content = label.constraints.first { $0 is NSContentSizeLayoutConstraint && $0.firstAttribute == .width }!
            XCTAssertEqual(content.description,
                           "<NSContentSizeLayoutConstraint:\(hex(content)) UILabel:\(hex(label))'Hi'.width == 16 Hug:250 CompressionResistance:750   (active)>")
            let left = root.constraints.first { $0.identifier == "UIView-leftMargin-guide-constraint" }!
            XCTAssertEqual(left.description,
                           "<NSLayoutConstraint:\(hex(left)) 'UIView-leftMargin-guide-constraint' H:|-(22)-[UILayoutGuide:\(hex(guide))'UIViewLayoutMarginsGuide'](LTR)   (active, names: '|':UIView:\(hex(root)) )>")
            let right = root.constraints.first { $0.identifier == "UIView-rightMargin-guide-constraint" }!
            XCTAssertEqual(right.description,
                           "<NSLayoutConstraint:\(hex(right)) 'UIView-rightMargin-guide-constraint' H:[UILayoutGuide:\(hex(guide))'UIViewLayoutMarginsGuide']-(22)-|(LTR)   (active, names: '|':UIView:\(hex(root)) )>")
            let encapsulated = root.constraints.first { $0.identifier == "UIView-Encapsulated-Layout-Width" }!
            XCTAssertEqual(encapsulated.description,
                           "<NSLayoutConstraint:\(hex(encapsulated)) 'UIView-Encapsulated-Layout-Width' UIView:\(hex(root)).width == 375   (active)>")
        }
    }

    func test_autoresizingMask_printsUIKitsThreeCharactersPerAxis() {
        XCTAssertEqual(UIView.AutoresizingMask([]).logDescription, "h=--& v=--&")
        XCTAssertEqual(UIView.AutoresizingMask([.flexibleWidth, .flexibleHeight]).logDescription, "h=-&- v=-&-")
        XCTAssertEqual(UIView.AutoresizingMask([.flexibleWidth, .flexibleTopMargin]).logDescription, "h=-&- v=&--")
    }

    func test_listEscaping_quotesNonASCIIAsUTF16Units() {
        XCTAssertEqual(ConflictLog.escapedForList("<UILabel:0x1'Don’t'.width == \"1\">"),
                       "<UILabel:0x1'Don\\U2019t'.width == \\\"1\\\">")
    }

    func test_systemSpacing_printsNSSpaceAndTheAnchorSpaceTokens() {
        onMain {
            let root = makeRoot()
            let a = makeChild(of: root)
            let b = makeChild(of: root)
            let made = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]-[b]", metrics: nil, views: ["a": a, "b": b])
            XCTAssertEqual(made.map(\.constant), [20, 8])
            XCTAssertEqual(made[1].description, "<NSLayoutConstraint:\(hex(made[1])) H:[UIView:\(hex(a))]-(NSSpace(8))-[UIView:\(hex(b))]   (inactive)>")
            let below = b.topAnchor.constraint(greaterThanOrEqualToSystemSpacingBelow: a.bottomAnchor, multiplier: 1)
            XCTAssertEqual(below.description, "<_UISystemBaselineConstraint:\(hex(below)) "
                + "V:[UIView:\(hex(a))]-(>=NSLayoutAnchorConstraintSpace(8))-[UIView:\(hex(b))]   (inactive)>")
            let centre = b.centerYAnchor.constraint(equalToSystemSpacingBelow: a.bottomAnchor, multiplier: 2)
            XCTAssertEqual(centre.constant, 16)
            XCTAssertEqual(centre.description, "<_UISystemBaselineConstraint:\(hex(centre)) "
                + "UIView:\(hex(b)).centerY == UIView:\(hex(a)).bottom NSLayoutAnchorConstraintSpace(16)   (inactive)>")
        }
    }
}
