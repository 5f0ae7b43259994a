#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - The chain in words

extension LoopChain {
    /// How many values of one part a line shows before it elides the middle.
    static let valuesShown = 8

    /// The chain as `lloop` prints it: the chain on one line, each request of the round with
    /// who asked (an `asked at <frames …>` marker the debugger resolves to the app's function
    /// and line), and the values each round gave.
    ///
    /// - Parameter name: A view's name in the report, from its address.
    func text(naming name: (UInt) -> String) -> String {
        var lines = ["Chain: " + Self.collapsed(round.map { link($0, name) }).joined(separator: " → ") + " → the next pass, and again"]
        lines.append("Each request of the last round, with who asked:")
        for (index, request) in round.enumerated() {
            lines.append("  \(index + 1). \(detail(request, name)) (\(Self.marker(request.frames)))")
        }
        lines.append("Values each pass gave:")
        if frameSteps.isEmpty {
            lines.append("  no frame of the round's views changed in the record: each pass gives the same values, and asks again")
        }
        for steps in frameSteps {
            let parts = FramePart.allCases.filter { part in steps.steps.contains { part.value(in: $0.old) != part.value(in: $0.new) } }
            let series = parts.map { part in
                "\(part.rawValue) " + Self.series([part.value(in: steps.steps[0].old)] + steps.steps.map { part.value(in: $0.new) })
            }
            let settled = round.contains { $0.view == steps.view && $0.kind == .frame } ? "" : ", then unchanged"
            lines.append("  \(name(steps.view)): " + series.joined(separator: "; ") + settled)
        }
        return lines.joined(separator: "\n")
    }

    /// Links with each run of the same link written once, `× n` after it: a view marked three
    /// times in a row (its frame's setter, its autoresizing, the engine) asks once.
    static func collapsed(_ links: [String]) -> [String] {
        var out: [(link: String, count: Int)] = []
        for link in links {
            if out.last?.link == link { out[out.count - 1].count += 1 } else { out.append((link, 1)) }
        }
        return out.map { $0.count > 1 ? "\($0.link) × \($0.count)" : $0.link }
    }

    /// One link of the one-line chain: `A's width change`, `B.setNeedsUpdateConstraints`.
    private func link(_ request: LayoutRequest, _ name: (UInt) -> String) -> String {
        switch request.kind {
        case .frame:
            let parts = FramePart.changed(from: request.old, to: request.new).map(\.rawValue)
            return "\(name(request.view))'s \(parts.joined(separator: " and ")) change"
        case .setNeedsLayout: return "\(name(request.view)).setNeedsLayout"
        case .setNeedsUpdateConstraints: return "\(name(request.view)).setNeedsUpdateConstraints"
        case .constraintActivated: return "\(name(request.view)) activated"
        }
    }

    /// One request with its values: `UIWindow 0x…'s height 687 → 707`.
    private func detail(_ request: LayoutRequest, _ name: (UInt) -> String) -> String {
        guard request.kind == .frame else { return link(request, name) }
        let parts = FramePart.changed(from: request.old, to: request.new).map { part in
            "\(part.rawValue) \(Self.number(part.value(in: request.old))) → \(Self.number(part.value(in: request.new)))"
        }
        return "\(name(request.view))'s " + parts.joined(separator: ", ")
    }

    /// `asked at <frames 0x… 0x…>`, the marker the debugger turns into the app's function and
    /// `file:line` (not `made at`, which reports of constraints use: it names another frame).
    static func marker(_ frames: [UInt64]) -> String {
        "asked at <frames" + frames.map { " 0x" + String($0, radix: 16) }.joined() + ">"
    }

    /// Values joined by arrows; past `valuesShown`, the first two, an ellipsis, the last five
    /// and how many changes there were.
    static func series(_ values: [CGFloat]) -> String {
        let words = values.map(number)
        guard words.count > valuesShown else { return words.joined(separator: " → ") }
        return (words.prefix(2) + ["…"] + words.suffix(5)).joined(separator: " → ") + " (\(words.count - 1) changes)"
    }

    /// A coordinate as `%g` writes it: 540, 540.5.
    static func number(_ value: CGFloat) -> String {
        String(format: "%g", Double(value))
    }
}
#endif
