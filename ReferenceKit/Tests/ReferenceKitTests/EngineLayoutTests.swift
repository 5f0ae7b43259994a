import Foundation
import XCTest
@testable import ReferenceKit

final class EngineLayoutTests: XCTestCase {
    func test_anchors_placeFramesRelativeToTheSuperview() {
        onMain {
            let root = makeRoot()
            let card = makeChild(of: root)
            let badge = makeChild(of: card)
            NSLayoutConstraint.activate([
                card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
                card.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                card.heightAnchor.constraint(equalToConstant: 80),
                badge.centerXAnchor.constraint(equalTo: card.centerXAnchor),
                badge.centerYAnchor.constraint(equalTo: card.centerYAnchor),
                badge.widthAnchor.constraint(equalToConstant: 30),
                badge.heightAnchor.constraint(equalTo: badge.widthAnchor, multiplier: 0.5),
            ])
            root.layoutIfNeeded()
            assertFrame(card, 20, 100, 335, 80)
            assertFrame(badge, 152.5, 32.5, 30, 15)
        }
    }

    func test_changingAConstant_movesTheViewOnTheNextPass() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            let top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
            NSLayoutConstraint.activate([top, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         view.widthAnchor.constraint(equalToConstant: 10), view.heightAnchor.constraint(equalToConstant: 10)])
            root.layoutIfNeeded()
            top.constant = 50
            root.layoutIfNeeded()
            assertFrame(view, 0, 50, 10, 10)
        }
    }

    func test_negativeWidth_isUnsatisfiableBecauseSizesStayNonNegative() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            let width = view.widthAnchor.constraint(equalToConstant: -16)
            let seen = recordConflicts {
                width.isActive = true
                root.layoutIfNeeded()
            }
            XCTAssertEqual(seen.count, 1)
            XCTAssertTrue(seen.first?.broken === width)
            XCTAssertEqual(seen.first?.list.count, 1)
            XCTAssertEqual(view.frame.width, 0)
        }
    }

    func test_intrinsicSize_givesALabelItsTextSizeUnlessCompressed() {
        onMain {
            let root = makeRoot()
            let label = makeChild(of: root, UILabel())
            label.text = "Hello"
            NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
                                         label.firstBaselineAnchor.constraint(equalTo: root.topAnchor, constant: 40)])
            root.layoutIfNeeded()
            assertFrame(label, 5, 24, 40, 20)
        }
    }

    func test_marginsGuide_isInsetByLayoutMargins() {
        onMain {
            let root = makeRoot()
            root.layoutMargins = UIEdgeInsets(top: 10, left: 16, bottom: 20, right: 24)
            let view = makeChild(of: root)
            NSLayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                view.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
                view.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
                view.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(root.layoutMarginsGuide.layoutFrame, CGRect(x: 16, y: 10, width: 335, height: 637))
            assertFrame(view, 16, 10, 335, 637)
        }
    }

    func test_rightToLeft_flipsLeadingAndTrailing() {
        onMain {
            let root = makeRoot()
            root.semanticContentAttribute = .forceRightToLeft
            let a = makeChild(of: root)
            let b = makeChild(of: root)
            NSLayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 5),
                a.widthAnchor.constraint(equalToConstant: 50), b.widthAnchor.constraint(equalToConstant: 40),
                a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
                a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(a.effectiveUserInterfaceLayoutDirection, .rightToLeft)
            assertFrame(a, 315, 0, 50, 10)
            assertFrame(b, 270, 0, 40, 10)
        }
    }

    func test_flexibleAutoresizing_followsTheSuperviewsSize() {
        onMain {
            let root = makeRoot()
            let container = makeChild(of: root)
            let banner = UIView(frame: CGRect(x: 10, y: 0, width: 80, height: 20))
            banner.autoresizingMask = [.flexibleWidth]
            container.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
            container.addSubview(banner)
            NSLayoutConstraint.activate([container.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         container.topAnchor.constraint(equalTo: root.topAnchor),
                                         container.widthAnchor.constraint(equalToConstant: 200),
                                         container.heightAnchor.constraint(equalToConstant: 50)])
            root.layoutIfNeeded()
            assertFrame(banner, 10, 0, 180, 20)
            root.layoutIfNeeded()
            assertFrame(banner, 10, 0, 180, 20)
            container.constraints.first { $0.firstAttribute == .width && $0.secondItem == nil }?.constant = 300
            root.layoutIfNeeded()
            assertFrame(banner, 10, 0, 280, 20)
        }
    }

    func test_cell_givesItsContentViewTheEncapsulatedSize() {
        onMain {
            let root = makeRoot()
            let cell = UITableViewCell(style: .default, reuseIdentifier: "cell")
            root.addSubview(cell)
            root.layoutIfNeeded()
            assertFrame(cell.contentView, 0, 0, 320, 44)
            let identifiers = Set(cell.contentView.constraints.compactMap(\.identifier))
            XCTAssertEqual(identifiers, ["UIView-Encapsulated-Layout-Width", "UIView-Encapsulated-Layout-Height",
                                         "UIView-Encapsulated-Layout-Left", "UIView-Encapsulated-Layout-Top"])
        }
    }

    func test_turningOffAutoresizingAfterJoiningAnEngine_dropsItsConstraintsAtOnce() {
        onMain {
            let root = makeRoot()
            root.layoutIfNeeded()
            let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
            root.addSubview(view)
            XCTAssertTrue(root.constraints.contains { $0 is NSAutoresizingMaskLayoutConstraint })
            view.translatesAutoresizingMaskIntoConstraints = false
            XCTAssertFalse(root.constraints.contains { $0 is NSAutoresizingMaskLayoutConstraint })
            let seen = recordConflicts {
                NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 30),
                                             view.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
                                             view.widthAnchor.constraint(equalToConstant: 50),
                                             view.heightAnchor.constraint(equalToConstant: 60)])
                root.layoutIfNeeded()
            }
            XCTAssertEqual(seen.count, 0)
            assertFrame(view, 30, 40, 50, 60)
        }
    }

    func test_newText_resizesALabelOnTheNextPass() {
        onMain {
            let root = makeRoot()
            let label = makeChild(of: root, UILabel())
            label.text = "ab"
            NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         label.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            assertFrame(label, 0, 0, 16, 20)
            label.text = "abcd"
            root.layoutIfNeeded()
            assertFrame(label, 0, 0, 32, 20)
        }
    }

    func test_reorderingSubviews_keepsTheirConstraints() {
        onMain {
            let root = makeRoot()
            let first = makeChild(of: root)
            let second = makeChild(of: root)
            let pin = first.topAnchor.constraint(equalTo: root.topAnchor)
            pin.isActive = true
            root.addSubview(first)
            XCTAssertTrue(root.subviews.last === first)
            XCTAssertTrue(root.subviews.first === second)
            XCTAssertTrue(pin.isActive)
        }
    }

    func test_rootLeavingAndRejoiningAWindow_keepsItsEngine() {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let root = UIView(frame: window.bounds)
            window.addSubview(root)
            let view = makeChild(of: root)
            NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
                                         view.topAnchor.constraint(equalTo: root.topAnchor),
                                         view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
                                         view.heightAnchor.constraint(equalToConstant: 10)])
            window.layoutIfNeeded()
            root.removeFromSuperview()
            window.addSubview(root)
            window.layoutIfNeeded()
            assertFrame(view, 5, 0, 100, 10)
        }
    }

    func test_switchingToRightToLeft_afterLayout_flipsLeadingConstraints() {
        onMain {
            let root = makeRoot()
            let view = makeChild(of: root)
            NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                         view.topAnchor.constraint(equalTo: root.topAnchor),
                                         view.widthAnchor.constraint(equalToConstant: 50),
                                         view.heightAnchor.constraint(equalToConstant: 10)])
            root.layoutIfNeeded()
            assertFrame(view, 10, 0, 50, 10)
            root.semanticContentAttribute = .forceRightToLeft
            root.layoutIfNeeded()
            assertFrame(view, 315, 0, 50, 10)
        }
    }

    func test_raisingHuggingAfterLayout_winsOverAWeakerWidth() {
        onMain {
            let root = makeRoot()
            let label = makeChild(of: root, UILabel())
            label.text = "abc"
            let wide = label.widthAnchor.constraint(equalToConstant: 100)
            wide.priority = UILayoutPriority(500)
            NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         label.topAnchor.constraint(equalTo: root.topAnchor), wide])
            root.layoutIfNeeded()
            assertFrame(label, 0, 0, 100, 20)
            label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
            root.layoutIfNeeded()
            assertFrame(label, 0, 0, 24, 20)
        }
    }


    func test_resizingAFramedView_resizesItsFlexibleSubviews() {
        onMain {
            let root = makeRoot()
            let panel = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            root.addSubview(panel)
            let fill = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
            fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            let corner = UIView(frame: CGRect(x: 70, y: 70, width: 20, height: 20))
            corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
            panel.addSubview(fill)
            panel.addSubview(corner)
            root.layoutIfNeeded()
            panel.frame.size = CGSize(width: 200, height: 150)
            assertFrame(fill, 10, 10, 180, 130)
            root.layoutIfNeeded()
            assertFrame(panel, 0, 0, 200, 150)
            assertFrame(fill, 10, 10, 180, 130)
            assertFrame(corner, 170, 120, 20, 20)
        }
    }
}
