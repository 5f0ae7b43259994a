// A libFuzzer target for the console-log parser and the explainer.
//
// Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address -parse-as-library`
// together with the snapshot, parsing and explaining sources, so it needs no
// package build. Each input is fed three ways (whole, in two pieces at a
// position the input chooses, and in summarizing mode), and the invariants
// below turn silent mistakes into crashes libFuzzer reports.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var whole: [ConflictSnapshot] = []
    var parser = ConsoleLogParser()
    parser.consume(bytes) { whole.append($0.snapshot) }
    parser.finish { whole.append($0.snapshot) }

    // Lines split at a line end must give the same conflicts as one buffer;
    // the input's size picks which line end, so every one gets tried.
    let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }
    if !lineEnds.isEmpty {
        let split = lineEnds[size % lineEnds.count]
        var pieces: [ConflictSnapshot] = []
        var streaming = ConsoleLogParser()
        streaming.consume(UnsafeBufferPointer(rebasing: bytes[0...split])) { pieces.append($0.snapshot) }
        streaming.consume(UnsafeBufferPointer(rebasing: bytes[(split + 1)...])) { pieces.append($0.snapshot) }
        streaming.finish { pieces.append($0.snapshot) }
        check(pieces == whole, "splitting at a line end changed the conflicts")
    }

    var signatures: [String] = []
    var summarizing = ConsoleLogParser(summarizing: true)
    summarizing.consume(bytes) { signatures.append($0.signature ?? "") }
    summarizing.finish { signatures.append($0.signature ?? "") }
    check(signatures == whole.map(\.signature), "summarizing changed a signature")

    for (index, conflict) in whole.enumerated() {
        check(conflict.ordinal == index + 1, "ordinals are 1, 2, 3, …")
        // Small conflicts only: the explainer is quadratic in solver runs by design.
        if conflict.mutuallyExclusive.count <= 12 {
            let explanation = ConflictExplainer.explain(conflict)
            if explanation.verdict == .contradiction {
                check((explanation.sum ?? 0) < 0, "a contradiction sums to a negative number")
            }
            _ = explanation.text
        }
    }
    return 0
}

/// Stops with the message in optimized builds too (a failed `precondition`
/// there only says "Illegal instruction").
private func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError("fuzz invariant: " + message) }
}
