import Foundation

// MARK: - The marks

/// What a view waits for in the display cycle.
///
/// UIKit's cycle, as WWDC 2015 session 219 ("Mysteries of Auto Layout, Part 2", "The
/// Layout Cycle") draws it: a change marks views, and the deferred pass at the end of the
/// run loop's turn runs the update-constraints pass (bottom-up), then the layout pass
/// (`layoutSubviews`, top-down), then display.
struct DisplayCycleMarks {
    /// `setNeedsLayout()` was called since the last layout pass.
    var needsLayout = false
    /// `setNeedsUpdateConstraints()` was called since the last update pass; a new view
    /// starts marked, so its `updateConstraints()` runs once, in its first pass.
    var needsUpdateConstraints = true
    /// `setNeedsDisplay()` was called since the view was last drawn.
    var needsDisplay = false
    /// Set by `UIView.updateConstraints()`: whether an override called super.
    var calledSuperUpdateConstraints = false
    /// Set by `UIView.layoutSubviews()`: whether an override called super.
    var calledSuperLayoutSubviews = false
}

// MARK: - Marking

extension UIView {
    /// Marks the view as needing a layout pass. The pass runs at the end of the current
    /// run-loop turn (the commit of the thread's implicit transaction,
    /// `ImplicitTransaction`), or at the next `layoutIfNeeded()`.
    ///
    /// Its implementation can be replaced, as a swizzle replaces UIKit's
    /// (`ReferenceKitDebugHooks.setImplementation(of:_:)`).
    @inline(never)
    public func setNeedsLayout() {
        // Its own implementation inline unless replaced: the method keeps a frame of its own in
        // a stack (no tail call, no merging with setNeedsUpdateConstraints()), as
        // -[UIView setNeedsLayout] does in UIKit's, the frame a loop's stack is read by.
        let implementation = LayoutRequestMethods.setNeedsLayout
        guard implementation === LayoutRequestMethods.ownSetNeedsLayout else { return implementation.body(self) }
        markNeedsLayout()
    }

    /// `setNeedsLayout()`'s own implementation.
    @inline(__always)
    func markNeedsLayout() {
        guard !cycleMarks.needsLayout else { return }
        cycleMarks.needsLayout = true
        ImplicitTransaction.current.add(self)
        if WindowDisplayCycle.running > 0 { window?.markedDuringCycle(.layout) }
    }

    /// Marks the view as needing the update-constraints pass before its next layout pass.
    /// Its implementation can be replaced, as `setNeedsLayout()`'s can.
    @inline(never)
    public func setNeedsUpdateConstraints() {
        let implementation = LayoutRequestMethods.setNeedsUpdateConstraints
        guard implementation === LayoutRequestMethods.ownSetNeedsUpdateConstraints else { return implementation.body(self) }
        markNeedsUpdateConstraints()
    }

    /// `setNeedsUpdateConstraints()`'s own implementation.
    @inline(__always)
    func markNeedsUpdateConstraints() {
        guard !cycleMarks.needsUpdateConstraints else { return }
        cycleMarks.needsUpdateConstraints = true
        ImplicitTransaction.current.add(self)
        if WindowDisplayCycle.running > 0 { window?.markedDuringCycle(.updateConstraints) }
    }

    /// Whether the view waits for the update-constraints pass.
    public func needsUpdateConstraints() -> Bool { cycleMarks.needsUpdateConstraints }

    /// Marks the view to be drawn in the display phase of the next commit.
    public func setNeedsDisplay() {
        guard !cycleMarks.needsDisplay else { return }
        cycleMarks.needsDisplay = true
        ImplicitTransaction.current.add(self)
    }

    // MARK: - Passes asked for now

    /// Lays the view's hierarchy out now if a pass is pending: the update-constraints
    /// pass, the engine's frames, then `layoutSubviews()`. As UIKit documents, when no
    /// layout update is pending it returns without changing the layout or calling any
    /// layout callback.
    ///
    /// On a window, each root view (a direct subview) is laid out in turn.
    public func layoutIfNeeded() {
        if let window = self as? UIWindow, superview == nil {
            window.cycleMarks.needsLayout = false
            for root in window.subviews { root.layoutIfNeeded() }
            return
        }
        engineHost.layoutEngineHostIfNeeded()
    }

    /// Runs the update-constraints pass over the view and its subviews now: bottom-up
    /// (each subview before its superview), `updateConstraints()` for every marked view.
    public func updateConstraintsIfNeeded() {
        for view in subtreeViews().reversed() where view.cycleMarks.needsUpdateConstraints {
            view.cycleMarks.needsUpdateConstraints = false
            view.cycleMarks.calledSuperUpdateConstraints = false
            view.updateConstraints()
            guard view.cycleMarks.calledSuperUpdateConstraints else {
                fatalError("\(view.classAndAddress) overrode updateConstraints() without calling super.updateConstraints() "
                    + "as its final step, as UIKit requires")
            }
        }
    }

    /// The view that hosts the engine laying this view out: the root of its
    /// hierarchy, or the ancestor whose superview is a window.
    var engineHost: UIView {
        var view = self
        while let parent = view.superview, !(parent is UIWindow) { view = parent }
        return view
    }

    // MARK: - The pass

    /// On an engine host: runs the pass when something of its hierarchy is marked, or
    /// when it has no engine yet (its first pass makes one).
    func layoutEngineHostIfNeeded() {
        guard layoutEngine == nil || subtreeViews().contains(where: { $0.cycleMarks.needsLayout || $0.cycleMarks.needsUpdateConstraints })
        else { return }
        layoutSublayersOfLayer()
    }

    /// UIKit's `-[UIView(CALayerDelegate) layoutSublayersOfLayer:]` for an engine host:
    /// the engine is made on the first pass (the hierarchy's constraints enter it then),
    /// then constraints are updated and the engine's frames applied.
    @inline(never)
    func layoutSublayersOfLayer() {
        if layoutEngine == nil { layoutEngine = LayoutEngine(host: self) }
        guard let engine = layoutEngine else { return }
        updateConstraintsAsNecessaryAndApplyLayoutFromEngine(engine)
    }

    /// UIKit's `_updateConstraintsAsNecessaryAndApplyLayoutFromEngine`: the update pass,
    /// the system constraints, the frames, then `layoutSubviews()` top-down. A mark made
    /// by a `layoutSubviews()` asks the window for another pass (`runDisplayCycle`).
    @inline(never)
    func updateConstraintsAsNecessaryAndApplyLayoutFromEngine(_ engine: LayoutEngine) {
        updateConstraintsIfNeeded()
        let views = subtreeViews()
        // The marks the engine's own frames make are this pass's, cleared below: they ask
        // the window for no other pass.
        let window = window
        window?.displayCycle.appliesEngineFrames = true
        for view in views where view.enrolledEngine === engine { view.refreshSystemConstraints() }
        engine.assignFrames()
        window?.displayCycle.appliesEngineFrames = false
        for view in views { view.cycleMarks.needsLayout = false }
        let debugger = LayoutFeedbackLoopDebugger.shared
        for view in views {
            debugger?.willLayout(view)
            view.sendLayoutSubviews()
        }
    }

    /// The display phase for this hierarchy: `draw(_:)` for each view marked with
    /// `setNeedsDisplay()`.
    func displayIfNeeded() {
        for view in subtreeViews() where view.cycleMarks.needsDisplay {
            view.cycleMarks.needsDisplay = false
            view.draw(view.bounds)
        }
    }
}
