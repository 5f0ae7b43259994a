import Foundation
import XCTest
@testable import ReferenceKit

final class ViewsTests: XCTestCase {
    func test_button_intrinsicSizeIsItsTitlePlusInsets_andItsTitlePrints() {
        onMain {
            let button = makeChild(of: makeRoot(), UIButton(type: .system))
            button.setTitle("OK", for: .normal)
            XCTAssertEqual(button.intrinsicContentSize, CGSize(width: 32, height: 30))
            XCTAssertEqual(button.title(for: .highlighted), "OK")
            let width = button.widthAnchor.constraint(equalToConstant: 44)
            XCTAssertEqual(width.description, "<NSLayoutConstraint:\(hex(width)) UIButton:\(hex(button))'OK'.width == 44   (inactive)>")
        }
    }

    func test_imageView_intrinsicSizeIsItsImagesSize() {
        onMain {
            let image = UIImageView(image: UIImage(size: CGSize(width: 40, height: 30)))
            XCTAssertEqual(image.intrinsicContentSize, CGSize(width: 40, height: 30))
            XCTAssertEqual(image.frame.size, CGSize(width: 40, height: 30))
            image.image = nil
            XCTAssertEqual(image.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        }
    }

    func test_viewController_loadsItsViewOnce_andKeepsItsChildren() {
        onMain {
            final class Screen: UIViewController {
                var loads = 0
                override func viewDidLoad() { loads += 1 }
            }
            let parent = Screen()
            XCTAssertFalse(parent.isViewLoaded)
            let view = parent.view
            XCTAssertTrue(parent.view === view)
            XCTAssertEqual(parent.loads, 1)
            XCTAssertEqual(view?.frame, CGRect(x: 0, y: 0, width: 375, height: 667))
            let child = UIViewController()
            parent.addChild(child)
            XCTAssertTrue(child.parent === parent)
            XCTAssertEqual(parent.children.count, 1)
            child.removeFromParent()
            XCTAssertTrue(parent.children.isEmpty)
            XCTAssertNil(child.parent)
        }
    }

    func test_safeAreaGuide_coversTheWholeView() {
        onMain {
            let root = makeRoot()
            let guide = root.safeAreaLayoutGuide
            root.layoutIfNeeded()
            XCTAssertEqual(guide.identifier, "UIViewSafeAreaLayoutGuide")
            XCTAssertTrue(guide.owningView === root)
            XCTAssertEqual(guide.layoutFrame, CGRect(x: 0, y: 0, width: 375, height: 667))
            XCTAssertEqual(Set(root.constraints.compactMap(\.identifier).filter { $0.hasPrefix("UIViewSafeAreaLayoutGuide") }),
                           ["UIViewSafeAreaLayoutGuide-left", "UIViewSafeAreaLayoutGuide-right",
                            "UIViewSafeAreaLayoutGuide-top", "UIViewSafeAreaLayoutGuide-bottom"])
        }
    }

    func test_viewDescription_printsClassAddressFrameAndMask() {
        onMain {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 414, height: 736.5))
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            XCTAssertEqual(view.description, "<UIView: \(hex(view)); frame = (0 0; 414 736.5); autoresize = W+H>")
        }
    }
}
