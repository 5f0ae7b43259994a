// MARK: - Reading a notice

extension NoticeReader {
    /// The notice its lines describe. What cannot be read is left out, never
    /// guessed: a message cut before its view names no view.
    var notice: LayoutNotice {
        let text = joined
        var notice = LayoutNotice(kind: kind)
        switch kind {
        case .unableToInstall:
            notice.constraint = Self.constraint(after: "constraint:", in: text)
            if let view = Self.describedObject(after: "view:", in: text) {
                notice.views.append(.init(role: "added to", view: view))
            }
        case .unableToActivate:
            for (index, anchor) in Self.anchors(in: text).prefix(2).enumerated() {
                notice.views.append(.init(role: index == 0 ? "first anchor" : "second anchor", view: anchor.item,
                                          attributes: [anchor.attribute]))
            }
        case .hierarchyNotPrepared:
            notice.constraint = Self.constraint(after: "for the constraint:", in: text)
                ?? Self.constraint(after: "Constraint:", in: text)
            let roles = [("Container hierarchy:", "container"), ("View not found in container hierarchy:", "not in the container"),
                         ("That view's superview:", "its superview")]
            for (marker, role) in roles {
                if let view = Self.describedObject(after: marker, in: text) { notice.views.append(.init(role: role, view: view)) }
            }
        case .managedAutoresizing:
            notice.subject = Self.managedSubject(in: text)
            if let view = Self.describedObject(after: "View:", in: text) ?? Self.describedObject(after: "Cell:", in: text) {
                notice.views.append(.init(role: "cell", view: view))
            }
        case .ambiguousLayout:
            notice.views = lines.compactMap(Self.ambiguousView)
        }
        return notice
    }

    // MARK: - Parts

    /// The constraint printed `<…>` after the first `marker`.
    static func constraint(after marker: String, in text: String) -> ConstraintSnapshot? {
        guard let range = text.firstRange(matching: marker), let printed = bracketed(text[range.upperBound...]) else { return nil }
        return try? ConstraintLineParser.parse(String(printed))
    }

    /// The object printed `<Class: 0xADDR; …>` (a description) after the first `marker`.
    static func describedObject(after marker: String, in text: String) -> ObjectReference? {
        guard let range = text.firstRange(matching: marker) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " }
        guard rest.first == "<" else { return nil }
        return item(rest.dropFirst().prefix { $0 != ";" && $0 != ">" })
    }

    /// The `<…>` at the start of `text` (after blanks), through its matching `>`.
    static func bracketed(_ text: Substring) -> Substring? {
        let rest = text.drop { $0 == " " }
        guard rest.first == "<" else { return nil }
        var depth = 0
        for index in rest.indices {
            if rest[index] == "<" { depth += 1 }
            if rest[index] == ">" {
                depth -= 1
                if depth == 0 { return rest[...index] }
            }
        }
        return nil
    }

    /// An item as logs print it: `Class:0xADDR`, `Class: 0xADDR`, with a
    /// `'title'` perhaps; `nil` without an address.
    static func item(_ text: Substring) -> ObjectReference? {
        let body = text.drop { " <*+•|".contains($0) }
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let className = String(body[..<colon])
        let afterColon = body[body.index(after: colon)...].drop { $0 == " " }
        guard afterColon.hasPrefix("0x"), !className.isEmpty else { return nil }
        let digits = afterColon.dropFirst(2).prefix { $0.isHexDigit }
        guard let address = UInt64(digits, radix: 16) else { return nil }
        var title: String?
        let afterAddress = afterColon.dropFirst(2 + digits.count)
        if afterAddress.first == "'", let close = afterAddress.dropFirst().lastIndex(of: "'") {
            title = String(afterAddress[afterAddress.index(after: afterAddress.startIndex)..<close])
        } else if afterAddress.hasPrefix(" - \""), let close = afterAddress.dropFirst(4).firstIndex(of: "\"") {
            // A layout guide's description: `<UILayoutGuide: 0x… - "UIViewSafeAreaLayoutGuide", layoutFrame = …>`.
            title = String(afterAddress[afterAddress.index(afterAddress.startIndex, offsetBy: 4)..<close])
        }
        return ObjectReference(className: className, address: address, title: title)
    }

    /// `<NSLayoutXAxisAnchor:0x… "UIView:0x….centerX">`: each anchor's item and attribute.
    static func anchors(in text: String) -> [(item: ObjectReference, attribute: String)] {
        var found: [(item: ObjectReference, attribute: String)] = []
        let unescaped = text.replacingAll("\\\"", with: "\"")
        for range in unescaped.ranges(matching: "Anchor:0x") {
            let rest = unescaped[range.upperBound...]
            guard let open = rest.firstIndex(of: "\""), let close = rest[rest.index(after: open)...].firstIndex(of: "\"") else {
                continue
            }
            let described = rest[rest.index(after: open)..<close]
            guard let dot = described.lastIndex(of: "."), let item = item(described[..<dot]) else { continue }
            found.append((item, String(described[described.index(after: dot)...])))
        }
        return found
    }

    /// What the message says was changed: `a UICollectionViewCell that is
    /// managed by a UICollectionView`, `the contentView of a UITableViewCell`.
    static func managedSubject(in text: String) -> String? {
        guard let start = text.firstRange(matching: "property of "), let end = text.firstRange(matching: " is not supported"),
              start.upperBound <= end.lowerBound else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// One line of an `_autolayoutTrace` naming an ambiguous view, new style
    /// (`*UILabel:0x…'Title'- AMBIGUOUS LAYOUT for UILabel:0x…'Title'.minY{id: 50}, ….Height{id: 51}`)
    /// or old (`*<UIView:0x…> - AMBIGUOUS LAYOUT`).
    static func ambiguousView(_ line: String) -> LayoutNotice.NamedView? {
        guard let marker = line.firstRange(matching: "AMBIGUOUS LAYOUT") else { return nil }
        var head = line[..<marker.lowerBound]
        while let last = head.last, last == " " || last == "-" || last == ">" { head = head.dropLast() }
        guard let view = item(head) else { return nil }
        var attributes: [String] = []
        for brace in line[marker.upperBound...].ranges(matching: "{id:") {
            let before = line[marker.upperBound..<brace.lowerBound]
            if let dot = before.lastIndex(of: ".") { attributes.append(String(before[before.index(after: dot)...])) }
        }
        return .init(role: "ambiguous", view: view, attributes: attributes)
    }
}

private extension String {
    /// The string with every `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(matching: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
