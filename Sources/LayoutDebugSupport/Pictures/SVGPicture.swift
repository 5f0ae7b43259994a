// MARK: - SVGPicture

/// Draws a `LayoutPicture` as one self-contained SVG (no network, no external
/// script or font), and pictures together as one HTML page.
///
/// Light theme that prints well. The title and caption wrap to the page and
/// are never cut (`PictureText`). Labels are drawn above every box, never over
/// one another (`LabelPlacement`); one cut to fit its box says its full name in
/// its hover title, as its box does. In a browser a click on a box collapses
/// its subtree and the wheel zooms, so a thousand views stay usable. Each line
/// is drawn from its midpoint outwards, so the midpoint is always inked, even
/// on a dashed line (tests read the colour there).
public enum SVGPicture {
    /// The margin around the drawing, in points.
    static let margin = 16.0
    /// The legend band below it.
    static let legendHeight = 28.0
    /// The narrowest page: the legend's width.
    static let minimumPageWidth = 600.0
    /// From one title line's baseline to the next.
    static let titleLineHeight = 18.0
    /// From one caption line's baseline to the next.
    static let captionLineHeight = 14.0

    /// Colours, named for what they mean.
    static let colours: [LayoutPicture.Role: String] = [.plain: "#9e9e9e", .exclusive: "#1565c0", .broken: "#d32f2f"]
    /// The stroke of an ambiguous view, purple as in Xcode.
    static let ambiguousColour = "#8e24aa"

    /// The picture as an SVG document.
    static func svg(_ picture: LayoutPicture) -> String {
        let scale = scale(of: picture.boxes)
        let picture = scaled(picture, by: scale)
        let width = max(picture.boxes.map { $0.rect.x + $0.rect.width }.max() ?? 0, 0)
        let height = max(picture.boxes.map { $0.rect.y + $0.rect.height }.max() ?? 0, 0)
        let totalWidth = max(width + 2 * margin, minimumPageWidth)
        let title = PictureText.wrapped(picture.title, width: totalWidth - 2 * margin, in: .title)
        let caption = PictureText.wrapped(picture.caption, width: totalWidth - 2 * margin, in: .caption)
        let captionTop = margin + 6 + titleLineHeight * Double(max(title.count, 1))
        let headerHeight = captionTop - margin + 10 + captionLineHeight * Double(caption.count)
        let totalHeight = headerHeight + height + legendHeight + 2 * margin
        var out = ""
        out.reserveCapacity(512 + picture.boxes.count * 500 + picture.marks.count * 300)
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(totalWidth))\" height=\"\(number(totalHeight))\" "
        out += "viewBox=\"0 0 \(number(totalWidth)) \(number(totalHeight))\" class=\"layout-picture\">\n"
        out += "<style>" + style + "</style>\n"
        out += "<rect class=\"page\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\"/>\n"
        for (index, line) in title.enumerated() {
            out += "<text class=\"title\" x=\"\(number(margin))\" y=\"\(number(margin + 6 + Double(index) * titleLineHeight))\">"
            out += escaped(line) + "</text>\n"
        }
        for (index, line) in caption.enumerated() {
            out += "<text class=\"caption\" x=\"\(number(margin))\" y=\"\(number(captionTop + Double(index) * captionLineHeight))\">"
            out += escaped(line) + "</text>\n"
        }
        out += "<g class=\"drawing\" data-scale=\"\(number(scale))\" "
        out += "transform=\"translate(\(number(margin)),\(number(margin + headerHeight)))\">\n"
        writeBoxes(picture.boxes, into: &out)
        for mark in picture.marks { writeMark(mark, into: &out) }
        out += "</g>\n"
        writeLegend(y: margin + headerHeight + height + 18, into: &out)
        // CDATA: a standalone SVG is XML, where the script's `&&` would not parse.
        out += "<script><![CDATA[" + script + "]]></script>\n"
        out += "</svg>\n"
        return out
    }

    /// Pictures on one page, each with its SVG inline.
    public static func html(_ pictures: [LayoutPicture], title: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>\(escaped(title))</title>\n"
        out += "<style>body{margin:16px;background:#fff;color:#212121;font:13px sans-serif}"
            + "figure{margin:0 0 24px}h1{font-size:16px}</style>\n</head>\n<body>\n"
        out += "<h1>\(escaped(title))</h1>\n"
        for picture in pictures { out += "<figure>\n" + svg(picture) + "</figure>\n" }
        out += "</body>\n</html>\n"
        return out
    }

    // MARK: - Pieces

    /// The smallest width a drawing is shown at: a 50-point cell is enlarged to it.
    static let minimumDrawingWidth = 320.0

    /// How much a small drawing is enlarged (1 for a screen-sized one; at most 4),
    /// from the boxes as the views have them. `data-scale` on the drawing says
    /// it, for a reader that measures: a box `w` points wide is `w × scale` pixels.
    static func scale(of boxes: [LayoutPicture.Box]) -> Double {
        let width = boxes.map { $0.rect.x + $0.rect.width }.max() ?? 0
        guard width > 0, width < minimumDrawingWidth else { return 1 }
        return min(4, minimumDrawingWidth / width)
    }

    /// The picture with every drawn coordinate multiplied by `k`: enlarged in
    /// place, so lines and text keep their size. Each box's `frame`, what its
    /// hover says, stays in points.
    private static func scaled(_ picture: LayoutPicture, by k: Double) -> LayoutPicture {
        guard k != 1 else { return picture }
        var scaled = picture
        scaled.boxes = picture.boxes.map { box in
            var box = box
            box.rect = SnapshotRect(x: box.rect.x * k, y: box.rect.y * k, width: box.rect.width * k, height: box.rect.height * k)
            return box
        }
        scaled.marks = picture.marks.map { mark in
            var mark = mark
            mark.from = .init(x: mark.from.x * k, y: mark.from.y * k)
            mark.to = .init(x: mark.to.x * k, y: mark.to.y * k)
            return mark
        }
        return scaled
    }

    /// Boxes nested by depth (pre-order), so a click can collapse a subtree; then
    /// their labels, in a layer of their own above every box, so that no box
    /// drawn later covers one. A label names its box (`data-box`), so that
    /// folding a box hides its descendants' labels too.
    private static func writeBoxes(_ boxes: [LayoutPicture.Box], into out: inout String) {
        var open = 0
        var placement = LabelPlacement()
        var labels = ""
        for (index, box) in boxes.enumerated() {
            while open > box.depth { out += "</g></g>\n"; open -= 1 }
            var classes = box.isGuide ? "view guide" : "view"
            if box.isAmbiguous { classes += " ambiguous" }
            let r = box.rect
            let address = box.reference.addressText.map { " data-address=\"\($0)\"" } ?? ""
            let hover = escaped(box.reference.bracketed + " " + FrameText.rect(box.frame)) + (box.isAmbiguous ? " (ambiguous)" : "")
            out += "<g class=\"node\" data-box=\"\(index)\"><rect class=\"\(classes)\"\(address) x=\"\(number(r.x))\" "
            out += "y=\"\(number(r.y))\" width=\"\(number(r.width))\" height=\"\(number(r.height))\"><title>\(hover)</title></rect>"
            if let (text, baseline) = label(for: box, placement: &placement) {
                labels += "<text class=\"label\" data-box=\"\(index)\" x=\"\(number(r.x + 3))\" y=\"\(number(baseline))\">"
                labels += escaped(text) + "<title>\(hover)</title></text>\n"
            }
            out += "<g class=\"children\">\n"
            open = box.depth + 1
        }
        while open > 0 { out += "</g></g>\n"; open -= 1 }
        out += "<g class=\"labels\">\n" + labels + "</g>\n"
    }

    /// A box's label as shown (cut with `…` to fit its width) and its baseline,
    /// or nil when the box has no free row for one.
    private static func label(for box: LayoutPicture.Box, placement: inout LabelPlacement) -> (String, Double)? {
        let r = box.rect
        let fits = Int((r.width - 6) / LabelPlacement.characterWidth)
        guard fits >= 2, r.height >= LabelPlacement.rowHeight else { return nil }
        let full = boxLabel(box.reference)
        let shown = full.count > fits ? String(full.prefix(fits - 1)) + "…" : full
        guard let baseline = placement.place(width: Double(shown.count) * LabelPlacement.characterWidth, in: r) else {
            return nil
        }
        return (shown, baseline)
    }

    /// What a box says: its name, else the property that holds it without its
    /// holder (`avatarView`: the box is small, and its hover title says the rest),
    /// else its class.
    static func boxLabel(_ reference: ObjectReference) -> String {
        if let name = reference.name { return name }
        if let property = reference.property, let dot = property.firstIndex(of: ".") {
            return String(property[property.index(after: dot)...])
        }
        return reference.className
    }

    /// A line or bracket, drawn from its midpoint outwards.
    private static func writeMark(_ mark: LayoutPicture.Mark, into out: inout String) {
        let (a, b) = (mark.from, mark.to)
        let mid = LayoutPicture.Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        var d = "M\(number(mid.x)) \(number(mid.y))L\(number(a.x)) \(number(a.y))"
        d += "M\(number(mid.x)) \(number(mid.y))L\(number(b.x)) \(number(b.y))"
        if mark.shape == .size {
            // Ticks at both ends, across the line.
            let horizontal = abs(b.x - a.x) >= abs(b.y - a.y)
            let (dx, dy) = horizontal ? (0.0, -4.0) : (-4.0, 0.0)
            d += "M\(number(a.x)) \(number(a.y))l\(number(dx)) \(number(dy))M\(number(b.x)) \(number(b.y))l\(number(dx)) \(number(dy))"
        }
        out += "<path class=\"mark \(mark.role.rawValue)\" data-mid=\"\(number(mid.x)) \(number(mid.y))\" d=\"\(d)\">"
        out += "<title>\(escaped(mark.hover))</title></path>\n"
    }

    private static func writeLegend(y: Double, into out: inout String) {
        let items: [(String, String)] = [("plain", "constraint"), ("exclusive", "in the conflict"),
                                         ("broken", "broken by the engine")]
        var x = margin
        out += "<g class=\"legend\">"
        for (role, text) in items {
            out += "<path class=\"mark \(role)\" d=\"M\(number(x)) \(number(y - 4))h24\"/>"
            out += "<text class=\"key\" x=\"\(number(x + 30))\" y=\"\(number(y))\">\(text)</text>"
            x += 150
        }
        out += "<rect class=\"view ambiguous\" x=\"\(number(x))\" y=\"\(number(y - 10))\" width=\"20\" height=\"12\"/>"
        out += "<text class=\"key\" x=\"\(number(x + 26))\" y=\"\(number(y))\">ambiguous view</text></g>\n"
    }

    private static let style = ".page{fill:#fff}"
        + "text{font-family:" + PictureText.sansSerifFamilies + ";fill:#212121}"
        + ".title{font-size:14px;font-weight:bold}.caption,.key{font-size:11px}"
        // A white halo keeps a label readable where it crosses a box's outline.
        + ".label{font-family:" + PictureText.monospaceFamilies + ";font-size:10px;fill:#37474f;"
        + "stroke:#fff;stroke-width:3px;stroke-opacity:0.8;paint-order:stroke;stroke-linejoin:round}"
        + ".view{fill:#f5f7fa;fill-opacity:0.6;stroke:#546e7a;stroke-width:1}.guide{fill:none;stroke-dasharray:3 2}"
        + ".ambiguous{stroke:" + ambiguousColour + ";stroke-width:2;fill:#f3e5f5}"
        + ".mark{fill:none;stroke-linecap:butt}"
        + ".plain{stroke:" + colours[.plain]! + ";stroke-width:1}"
        + ".exclusive{stroke:" + colours[.exclusive]! + ";stroke-width:2}"
        + ".broken{stroke:" + colours[.broken]! + ";stroke-width:3;stroke-dasharray:6 3}"
        + ".collapsed>.children{display:none}.collapsed>rect{stroke-dasharray:2 2}"

    /// Click a box (or its label) to collapse its subtree, its labels with it;
    /// the wheel zooms around the pointer.
    private static let script = """
    (function(){var s=document.currentScript&&document.currentScript.parentNode;if(!s||!s.querySelector)return;\
    var g=s.querySelector('.drawing');if(!g)return;var k=1,nodes={};\
    s.querySelectorAll('.node').forEach(function(n){nodes[n.getAttribute('data-box')]=n;});\
    function sync(){s.querySelectorAll('.labels>text').forEach(function(t){var n=nodes[t.getAttribute('data-box')];\
    t.style.display=n&&n.parentNode.closest('.collapsed')?'none':'';});}\
    s.addEventListener('click',function(e){if(!e.target.closest)return;var t=e.target.closest('.label');\
    var n=t?nodes[t.getAttribute('data-box')]:e.target.closest('.node');\
    if(n){n.classList.toggle('collapsed');sync();e.stopPropagation();}});\
    s.addEventListener('wheel',function(e){if(!e.ctrlKey&&!e.altKey)return;e.preventDefault();\
    k=Math.min(8,Math.max(0.25,k*(e.deltaY<0?1.1:1/1.1)));\
    g.setAttribute('transform',g.getAttribute('transform').replace(/ scale\\([^)]*\\)/,'')+' scale('+k+')');},{passive:false});})();
    """

    /// A number without a trailing `.0`, at most two decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// Text safe inside an element or an attribute.
    static func escaped(_ text: String) -> String {
        xmlText.apply(to: text)
    }

    private static let xmlText = ASCIIEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
}
