// MARK: - TextBytes

/// Text written as UTF-8 into one growing byte buffer, with escapes applied on the way in:
/// how `--ci` builds its results (the JUnit file, the Markdown summary, the lines it prints).
///
/// Built as a `String` with `+=`, each piece a `String` of its own, the results of a run of 640
/// signatures cost some 90M instructions (callgrind): `String.append` takes about 500 a call
/// whatever its length, and every escape made a `String` to append. Here a piece is copied in
/// one run of bytes, and the text is checked as UTF-8 once, when it is taken (`string`).
struct TextBytes {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// An empty text, with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// How many bytes are written.
    var count: Int { bytes.count }

    /// The text written.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text`.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` with `escapes` applied.
    mutating func append(_ text: String, escaping escapes: ASCIIEscapes) {
        escapes.apply(to: text, appendingTo: &bytes)
    }

    /// Applies `escapes` to what was written from `start` on: cheaper than escaping each of
    /// many short pieces as it is appended, when they seldom hold a byte to escape.
    mutating func escape(from start: Int, with escapes: ASCIIEscapes) {
        escapes.apply(to: &bytes, from: start)
    }

    /// Appends `number` in decimal.
    mutating func append(_ number: Int) {
        append(String(number))
    }

    /// Drops the bytes written after the first `count`.
    mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }
}
