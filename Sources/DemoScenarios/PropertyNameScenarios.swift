import Foundation
import ReferenceKit

// MARK: - PropertyNameScenarios

/// Views held by properties, as an app's code holds them, for reports that
/// name a view by its property (`PropertyNames` in LayoutDebugSupport).
@MainActor
enum PropertyNameScenarios {
    /// `property-names`: a profile screen. A `ProfileViewController`, a child
    /// of the root's controller, fills the root (0 0; 375 667). Its lazy `card`
    /// is pinned to its view's leading edge, 375 wide, 100 from the top and 120 high:
    /// (0 100; 375 120). In the card, `H:|-16-[avatar(80)]-8-[title]-16-|`
    /// holds the controller's `avatarView` and the card's own `titleLabel`,
    /// which leaves the title 375 − 16 − 80 − 8 − 16 = 255 wide; a later
    /// `H:[title(300)]` cannot also hold, and the engine breaks it, so the
    /// avatar is (16 20; 80 80) and the title (104 20; 255 24) in the card.
    /// The card's `actionButtons[0]` and `[1]` sit 10 above its bottom, 100
    /// wide and 30 high: (16 80; 100 30) and (124 80; 100 30).
    static func profile(root: UIView, count: Int) {
        let controller = ProfileViewController()
        embed(controller, in: root)
        NSLayoutConstraint.activate([
            controller.titleWidthConstraint(300),
        ])
    }

    /// `profile-feed N`: about N views, as a feed of cards (five views each: the
    /// card, its avatar, title and two buttons) held in a `FeedViewController`'s
    /// `cards` array; no conflict. What `bench/report` names at 1000 views.
    static func feed(root: UIView, count: Int) {
        embed(FeedViewController(cardCount: max(1, count / 5)), in: root)
    }

    /// Adds `controller` as a child of the root's controller, its view filling the
    /// root (autoresizing), as a container view controller does.
    private static func embed(_ controller: UIViewController, in root: UIView) {
        let parent = root.next as? UIViewController
        parent?.addChild(controller)
        controller.view.frame = root.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(controller.view)
        controller.didMove(toParent: parent)
    }
}

/// A feed's controller, holding its cards in an array (`cards[2]`).
final class FeedViewController: UIViewController {
    /// The feed's cards, top to bottom.
    let cards: [FeedCardView]

    /// A feed of `cardCount` cards.
    init(cardCount: Int) {
        cards = (0..<cardCount).map { _ in FeedCardView() }
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        for (index, card) in cards.enumerated() {
            card.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(card)
            card.add(avatar: card.avatarView)
            NSLayoutConstraint.activate([
                card.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                card.widthAnchor.constraint(equalToConstant: 375),
                card.topAnchor.constraint(equalTo: view.topAnchor, constant: CGFloat(index) * 120),
                card.heightAnchor.constraint(equalToConstant: 120),
            ])
        }
    }
}

/// A feed's card: a profile card that holds its own avatar. Its title and buttons
/// are its superclass's properties, named after the card's own class.
final class FeedCardView: ProfileCardView {
    /// The card's avatar.
    let avatarView = UIImageView(image: nil)
}

/// A screen's controller, holding views in the ways Swift code does: a `let`,
/// a `lazy var`, and (through its card) an array.
final class ProfileViewController: UIViewController {
    /// Held here, though it lives in the card: a controller often keeps the views it fills in.
    let avatarView = UIImageView(image: nil)
    /// Made on first use, as cards often are.
    lazy var card = ProfileCardView()

    override func viewDidLoad() {
        super.viewDidLoad()
        card.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(card)
        card.add(avatar: avatarView)
        let views: [String: Any] = ["card": card]
        for format in ["H:|[card(375)]", "V:|-100-[card(120)]"] {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil, views: views))
        }
    }

    /// The title's width, the constraint that cannot hold beside the card's row.
    func titleWidthConstraint(_ width: CGFloat) -> NSLayoutConstraint {
        card.titleLabel.widthAnchor.constraint(equalToConstant: width)
    }
}

/// A card view holding its title and buttons.
class ProfileCardView: UIView {
    /// The card's title.
    let titleLabel = UILabel()
    /// The card's buttons, held as an array.
    let actionButtons = [UIButton(), UIButton()]

    /// Lays out the row `H:|-16-[avatar(80)]-8-[title]-16-|` and the buttons below it.
    func add(avatar: UIView) {
        for view in [avatar, titleLabel] + actionButtons {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        titleLabel.text = "Ada Lovelace"
        let views: [String: Any] = ["avatar": avatar, "title": titleLabel,
                                    "first": actionButtons[0], "second": actionButtons[1]]
        for format in ["H:|-16-[avatar(80)]-8-[title]-16-|", "V:|-20-[avatar(80)]", "V:|-20-[title(24)]",
                       "H:|-16-[first(100)]-8-[second(100)]", "V:[first(30)]-10-|", "V:[second(30)]-10-|"] {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil, views: views))
        }
    }
}
