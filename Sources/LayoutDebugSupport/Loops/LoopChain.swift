#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - LoopChain

/// A recorded loop read as a chain: the requests of its last round, in order, each with who
/// asked, how many rounds the record holds, and the frames each round gave the round's views.
///
/// A round ends with the last request recorded (the one at the stop: AppKit raises inside the
/// mark past its limit, UIKit's debugger at the layout after it) and starts after the same
/// request, from the same call stack, was made before. A record whose last request was never
/// made before holds no loop.
struct LoopChain: Equatable, Sendable {
    /// One view's frame changes over the whole record, oldest first.
    struct FrameSteps: Equatable, Sendable {
        var view: UInt
        var steps: [(old: CGRect, new: CGRect)]

        static func == (lhs: FrameSteps, rhs: FrameSteps) -> Bool {
            lhs.view == rhs.view && lhs.steps.elementsEqual(rhs.steps) { $0.old == $1.old && $0.new == $1.new }
        }
    }

    /// The last round's requests, in the order they were made.
    var round: [LayoutRequest]
    /// How many times the round's last request was made in the record: the rounds seen.
    var rounds: Int
    /// Each view of the round that changed frame in the record, in the round's order.
    var frameSteps: [FrameSteps]

    /// The chain in `record`, or `nil` when its last request was made only once.
    ///
    /// - Complexity: O(n × v) for n requests and v views in the round.
    init?(_ record: LoopRecord) {
        let requests = record.requests
        guard let last = requests.last,
              let start = requests.dropLast().lastIndex(where: { $0.sameRequest(as: last) }) else { return nil }
        round = Array(requests[(start + 1)...])
        rounds = requests.reduce(0) { $0 + ($1.sameRequest(as: last) ? 1 : 0) }
        var views: [UInt] = []
        for request in round where !views.contains(request.view) { views.append(request.view) }
        frameSteps = views.compactMap { view in
            let steps = requests.filter { $0.view == view && $0.kind == .frame }.map { (old: $0.old, new: $0.new) }
            return steps.isEmpty ? nil : FrameSteps(view: view, steps: steps)
        }
    }
}

// MARK: - What changed

/// The parts of a frame a change can touch, as a report names them.
enum FramePart: String, CaseIterable, Sendable {
    case x, y, width, height

    /// The part's value in `rect`.
    func value(in rect: CGRect) -> CGFloat {
        switch self {
        case .x: return rect.origin.x
        case .y: return rect.origin.y
        case .width: return rect.size.width
        case .height: return rect.size.height
        }
    }

    /// The parts that differ between `old` and `new`.
    static func changed(from old: CGRect, to new: CGRect) -> [FramePart] {
        allCases.filter { $0.value(in: old) != $0.value(in: new) }
    }
}
#endif
