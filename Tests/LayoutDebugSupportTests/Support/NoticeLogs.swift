// MARK: - NoticeLogs

/// Console messages that print a constraint, or sit where one would, but are
/// not conflicts, written to the wording UIKit prints (quoted in Stack
/// Overflow questions 14833070, 18177262 and 18883664, SnapKit #478,
/// ZLCollectionView #73, WordPress-iOS #18114, Tabman #249, PureLayout #62),
/// with addresses, classes and titles of our own.
enum NoticeLogs {
    /// `-addConstraint:` on a view outside whose subtree an item lies: the
    /// exception's reason, on one line.
    static let unableToInstall = """
        2024-05-02 09:14:07.311 Orbit[5120:88213] *** Terminating app due to uncaught exception 'NSGenericException', reason: 'Unable to install constraint on view.  Does the constraint reference something from outside the subtree of the view?  That's illegal. constraint:<NSLayoutConstraint:0x600001a2c3c0 UILabel:0x7f9e4cd0a1b0'Welcome back'.top == UIView:0x7f9e4cd0b7e0.bottom + 12   (inactive)> view:<UILabel: 0x7f9e4cd0a1b0; frame = (0 0; 0 0); text = 'Welcome back'; layer = <_UILabelLayer: 0x6000032f1a40>>'
        *** First throw call stack:
        (0x1804b5d0 0x1800ab94)
        """

    /// The same reason quoted in a mail or a forum post: wrapped at 60
    /// columns behind `> `, the constraint cut in the middle.
    static let unableToInstallWrapped = """
        > 2013-09-19 05:48:26.488 Orbit[6036:c07] *** Terminating app due to
        > uncaught exception 'NSGenericException', reason: 'Unable to install
        > constraint on view.  Does the constraint reference something from
        > outside the subtree of the view?  That's illegal.
        > constraint:<NSLayoutConstraint:0x7168860 UIView:0x7168b50.width ==
        > 3*UIView:0x7169360.width + 10> view:<UIView: 0x7169360; frame = (0 0;
        > 0 0); autoresize = TM+BM; layer = <CALayer: 0x7168bb0>>'
        """

    /// `isActive = true` on anchors of two hierarchies.
    static let unableToActivate = """
        *** Terminating app due to uncaught exception 'NSGenericException', reason: 'Unable to activate constraint with anchors <NSLayoutYAxisAnchor:0x600003b0c5c0 "Orbit.ToastView:0x7f8f2a50e2d0.top"> and <NSLayoutYAxisAnchor:0x600003b0c640 "UILayoutGuide:0x600002f1c1c0'UIViewSafeAreaLayoutGuide'.top"> because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.'
        """

    /// Both of UIKit's messages for a constraint added to a view that does
    /// not hold one of its items, with the container's views.
    static let hierarchyNotPrepared = """
        2023-11-20 16:02:45.118 Orbit[3301:41200] [LayoutConstraints] The view hierarchy is not prepared for the constraint: <NSLayoutConstraint:0x6000027e1ae0 UIButton:0x7fb1c2e0a400'Continue'.centerX == Orbit.CardView:0x7fb1c2d0f1c0.centerX   (inactive)>
        \tWhen added to a view, the constraint's items must be descendants of that view (or the view itself). This will crash if the constraint needs to be resolved before the view hierarchy is assembled. Break on -[UIView(UIConstraintBasedLayout) _viewHierarchyUnpreparedForConstraint:] to debug.
        2023-11-20 16:02:45.119 Orbit[3301:41200] [LayoutConstraints] View hierarchy unprepared for constraint.
        \tConstraint: <NSLayoutConstraint:0x6000027e1ae0 UIButton:0x7fb1c2e0a400'Continue'.centerX == Orbit.CardView:0x7fb1c2d0f1c0.centerX   (inactive)>
        \tContainer hierarchy: 
        <UIButton: 0x7fb1c2e0a400; frame = (0 0; 0 0); opaque = NO; layer = <CALayer: 0x600000c1e2a0>>
           | <UIButtonLabel: 0x7fb1c2e0b300; frame = (0 0; 0 0); text = 'Continue'; layer = <_UILabelLayer: 0x600002d3c0f0>>
        \tView not found in container hierarchy: <Orbit.CardView: 0x7fb1c2d0f1c0; frame = (16 120; 343 200); layer = <CALayer: 0x600000c1d9e0>>
        \tThat view's superview: <UIView: 0x7fb1c2d0c010; frame = (0 0; 375 812); autoresize = W+H; layer = <CALayer: 0x600000c1d5a0>>
        """

    /// A collection view cell whose `translatesAutoresizingMaskIntoConstraints` was changed.
    static let managedCell = """
        2025-01-09 11:40:12.503117+0100 Orbit[7781:301122] [LayoutConstraints] Changing the translatesAutoresizingMaskIntoConstraints property of a UICollectionViewCell that is managed by a UICollectionView is not supported, and will result in incorrect self-sizing. View: <Orbit.PhotoCell: 0x10b82a3c0; baseClass = UICollectionViewCell; frame = (0 0; 120 120); layer = <CALayer: 0x6000035e8ba0>>
        """

    /// The table view form: the contentView of a cell, named after `Cell:`.
    static let managedTableContentView = """
        2022-03-10 09:46:32.623389-0300 Orbit[9138:79856] [LayoutConstraints] Changing the translatesAutoresizingMaskIntoConstraints property of the contentView of a UITableViewCell is not supported and will result in undefined behavior, as this property is managed by the owning UITableViewCell. Cell: <Orbit.InboxCell: 0x14d0dba00; baseClass = UITableViewCell; frame = (0 0; 320 60); autoresize = RM+BM; layer = <CALayer: 0x12aa11160>>
        """

    /// The ambiguity message and its new-style trace: one view whose x and width are free.
    static let ambiguousLayout = """
        2022-06-14 08:21:55.904822-0700 Orbit[912:77310] [LayoutConstraints] View has an ambiguous layout. See "Auto Layout Guide: Ambiguous Layouts" for help debugging. Displaying synopsis from invoking -[UIView _autolayoutTrace] to provide additional detail.

        *Orbit.BadgeView:0x7fa3d8c12e30- AMBIGUOUS LAYOUT for Orbit.BadgeView:0x7fa3d8c12e30.minX{id: 212}, Orbit.BadgeView:0x7fa3d8c12e30.Width{id: 215}

        Legend:
        \t* - is laid out with auto layout
        \t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES
        \t• - layout engine host
        """

    /// The same message with an old-style trace (`*<UIView:0x…> - AMBIGUOUS LAYOUT`), nested.
    static let ambiguousLayoutOldTrace = """
        View has an ambiguous layout. See "Auto Layout Guide: Ambiguous Layouts" for help debugging. Displaying synopsis from invoking -[UIView _autolayoutTrace] to provide additional detail.
        *<UIWindow:0x7fe1a2d04b80>
        |   *<UIView:0x7fe1a2c08e10>
        |   |   *<UIImageView:0x7fe1a2c09a20> - AMBIGUOUS LAYOUT
        """

    /// A real conflict, to follow a notice.
    static let conflict = """
        2024-05-02 09:14:08.002 Orbit[5120:88213] [LayoutConstraints] Unable to simultaneously satisfy constraints.
        \tProbably at least one of the constraints in the following list is one you don't want.
        (
            "<NSLayoutConstraint:0x600001a2d000 UIView:0x7f9e4cd0b7e0.width == 120   (active)>",
            "<NSLayoutConstraint:0x600001a2d0a0 UIView:0x7f9e4cd0b7e0.width == 80   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600001a2d0a0 UIView:0x7f9e4cd0b7e0.width == 80   (active)>
        """
}
