// MARK: - A hosting view's sizes

extension ViewLayoutDescription {
    /// The lines of a SwiftUI hosting view: its `sizingOptions`, the sizes its
    /// content gives at the unspecified proposal and at its frame, the size
    /// the constraints impose (its frame), the constraints it made, and a size
    /// that cannot land on the pixel grid.
    ///
    /// ```
    /// Hosting........UIHostingController's view; sizingOptions [] (the default)
    /// SwiftUI size...ideal 320 × 120.5; 320 × 120.5 when proposed its frame
    /// Imposed size...320 × 44 by the constraints: 76.5 less high than its content
    /// Generated......none
    /// ```
    static func writeHosting(_ view: ViewSnapshot, indent: String, into out: inout TextWriter) {
        guard let hosting = view.hosting else { return }
        for (label, value) in hostingLines(hosting, view: view) {
            out.write(indent)
            out.write(label)
            out.write(value)
            out.write("\n")
        }
    }

    /// The labelled lines, in order.
    static func hostingLines(_ h: HostingSnapshot, view: ViewSnapshot) -> [(StaticString, String)] {
        let frame = SnapshotSize(width: view.frame.width, height: view.frame.height)
        var lines: [(StaticString, String)] = [("Hosting........", (h.kind == "UIHostingController" ? "UIHostingController's view" : h.kind)
                                                    + "; " + optionsText(h))]
        var sizes = [h.idealSize.map { "ideal " + sizeText($0) } ?? "no ideal size read (NaN, negative, or no intrinsic size)"]
        if let minimum = h.minimumSize { sizes.append("minimum " + sizeText(minimum)) }
        if let maximum = h.maximumSize { sizes.append("maximum " + sizeText(maximum)) }
        var sizeLine = sizes.joined(separator: ", ")
        if let atFrame = h.sizeAtFrame { sizeLine += "; " + sizeText(atFrame) + " when proposed its frame" }
        lines.append(("SwiftUI size...", sizeLine))
        lines.append(("Imposed size...", sizeText(frame) + " by the constraints" + differenceText(h.sizeAtFrame, frame)))
        lines.append(("Generated......", generatedText(h, view: view)))
        if let grid = pixelGridText(h) { lines.append(("Pixel grid.....", grid)) }
        return lines
    }

    /// `sizingOptions [intrinsicContentSize]`, and whether it is the default.
    private static func optionsText(_ h: HostingSnapshot) -> String {
        guard let options = h.sizingOptions else { return "sizingOptions not read (before iOS 16, or on a Mac: docs/VERIFIED.md)" }
        let text = "sizingOptions [" + options.map { "." + $0 }.joined(separator: ", ") + "]"
        let standard = ["minSize", "intrinsicContentSize", "maxSize"]
        if h.kind == "UIHostingController", options.isEmpty { return text + " (the default)" }
        if h.kind == "NSHostingView", options == standard { return text + " (.standardBounds, the default)" }
        return text
    }

    /// `: 76.5 less high than its content`, or `: as its content` when they agree.
    private static func differenceText(_ content: SnapshotSize?, _ frame: SnapshotSize) -> String {
        guard let content else { return "" }
        var parts: [String] = []
        for (wide, narrow, want, got) in [("wider", "less wide", content.width, frame.width),
                                          ("higher", "less high", content.height, frame.height)]
        where abs(want - got) > 0.01 {
            parts.append(number(abs(want - got)) + " " + (got > want ? wide : narrow) + " than its content")
        }
        guard !parts.isEmpty else { return ": as its content" }
        return ": " + parts.joined(separator: " and ") + " (SwiftUI centres the content in the frame)"
    }

    /// The generated constraints by their numbers in the `Constraints` list.
    private static func generatedText(_ h: HostingSnapshot, view: ViewSnapshot) -> String {
        guard let generated = h.generatedConstraints else {
            return "not known: no public API tells its constraints from yours"
        }
        guard !generated.isEmpty else {
            return h.kind == "UIHostingController" ? "none: its intrinsic content size (Content size) stands for its content"
                : "none"
        }
        let numbers = generated.compactMap { address in
            view.constraints.firstIndex { $0.address.map(AddressCoding.text) == address }.map { String($0 + 1) }
        }
        return "\(generated.count) of its constraints below, by its sizingOptions: "
            + (numbers.count == generated.count ? numbers.joined(separator: ", ") : generated.joined(separator: ", "))
    }

    /// Why a fractional size never lands, or `nil` when every size lands.
    static func pixelGridText(_ h: HostingSnapshot) -> String? {
        guard let ideal = h.idealSize else { return nil }
        for value in [ideal.width, ideal.height] where value != value.rounded() {
            if h.isWindowContentView {
                return "ideal \(number(value)) is not a whole point, and a window's frame is: it never lands "
                    + "(a window sized to it from its own layout loops)"
            }
            let pixels = value * h.scale
            if pixels != pixels.rounded() {
                return "ideal \(number(value)) × \(number(h.scale)) = \(number(pixels)) px: not on the pixel grid, "
                    + "so the frame Auto Layout rounds to never equals it"
            }
        }
        return nil
    }

    private static func sizeText(_ s: SnapshotSize) -> String {
        (s.width < 0 ? "unbounded" : number(s.width)) + " × " + (s.height < 0 ? "unbounded" : number(s.height))
    }

    private static func number(_ value: Double) -> String { ConstraintSnapshot.number(value) }
}
