// MARK: - PictureText

/// How wide a picture's text is drawn, so lines can be wrapped before the
/// browser draws them: an SVG `<text>` never wraps itself, and a line too long
/// runs off the page, cut.
///
/// The title and caption are in Helvetica, or a font drawn to its widths
/// (Arial, Liberation Sans): their widths come from Helvetica's advances, with
/// `fallbackAllowance` to spare for rounding and a near fallback. Labels are
/// monospaced, so their width is a count of characters.
enum PictureText {
    /// A font the picture draws text in.
    enum Font {
        /// The title: 14 px, bold.
        case title
        /// The caption and the legend: 11 px.
        case caption

        /// Its size in pixels.
        var size: Double { self == .title ? 14 : 11 }
        /// How much wider its weight draws than the regular one.
        var weightFactor: Double { self == .title ? 1.08 : 1 }
    }

    /// The sans-serif families, metric-compatible first.
    static let sansSerifFamilies = "Helvetica,Arial,'Liberation Sans',sans-serif"
    /// The monospace families of labels; each draws a character 0.6 em wide.
    static let monospaceFamilies = "Menlo,'DejaVu Sans Mono','Liberation Mono','Courier New',monospace"
    /// How much wider than Helvetica's advances a line may draw before it is cut.
    static let fallbackAllowance = 1.05

    /// The width `text` takes in `font`, in pixels, allowing for a wider fallback font.
    static func width(of text: Substring, in font: Font) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars { thousandths += advance(of: scalar) }
        return Double(thousandths) / 1000 * font.size * font.weightFactor * fallbackAllowance
    }

    /// `text` in lines no wider than `width` pixels, broken between words; a
    /// word wider than a line on its own is broken between characters. Nothing
    /// is left out: the lines hold every word.
    static func wrapped(_ text: String, width: Double, in font: Font) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let joined = line.isEmpty ? String(word) : line + " " + word
            if self.width(of: joined[...], in: font) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            var rest = word
            while self.width(of: rest, in: font) > width, rest.count > 1 {
                var cut = rest.startIndex
                while cut < rest.endIndex,
                      self.width(of: rest[..<rest.index(after: cut)], in: font) <= width { cut = rest.index(after: cut) }
                if cut == rest.startIndex { cut = rest.index(after: cut) }  // one character wider than the line
                lines.append(String(rest[..<cut]))
                rest = rest[cut...]
            }
            line = String(rest)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A character's advance in thousandths of an em, as Helvetica draws it; a
    /// character outside ASCII counts as a full em, so it is never underestimated.
    static func advance(of scalar: Unicode.Scalar) -> Int {
        guard scalar.value >= 32, scalar.value < 127 else { return 1000 }
        return asciiAdvances[Int(scalar.value) - 32]
    }

    /// Helvetica's advance widths for the printable ASCII characters, space (32) to tilde (126).
    private static let asciiAdvances: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  //  !"#$%&'()*+,-./
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0-9 :;<=>?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @A-O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P-Z [\]^_
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // `a-o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p-z {|}~
    ]
}
