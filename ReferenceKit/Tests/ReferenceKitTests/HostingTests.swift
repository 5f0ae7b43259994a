import Foundation
import XCTest
@testable import ReferenceKit

/// The hosting stand-ins against Apple's `sizingOptions` documentation: what
/// each option makes, when the size follows new content, a window's content
/// limits, and content that gives no size.
final class HostingTests: XCTestCase {
    /// SuperCmd #128's panel: ideally 874 × 540.5, from 200 × 300 up to 1200 × 900.
    private let panel = HostedFrame(width: .init(minimum: 200, ideal: 874, maximum: 1200),
                                    height: .init(minimum: 300, ideal: 540.5, maximum: 900))

    /// The constraints `view` made, as `attribute relation constant`.
    @MainActor
    private func shapes(_ constraints: [NSLayoutConstraint]) -> [String] {
        constraints.map { "\($0.firstAttribute.name) \($0.relation == .greaterThanOrEqual ? ">=" : $0.relation == .lessThanOrEqual ? "<=" : "==") \($0.constant)" }
    }

    // MARK: - Sizes

    func test_hostedFrame_answersIdealMinimumAndMaximum_asItsProposals() {
        onMain {
            XCTAssertEqual(panel.sizeThatFits(.unspecified), CGSize(width: 874, height: 540.5))
            XCTAssertEqual(panel.sizeThatFits(.zero), CGSize(width: 200, height: 300))
            XCTAssertEqual(panel.sizeThatFits(.infinity), CGSize(width: 1200, height: 900))
            XCTAssertEqual(panel.sizeThatFits(ProposedViewSize(width: 500, height: nil)), CGSize(width: 500, height: 540.5))
            XCTAssertEqual(FixedSizeView(panel).sizeThatFits(.zero), CGSize(width: 874, height: 540.5))
            XCTAssertEqual(FixedSizeView(panel, horizontal: false).sizeThatFits(.zero), CGSize(width: 200, height: 540.5))
        }
    }

    // MARK: - UIHostingController

    func test_uiHostingView_intrinsicSizeIsTheIdealSize_andItsClassNamePrintsAsUIKits() {
        onMain {
            let controller = UIHostingController(rootView: panel)
            let view = makeChild(of: makeRoot(), controller.view)
            view.layoutIfNeeded()
            XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 874, height: 540.5))
            XCTAssertEqual(String(describing: type(of: view)), "_UIHostingView<HostedFrame>")
            XCTAssertEqual(controller.sizingOptions, [], "empty by default, as Apple documents")
            XCTAssertEqual(controller.sizeThatFits(in: CGSize(width: 300, height: 10)), CGSize(width: 300, height: 300))
        }
    }

    /// Without `.intrinsicContentSize` new content keeps the old size until the app invalidates it.
    func test_uiHostingController_withoutOptions_keepsTheStaleSize_untilInvalidated() {
        onMain {
            let controller = UIHostingController(rootView: panel)
            let view = makeChild(of: makeRoot(), controller.view)
            view.layoutIfNeeded()
            controller.rootView = HostedFrame(width: .fixed(100), height: .fixed(120.5))
            XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 874, height: 540.5))
            view.invalidateIntrinsicContentSize()
            XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 100, height: 120.5))
        }
    }

    func test_uiHostingController_withOptions_followsTheContent() {
        onMain {
            let controller = UIHostingController(rootView: panel)
            controller.sizingOptions = [.intrinsicContentSize, .preferredContentSize]
            let root = makeRoot()
            let view = makeChild(of: root, controller.view)
            root.layoutIfNeeded()
            XCTAssertEqual(controller.preferredContentSize, CGSize(width: 874, height: 540.5))
            controller.rootView = HostedFrame(width: .fixed(100), height: .fixed(120.5))
            XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 100, height: 120.5))
            XCTAssertEqual(controller.preferredContentSize, CGSize(width: 100, height: 120.5))
            root.layoutIfNeeded()
            XCTAssertEqual(view.frame.size, CGSize(width: 100, height: 120.5), "the content size constraints moved with it")
        }
    }

    // MARK: - NSHostingView

    func test_nsHostingView_standardBounds_makesMinimumAndMaximumConstraints_andTheIdealIntrinsicSize() {
        onMain {
            let view = makeChild(of: makeRoot(), NSHostingView(rootView: panel))
            view.layoutIfNeeded()
            XCTAssertEqual(view.sizingOptions, .standardBounds)
            XCTAssertEqual(shapes(view.generatedConstraints),
                           ["height <= 900.0", "width <= 1200.0", "height >= 300.0", "width >= 200.0"])
            XCTAssertTrue(view.generatedConstraints.allSatisfy { $0.identifier == nil && $0.priority == .required && $0.isActive })
            XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 874, height: 540.5))
        }
    }

    func test_nsHostingView_emptyOptions_makeNoConstraints_andNoIntrinsicSize() {
        onMain {
            let view = makeChild(of: makeRoot(), NSHostingView(rootView: panel))
            view.sizingOptions = []
            view.layoutIfNeeded()
            XCTAssertEqual(view.generatedConstraints, [])
            XCTAssertEqual(view.intrinsicContentSize.width, UIView.noIntrinsicMetric)
        }
    }

    func test_nsHostingView_newContent_updatesItsConstraintsAtOnce() {
        onMain {
            let view = makeChild(of: makeRoot(), NSHostingView(rootView: panel))
            view.sizingOptions = .minSize
            view.layoutIfNeeded()
            XCTAssertEqual(shapes(view.generatedConstraints), ["height >= 300.0", "width >= 200.0"])
            view.rootView = HostedFrame(width: .init(minimum: 50, ideal: 60, maximum: 70), height: .fixed(10))
            XCTAssertEqual(shapes(view.generatedConstraints), ["height >= 10.0", "width >= 50.0"])
        }
    }

    /// As a window's content view, the window's content minimum and maximum are the content's.
    func test_nsHostingView_asAWindowsContentView_setsTheWindowsContentLimits() {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 874, height: 541))
            let view = NSHostingView(rootView: panel)
            view.frame = window.bounds
            window.addSubview(view)
            view.layoutIfNeeded()
            XCTAssertEqual(window.contentMinSize, CGSize(width: 200, height: 300))
            XCTAssertEqual(window.contentMaxSize, CGSize(width: 1200, height: 900))
        }
    }

    /// `.frame(maxWidth: .infinity)`: no maximum on that axis, the height's stays.
    func test_nsHostingView_infiniteMaximum_makesNoConstraintOnThatAxis() {
        onMain {
            let wide = HostedFrame(width: .init(minimum: 0, ideal: 320, maximum: .infinity), height: .fixed(44))
            let view = makeChild(of: makeRoot(), NSHostingView(rootView: wide))
            view.layoutIfNeeded()
            XCTAssertEqual(shapes(view.generatedConstraints), ["height <= 44.0", "height >= 44.0", "width >= 0.0"])
        }
    }

    /// Content whose every size has a NaN width.
    private struct Unmeasurable: HostedView {
        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: CGFloat.nan, height: 10) }
    }

    func test_contentWithANaNSize_isNotMeasured_andMakesNoConstraint() {
        onMain {
            let broken = Unmeasurable()
            let view = makeChild(of: makeRoot(), NSHostingView(rootView: broken))
            view.layoutIfNeeded()
            XCTAssertTrue(view.contentCannotBeMeasured)
            XCTAssertEqual(view.generatedConstraints, [])
            let controller = UIHostingController(rootView: broken)
            XCTAssertEqual(controller.view.intrinsicContentSize.width, UIView.noIntrinsicMetric)
        }
    }
}
