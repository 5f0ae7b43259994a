// A libFuzzer target for the console-log parser and the explainer.
//
// Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address -parse-as-library`
// together with the snapshot, parsing and explaining sources, so it needs no
// package build. Each input is fed three ways (whole, in two pieces at a
// position the input chooses, and in summarizing mode, whose signatures and
// owners must be the whole read's), and the invariants
// below turn silent mistakes into crashes libFuzzer reports.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var whole: [Found] = []
    var parser = ConsoleLogParser()
    parser.consume(bytes) { whole.append(Found($0)) }
    parser.finish { whole.append(Found($0)) }

    // Lines split at a line end must give the same conflicts as one buffer;
    // the input's size picks which line end, so every one gets tried.
    let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }
    if !lineEnds.isEmpty {
        let split = lineEnds[size % lineEnds.count]
        var pieces: [Found] = []
        var streaming = ConsoleLogParser()
        streaming.consume(UnsafeBufferPointer(rebasing: bytes[0...split])) { pieces.append(Found($0)) }
        streaming.consume(UnsafeBufferPointer(rebasing: bytes[(split + 1)...])) { pieces.append(Found($0)) }
        streaming.finish { pieces.append(Found($0)) }
        check(pieces.map(\.snapshot) == whole.map(\.snapshot) && pieces.map(\.notice) == whole.map(\.notice),
              "splitting at a line end changed the conflicts")
        check(pieces == whole, "splitting at a line end changed the line numbers")
    }

    var signatures: [String] = []
    var owners: [ConflictOwner?] = []
    var summarizing = ConsoleLogParser(summarizing: true)
    let summarize = { (parsed: ParsedConflict) in
        signatures.append(parsed.signature ?? "")
        owners.append(parsed.owner)
    }
    summarizing.consume(bytes, emit: summarize)
    summarizing.finish(emit: summarize)
    // A summary counts conflicts; notices (messages that are not conflicts) are a report's only.
    let conflicts = whole.filter { $0.notice == nil }
    check(signatures == conflicts.map(\.snapshot.signature), "summarizing changed a signature")
    check(owners == conflicts.map { ConflictTriage.owner(of: $0.snapshot) }, "summarizing changed an owner")
    for (index, found) in whole.enumerated() where found.notice != nil {
        check(found.first >= 1 && found.first <= found.last, "a notice spans its lines")
        check(index == 0 || whole[index - 1].last <= found.first, "notices come in line order")
        check(found.snapshot.mutuallyExclusive.isEmpty && found.snapshot.ordinal == nil, "a notice is no conflict")
        _ = NoticeExplanation.explain(found.notice!)
    }

    // View descriptions anywhere in the input place the conflicts' views; read in two pieces cut
    // anywhere (a line cut in two is kept for the next piece), they place them the same.
    var described = ViewDescriptions()
    described.consume(bytes)
    described.finish()
    var describedInPieces = ViewDescriptions()
    describedInPieces.consume(UnsafeBufferPointer(rebasing: bytes[0..<(size / 2)]))
    describedInPieces.consume(UnsafeBufferPointer(rebasing: bytes[(size / 2)...]))
    describedInPieces.finish()

    for (index, found) in conflicts.enumerated() {
        var conflict = found.snapshot
        var placedInPieces = conflict
        described.place(&conflict)
        describedInPieces.place(&placedInPieces)
        check(conflict == placedInPieces, "reading the view descriptions in two pieces changed the placements")
        check(conflict.placements == nil || conflict.whyNotPlaced == nil, "a conflict placed says why it is not")
        for placement in conflict.placements ?? [] {
            let numbers = [placement.frame, placement.superviewFrame, placement.window].flatMap { [$0.x, $0.y, $0.width, $0.height] }
            check(numbers.allSatisfy(\.isFinite) && placement.depth >= 0, "a placement is finite, at a depth")
        }
        check(conflict.ordinal == index + 1, "ordinals are 1, 2, 3, …")
        check(found.first >= 1 && found.first <= found.last, "a conflict spans its lines")
        check(index == 0 || conflicts[index - 1].last <= found.first, "conflicts come in line order")
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

/// A conflict and where it was, as `ParsedConflict` says.
private struct Found: Equatable {
    var snapshot: ConflictSnapshot
    var notice: LayoutNotice?
    var first: Int
    var last: Int

    init(_ parsed: ParsedConflict) {
        snapshot = parsed.snapshot
        notice = parsed.notice
        first = parsed.firstLine
        last = parsed.lastLine
    }
}

/// Stops with the message in optimized builds too (a failed `precondition`
/// there only says "Illegal instruction").
private func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError("fuzz invariant: " + message) }
}
