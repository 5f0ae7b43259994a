#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - LayoutRequest

/// One request a view made for another pass, as the loop recorder kept it: how it asked, its
/// frame before and after for a frame change, and who asked (return addresses, innermost
/// first, symbolicated by the debugger as constraint origins are).
struct LayoutRequest: Equatable, Sendable {
    var kind: LayoutRequestHook.Kind
    /// The view's address.
    var view: UInt
    /// For a frame change, the frame before and the frame asked for; else `.zero`.
    var old: CGRect = .zero
    var new: CGRect = .zero
    /// Return addresses where the request was made, innermost first.
    var frames: [UInt64] = []

    /// What is the same in each round of a loop: the request, the view, the call stack;
    /// not the values.
    func sameRequest(as other: LayoutRequest) -> Bool {
        kind == other.kind && view == other.view && frames == other.frames
    }
}

/// The recorder's snapshot: the requests kept, oldest first, and how many older ones the ring
/// had to drop.
struct LoopRecord: Equatable, Sendable {
    var requests: [LayoutRequest]
    var dropped: Int
}

// MARK: - LoopRing

/// A bounded ring of requests: the last `capacity` kept, each with at most `framesPerRequest`
/// return addresses, in storage made once (recording allocates nothing).
struct LoopRing {
    let capacity: Int
    let framesPerRequest: Int
    private var requests: [LayoutRequest]
    private var frames: [UInt64]
    private var frameCounts: [Int]
    private var next = 0
    private var total = 0

    /// An empty ring; its memory (about `capacity` × (8 × `framesPerRequest` + 90) bytes) is
    /// taken now.
    init(capacity: Int, framesPerRequest: Int) {
        self.capacity = max(capacity, 1)
        self.framesPerRequest = framesPerRequest
        requests = Array(repeating: LayoutRequest(kind: .setNeedsLayout, view: 0), count: self.capacity)
        frames = Array(repeating: 0, count: self.capacity * framesPerRequest)
        frameCounts = Array(repeating: 0, count: self.capacity)
    }

    /// How many requests were ever appended.
    var appended: Int { total }

    /// Keeps one request, dropping the oldest when full.
    mutating func append(_ kind: LayoutRequestHook.Kind, view: UInt, old: CGRect, new: CGRect,
                         frames recorded: UnsafeBufferPointer<UInt64>) {
        let slot = next
        requests[slot].kind = kind
        requests[slot].view = view
        requests[slot].old = old
        requests[slot].new = new
        let kept = min(recorded.count, framesPerRequest)
        for index in 0..<kept { frames[slot * framesPerRequest + index] = recorded[index] }
        frameCounts[slot] = kept
        next = (next + 1) % capacity
        total += 1
    }

    /// The requests kept, oldest first.
    func snapshot() -> LoopRecord {
        let count = min(total, capacity)
        let first = total > capacity ? next : 0
        var out: [LayoutRequest] = []
        out.reserveCapacity(count)
        for offset in 0..<count {
            let slot = (first + offset) % capacity
            var request = requests[slot]
            let start = slot * framesPerRequest
            request.frames = Array(frames[start..<(start + frameCounts[slot])])
            out.append(request)
        }
        return LoopRecord(requests: out, dropped: total - count)
    }
}
#endif
