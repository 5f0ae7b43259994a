// MARK: - A hosting view's sizes

extension SnapshotJSON {
    /// `,"hosting":{…}`, in `HostingSnapshot`'s declaration order, `nil` fields left out;
    /// each size is `[width,height]`, as a view's intrinsic size is.
    static func writeHosting(_ h: HostingSnapshot, into out: inout TextWriter) {
        out.write(",\"hosting\":{\"kind\":")
        out.writeJSONString(h.kind)
        if let options = h.sizingOptions {
            out.write(",\"sizingOptions\":")
            writeStrings(options, into: &out)
        }
        for (key, size) in [("idealSize", h.idealSize), ("sizeAtFrame", h.sizeAtFrame),
                            ("minimumSize", h.minimumSize), ("maximumSize", h.maximumSize)] {
            guard let size else { continue }
            out.write(",\"")
            out.write(key)
            out.write("\":[")
            out.writeJSONNumber(size.width)
            out.write(",")
            out.writeJSONNumber(size.height)
            out.write("]")
        }
        if let generated = h.generatedConstraints {
            out.write(",\"generatedConstraints\":")
            writeStrings(generated, into: &out)
        }
        out.write(",\"scale\":")
        out.writeJSONNumber(h.scale)
        out.write(",\"isWindowContentView\":")
        writeBool(h.isWindowContentView, into: &out)
        out.write("}")
    }
}
