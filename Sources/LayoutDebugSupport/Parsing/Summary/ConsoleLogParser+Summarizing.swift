#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Summarizing

extension ConsoleLogParser {
    mutating func keep(_ text: ByteText, _ start: Int, _ end: Int, _ kind: PendingLines.Kind) {
        let offset = pending.bytes.count
        pending.bytes.append(contentsOf: UnsafeBufferPointer(start: text.base + start, count: end - start))
        pending.lines.append((offset, pending.bytes.count, kind))
    }

    /// Signs the conflict from the kept lines, each read once per distinct
    /// text apart from addresses (`ConflictLineCache`), and fills `conflict`'s
    /// envelope (not its constraints: a summary counts signatures and
    /// owners, and copying constraints was a fifth of its cost). Returns the
    /// signature, the owner, and the id of the conflict's lines taken
    /// together (`nil` when a line was read in full, so the conflict cannot
    /// share one).
    mutating func resolvePending() -> (signature: String, owner: ConflictOwner, shape: Int?) {
        guard let shapes = caches?.shapes else { preconditionFailure("kept lines without a shape cache") }
        readPendingLines()
        let matched = brokenMatch()
        // The envelope's repairs (a stray `}`, elisions) are not in the kept
        // lines, so they join the key: a cached snapshot carries them.
        let key = shapes.key(readings, matched: matched, droppedLines: droppedLines, envelope: conflict.repairs)
        if let key, let entry = shapes.lookup(key) {
            conflict = entry.snapshot
            return (entry.signature, entry.owner, entry.shape)
        }
        let (signature, owner) = sign(matched: matched)
        guard let key else { return (signature, owner, nil) }
        // A conflict with a line met for the first time is seldom met again
        // (an identifier or title of its own makes the line new), and nor is
        // one whose lines name identifiers of their own (`cell-0x7f3a-12`), so
        // a conflict gets an id but is not kept until its key comes a second
        // time: the table holds conflicts seen twice, and one that does come
        // again is signed once more, then kept.
        guard !readings.indices.contains(where: { readings[$0].isFirstSeen }), shapes.isSecondSighting(key) else {
            return (signature, owner, shapes.newShape())
        }
        let entry = ConflictShapeCache.Entry(snapshot: conflict, signature: signature, owner: owner, shape: 0)
        return (signature, owner, shapes.store(key, entry))
    }

    /// Reads every kept line into `readings`, each from the line cache when it can.
    private mutating func readPendingLines() {
        readings.removeAll(keepingCapacity: true)
        // A copy that shares `pending`'s storage: reading a line changes the
        // parser, which may not happen while its own storage is being read.
        pending.bytes.append(0)
        defer { pending.bytes.removeLast() }
        let bytes = pending.bytes
        bytes.withUnsafeBufferPointer { buffer in
            let text = ByteText(base: buffer.baseAddress!, count: buffer.count - 1)
            for line in pending.lines {
                if line.kind == .stray {
                    readings.append(unshared(LineReading(unparsed: text.string(line.start, line.end)), kind: .stray))
                } else {
                    readings.append(reading(text, line.start, line.end, kind: line.kind))
                }
            }
        }
    }

    /// One line's reading: shared when a line with its key was read and
    /// verified, read now (and kept unverified) when none was.
    private mutating func reading(_ text: ByteText, _ start: Int, _ end: Int,
                                  kind: PendingLines.Kind) -> KeptReading {
        guard let lines = caches?.lines else { preconditionFailure("kept lines without a line cache") }
        let key = lines.key(text, start, end)
        let ownIdentifier = lines.identifier
        switch lines.lookup(key) {
        case .line(let line)?:
            if let bytes = line.unverifiedBytes {
                guard verifies(line, bytes: bytes, identifier: ownIdentifier != nil) else {
                    lines.storeReadInFull(key)
                    return readInFull(text, start, end, kind: kind)
                }
                line.unverifiedBytes = nil
            }
            let identifier = ownIdentifier.flatMap { differing(text, $0.start, $0.end, from: line.reading) }
            return KeptReading(line: line, kind: kind, isShared: true, identifier: identifier,
                               address: address(of: line))
        case .readInFull?:
            return readInFull(text, start, end, kind: kind)
        case nil:
            let reading = readAlone(text, start, end)
            let address = reading.constraint?.address
            guard reading.unparsed == nil else { return unshared(reading, kind: kind) }
            // A shared identifier is replaced by each line's own text, so it must be read as that text.
            guard ownIdentifier.map({ differing(text, $0.start, $0.end, from: reading) == nil }) ?? true else {
                lines.storeReadInFull(key)
                return unshared(reading, kind: kind)
            }
            let source = Self.addressSource(address, values: lines.values.elements)
            let bytes = Array(UnsafeBufferPointer(start: text.base + start, count: end - start))
            let line = lines.storeUnverified(key, reading: reading, address: source, bytes: bytes)
            return KeptReading(line: line, kind: kind, isShared: true, isFirstSeen: true, address: address)
        }
    }

    /// The identifier spelled at `start..<end`, or `nil` when `reading`'s
    /// constraint has that one already: the common case is compared byte
    /// by byte, without making a string.
    private func differing(_ text: ByteText, _ start: Int, _ end: Int, from reading: LineReading) -> String? {
        if var shared = reading.identifier {
            let same = shared.withUTF8 { bytes in
                bytes.count == end - start && memcmp(bytes.baseAddress!, text.base + start, bytes.count) == 0
            }
            if same { return nil }
        }
        return interner.string(text, start, end)
    }

    private mutating func readInFull(_ text: ByteText, _ start: Int, _ end: Int,
                                     kind: PendingLines.Kind) -> KeptReading {
        unshared(readAlone(text, start, end), kind: kind)
    }

    /// A reading that belongs to this conflict alone.
    private func unshared(_ reading: LineReading, kind: PendingLines.Kind) -> KeptReading {
        let line = ConflictLineCache.Line(id: 0, reading: reading, address: .none, unverifiedBytes: nil)
        return KeptReading(line: line, kind: kind, isShared: false, address: reading.constraint?.address)
    }

    /// The current line's constraint address, from its own address runs.
    private func address(of line: ConflictLineCache.Line) -> UInt64? {
        switch line.address {
        case .none: return nil
        case .run(let index): return caches?.lines.values[index]
        case .fixed(let value): return value
        }
    }

    private static func addressSource(_ address: UInt64?,
                                      values: UnsafeBufferPointer<UInt64>) -> ConflictLineCache.AddressSource {
        guard let address else { return .none }
        return values.firstIndex(of: address).map { .run($0) } ?? .fixed(address)
    }

    /// Whether a line read once reads the same with every address and plain
    /// title changed, its own constraint address included from the same run;
    /// and, when its key leaves out its identifier, with that changed too and
    /// read as the changed text.
    private mutating func verifies(_ line: ConflictLineCache.Line, bytes: [UInt8], identifier: Bool) -> Bool {
        var changed = bytes.withUnsafeBufferPointer { buffer in
            AddressRuns.changedLine(ByteText(base: buffer.baseAddress!, count: buffer.count), 0, buffer.count)
        }
        return ByteText.withTerminated(&changed) { text, count in
            let reading = readAlone(text, 0, count)
            var values: [UInt64] = []
            AddressRuns.forEach(in: text, 0, count) { runStart, runEnd, value, _ in
                if runEnd - runStart <= AddressRuns.longest { values.append(value) }
            }
            if identifier {
                let changed = line.reading.constraint?.identifier.map { old in
                    String(decoding: old.utf8.map(QuotedParameters.next) + [UInt8(ascii: "a")], as: UTF8.self)
                }
                guard changed != nil, reading.constraint?.identifier == changed else { return false }
            }
            return reading.isSame(apartFromParameters: line.reading, identifier: identifier)
                && values.withUnsafeBufferPointer { Self.addressSource(reading.constraint?.address, values: $0) }
                    == line.address
        }
    }

    /// Reads one line as `record` would into an empty conflict.
    private mutating func readAlone(_ text: ByteText, _ start: Int, _ end: Int) -> LineReading {
        let reading = conflict
        defer { conflict = reading }
        conflict = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [])
        record(text, start, end, isBroken: false)
        let constraint = conflict.mutuallyExclusive.first.map { constraint in
            appModules.isEmpty
                ? constraint : constraint.renamingClasses { AppModuleNames.shortened($0, modules: appModules) }
        }
        return LineReading(constraint: constraint, unparsed: conflict.unparsedLines.first,
                           isRedacted: conflict.isRedacted, repairs: conflict.repairs)
    }

    /// The index in `readings` of the listed constraint the broken line
    /// names: the first before it with its address and class, as `record`
    /// matches them.
    private func brokenMatch() -> Int? {
        guard let last = readings.indices.last, readings[last].kind == .broken,
              let broken = readings[last].className, let address = readings[last].address else { return nil }
        // By index, each field read in place: a reading copied out costs
        // two retains and releases, and a conflict reads its lines several times.
        for index in 0..<last where readings[index].kind == .listed && readings[index].address == address
            && readings[index].className == broken {
            return index
        }
        return nil
    }

    /// Signs the conflict from its lines' readings, gathers their owner
    /// evidence, and adds what they say of the envelope (repairs, redaction,
    /// unreadable text) to `conflict`.
    private mutating func sign(matched: Int?) -> (signature: String, owner: ConflictOwner) {
        var listedShapes: [String] = []
        var brokenShape: String?
        var evidence = OwnerEvidence()
        // The listed line the broken one names is met first (`brokenMatch` looks before it); its shape is kept.
        var matchedShape: String?
        listedShapes.reserveCapacity(readings.count)
        for index in readings.indices {
            let reading = readings[index].line.reading
            if let repairs = reading.repairs { noteRepairs { $0.add(repairs) } }
            if reading.isRedacted { conflict.isRedacted = true }
            if let unparsed = reading.unparsed { conflict.unparsedLines.append(unparsed) }
            // A reading has a shape when it has a constraint; asking for the constraint would copy it.
            guard let shape = reading.shape(identifier: readings[index].identifier) else { continue }
            if index == matched { matchedShape = shape }
            // The broken constraint is the listed one it names, as a full read records it.
            let isBroken = readings[index].kind == .broken
            let named = isBroken ? matched ?? index : index
            let namedReading = readings[named].line.reading
            if let found = namedReading.ownerEvidence(identifier: readings[named].identifier) { evidence.add(found) }
            if isBroken {
                brokenShape = named == index ? shape : matchedShape
            } else {
                listedShapes.append(shape)
            }
        }
        if droppedLines > 0 { conflict.unparsedLines.append("(\(droppedLines) more constraint lines not kept)") }
        return (ConflictSnapshot.signature(listedShapes: listedShapes, brokenShape: brokenShape), evidence.owner)
    }
}
