#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutDebugSupport
import ReferenceKit

// MARK: - loops-bench

// What `lloop`'s recorder costs an app that does not loop: a 1000-view screen of varied cards
// (labels of different lengths, images, buttons, stack views, frame-laid badges; the sizes from
// a seeded generator, so no two cards are alike) built, laid out, then resized three times
// (every frame moves: each move is a request the armed recorder keeps, with its backtrace).
// One process times one setting: `unarmed`, as in an app the library was never loaded into
// (the hooks not installed); `disarmed` (the hooks installed, then disarmed: one integer check
// per request); `armed`. bench/loops/run.sh alternates processes of each setting, so that a
// burst of load on a shared machine falls on all alike, and takes the medians.
// Usage: loops-bench SETTING [N]   (N views, default 1000)
// Prints `SETTING ms=X requests=R`: the fastest of `runs` runs' CPU time, after one warm-up.

let runs = 3

/// CPU time consumed by the calling thread, in milliseconds.
func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// A small linear congruential generator: the same cards on every run.
struct Seeded {
    var state: UInt64
    mutating func next(_ range: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(range))
    }
}

/// One card: a title, a detail of 1 to 12 words, an image, a button, sometimes a stack of
/// tags, sometimes a frame-laid badge. Returns how many views it holds.
@MainActor
func addCard(to column: UIView, below previous: UIView?, random: inout Seeded) -> (UIView, Int) {
    let card = UIView()
    card.translatesAutoresizingMaskIntoConstraints = false
    column.addSubview(card)
    let title = UILabel(), detail = UILabel()
    title.text = "Card \(random.next(1000))"
    detail.text = Array(repeating: "word", count: 1 + random.next(12)).joined(separator: " ")
    let image = UIImageView(image: UIImage(size: CGSize(width: 24 + random.next(40), height: 24 + random.next(40))))
    let button = UIButton()
    button.setTitle("Open", for: .normal)
    var views = 5
    for view in [title, detail, image, button] as [UIView] {
        view.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(view)
    }
    NSLayoutConstraint.activate([
        card.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: CGFloat(8 + random.next(8))),
        card.trailingAnchor.constraint(equalTo: column.trailingAnchor, constant: -8),
        card.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? column.topAnchor, constant: CGFloat(4 + random.next(12))),
        image.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
        image.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
        title.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 8),
        title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
        title.trailingAnchor.constraint(lessThanOrEqualTo: button.leadingAnchor, constant: -8),
        detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
        detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
        detail.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
        button.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
        button.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
        card.bottomAnchor.constraint(greaterThanOrEqualTo: image.bottomAnchor, constant: 8),
    ])
    var bottom: UIView = detail
    if random.next(3) == 0 {
        let tags = UIStackView()
        tags.axis = .horizontal
        tags.spacing = CGFloat(2 + random.next(6))
        tags.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(tags)
        for _ in 0..<(1 + random.next(4)) {
            let tag = UILabel()
            tag.text = "tag\(random.next(100))"
            tags.addArrangedSubview(tag)
            views += 1
        }
        NSLayoutConstraint.activate([tags.leadingAnchor.constraint(equalTo: detail.leadingAnchor),
                                     tags.topAnchor.constraint(equalTo: detail.bottomAnchor, constant: 4)])
        bottom = tags
        views += 1
    }
    if random.next(4) == 0 {
        // Laid out by its frame and autoresizing mask, as older code does.
        let badge = UIView(frame: CGRect(x: 4, y: 4, width: 10 + random.next(10), height: 10))
        badge.autoresizingMask = [.flexibleLeftMargin]
        card.addSubview(badge)
        views += 1
    }
    card.bottomAnchor.constraint(equalTo: bottom.bottomAnchor, constant: 8).isActive = true
    return (card, views)
}

/// The screen: cards down a column until it holds `count` views.
@MainActor
func makeScreen(views count: Int) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    window.rootViewController = UIViewController()
    let column = window.rootViewController!.view!
    var random = Seeded(state: 44)
    var made = 2
    var previous: UIView?
    while made < count {
        let (card, views) = addCard(to: column, below: previous, random: &random)
        previous = card
        made += views
    }
    return window
}

/// CPU milliseconds to build, lay out, and resize the screen three times.
@MainActor
func oneRun(views count: Int) -> Double {
    let start = threadCPUMilliseconds()
    let window = makeScreen(views: count)
    window.layoutIfNeeded()
    for width in [320, 414, 375] as [CGFloat] {
        window.frame.size.width = width
        window.layoutIfNeeded()
    }
    let elapsed = threadCPUMilliseconds() - start
    withExtendedLifetime(window) {}
    return elapsed
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The text of a buffer an entry point returned: 8-byte little-endian length, then UTF-8.
func text(_ buffer: UnsafeMutableRawPointer) -> String {
    let length = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
    return String(decoding: UnsafeRawBufferPointer(start: buffer + 8, count: length), as: UTF8.self)
}
func fixed(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }

MainActor.assumeIsolated {
    let arguments = CommandLine.arguments.dropFirst()
    let count = arguments.compactMap { Int($0) }.first ?? 1000
    guard let setting = arguments.first(where: { ["unarmed", "disarmed", "armed"].contains($0) }) else {
        fatalError("usage: loops-bench unarmed|disarmed|armed [N]")
    }
    if setting != "unarmed" {
        let line = text(lds_loop_arm(0))
        guard !line.hasPrefix("error") else { fatalError(line) }
        if setting == "disarmed" { _ = lds_loop_arm(UInt32.max) }
    }
    _ = oneRun(views: count)
    var fastest = Double.infinity
    var requests = 0
    for _ in 0..<runs {
        if setting == "armed" { _ = lds_loop_arm(UInt32.max); _ = lds_loop_arm(0) }  // a new, empty ring each run
        fastest = min(fastest, oneRun(views: count))
        if setting == "armed" {
            // "Recorded: N requests for another pass (the last 1024 kept)"
            let report = text(lds_loop_report(0))
            requests = report.split(separator: "\n").first { $0.hasPrefix("Recorded: ") }?
                .split(separator: " ").compactMap { Int($0) }.first ?? 0
        }
    }
    print("\(setting) ms=\(fixed(fastest)) requests=\(requests) views=\(count)")
}
