import Foundation
import ReferenceKit

// MARK: - OwnerScenarios

/// Conflicts that are not the app's to fix, built as UIKit builds them, and a
/// storm mixing them with the app's own: the inputs of `ConflictTriage`'s
/// "system" and "transient" owners and of `lbreak --mine`.
@MainActor
enum OwnerScenarios {
    // MARK: - System: the keyboard

    /// `keyboard-conflict`: the keyboard's own views disagree, as in
    /// IQKeyboardManager #1615 (iOS 13's assistant bar). UIKit's keyboard window
    /// (0 0; 375 667), apart from the app's, holds a `UIInputSetContainerView`
    /// filling it, and in it a `UIInputSetHostView` pinned to its leading,
    /// trailing and bottom edges, 261 high (a 216-point keyboard and a 45-point
    /// assistant bar): (0 406; 375 261). In the host, the assistant bar has
    /// 'assistantView.top' (top == host.top) and 'assistantHeight' (height == 45);
    /// the keyboard has 'inputView.top' (top == host.top) and its other edges on
    /// the host's; 'assistantView.bottom' (assistant.bottom == keyboard.top)
    /// makes 0 + 45 == 0, and the engine breaks it, as UIKit's did in that log:
    /// the assistant bar is (0 0; 375 45) and the keyboard (0 0; 375 261) in the host.
    /// No view of the app takes part; the keyboard is dismissed again (its window
    /// goes), and `layout-demo` prints the app's window only.
    static func keyboard(root: UIView, count: Int) {
        showKeyboard()
    }

    /// Shows the keyboard as UIKit's input window controller builds it, in its
    /// own window, and dismisses it: one conflict, between UIKit-internal views
    /// only. The window goes when the keyboard does, so no scenario leaves a
    /// window behind in the application's scene (a trace of the key window, a
    /// later scenario, would otherwise meet it).
    private static func showKeyboard() {
        let window = UIRemoteKeyboardWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let container = UIInputSetContainerView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(container)
        // UIKit lays the keyboard's window and container out before it adds the
        // input views, so each showing meets a live engine and is the same conflict.
        window.layoutIfNeeded()
        let host = UIInputSetHostView()
        let assistant = TUISystemInputAssistantView()
        let keyboard = _UIKBCompatInputView()
        for view in [host, assistant, keyboard] { view.translatesAutoresizingMaskIntoConstraints = false }
        container.addSubview(host)
        host.addSubview(assistant)
        host.addSubview(keyboard)
        NSLayoutConstraint.activate([
            host.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            host.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            host.bottomAnchor.constraint(equalTo: container.bottomAnchor),
            host.heightAnchor.constraint(equalToConstant: 261),
            assistant.leadingAnchor.constraint(equalTo: host.leadingAnchor),
            assistant.trailingAnchor.constraint(equalTo: host.trailingAnchor),
            identified(assistant.topAnchor.constraint(equalTo: host.topAnchor), "assistantView.top"),
            identified(assistant.heightAnchor.constraint(equalToConstant: 45), "assistantHeight"),
            identified(keyboard.topAnchor.constraint(equalTo: host.topAnchor), "inputView.top"),
            keyboard.leadingAnchor.constraint(equalTo: host.leadingAnchor),
            keyboard.trailingAnchor.constraint(equalTo: host.trailingAnchor),
            keyboard.bottomAnchor.constraint(equalTo: host.bottomAnchor),
        ])
        identified(assistant.bottomAnchor.constraint(equalTo: keyboard.topAnchor), "assistantView.bottom").isActive = true
        window.layoutIfNeeded()
    }

    private static func identified(_ constraint: NSLayoutConstraint, _ identifier: String) -> NSLayoutConstraint {
        constraint.identifier = identifier
        return constraint
    }

    // MARK: - Transient: a reused cell

    /// `cell-reuse-conflict`: a table cell being reused, which the table has
    /// framed (0 100; 375 0) before sizing it, so its content view gets
    /// 'UIView-Encapsulated-Layout-Height' == 0 (as corpus logs/018.txt). The app's
    /// label ("Reused", 48 wide) asks for `H:|-16-[label]` and
    /// `V:|-8-[label(20)]-8-|`: 8 + 20 + 8 == 0 cannot hold. The engine breaks
    /// the bottom spacing, so the label is (16 8; 48 20) in a content view of
    /// (0 0; 375 0). The next pass, with the row's real height, would satisfy it.
    static func cellReuse(root: UIView, count: Int) {
        reusedCell(in: root, y: 100)
    }

    private static func reusedCell(in parent: UIView, y: CGFloat) {
        let cell = UITableViewCell(style: .default, reuseIdentifier: "row")
        cell.frame = CGRect(x: 0, y: y, width: 375, height: 0)
        parent.addSubview(cell)
        let label = UILabel()
        label.text = "Reused"
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(label)
        for format in ["H:|-16-[label]", "V:|-8-[label(20)]-8-|"] {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil,
                                                                       views: ["label": label]))
        }
        parent.layoutIfNeeded()
    }

    // MARK: - A storm of every owner

    /// `owner-storm N`: after a first layout pass, N conflicts one by one; the
    /// i-th is the app's, the system's or a transient one as i mod 3 is 0, 1
    /// or 2:
    /// - 0, yours: in a row (0, 30i; 375 30), a box 100 then 120 wide (the
    ///   120 breaks: the box is (0 0; 100 20)), as `conflict-storm` row 0;
    /// - 1, system: the keyboard is shown and dismissed (`keyboard-conflict`);
    /// - 2, transient: a reused cell (0, 30i; 375 0) as `cell-reuse-conflict`.
    static func storm(root: UIView, count: Int) {
        root.layoutIfNeeded()
        for index in 0..<max(count, 0) {
            let y = 30 * CGFloat(index)
            switch index % 3 {
            case 0:
                let row = UIView(frame: CGRect(x: 0, y: y, width: 375, height: 30))
                root.addSubview(row)
                ConflictStorm.duplicateWidth(in: row)
            case 1:
                showKeyboard()
            default:
                reusedCell(in: root, y: y)
            }
        }
    }
}
