// MARK: - AutoresizingText

/// An autoresizing mask as UIKit's logs print it: `h=--& v=-&-`.
///
/// Each axis has three characters, leading margin, size, trailing margin:
/// `-` fixed, `&` flexible. With nothing flexible on an axis UIKit keeps the
/// trailing margin flexible, hence `--&` for an empty mask.
enum AutoresizingText {
    /// The text for `UIViewAutoresizing`'s raw bits (left 1, width 2, right 4,
    /// top 8, height 16, bottom 32).
    static func describe(_ rawValue: UInt) -> String {
        rawValue < 64 ? all[Int(rawValue)] : make(rawValue & 63)
    }

    /// The text of every mask, made once: reports describe every view's mask.
    private static let all = (0..<64).map { make(UInt($0)) }

    private static func make(_ rawValue: UInt) -> String {
        func axis(_ lead: UInt, _ size: UInt, _ trail: UInt) -> String {
            let flags = [lead, size, trail].map { rawValue & $0 != 0 }
            guard flags.contains(true) else { return "--&" }
            return flags.map { $0 ? "&" : "-" }.joined()
        }
        return "h=" + axis(1, 2, 4) + " v=" + axis(8, 16, 32)
    }
}
