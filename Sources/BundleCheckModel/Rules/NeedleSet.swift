/// Several ASCII texts looked for at once: a table of the bytes they start with, so that a
/// value is passed over in one sweep, each byte one lookup, and compared in full only where one
/// of them could start. Built for the dozens of documented secret prefixes that every C string
/// of every executable is screened for.
package struct NeedleSet: Sendable {
    package let texts: [String]
    private let needles: [[UInt8]]
    /// For each byte value, the indices in `needles` of those that start with it.
    private let byFirstByte: [[Int]]
    /// The bytes some needle starts with, as a mask: the sweep tests a bit, and touches
    /// `byFirstByte` (an array, retained on access) only where a needle could start.
    private let firstBytes: ByteClass
    /// The shortest needle: a value shorter than it holds none.
    private let shortest: Int

    /// Whether a needle counts only where it starts a word (no letter or digit right before it):
    /// `AC` in `MAC` is no Twilio SID.
    package let atWordStart: Bool
    /// A value shorter than this holds none of what is looked for (the shortest token).
    package let minimumLength: Int

    /// A value holds something looked for only with a run of at least `minimumRun` bytes of
    /// `runBytes` (a token is one run of letters, digits and a few marks; a PEM body's lines
    /// are 64): one cheap sweep turns away sentences, which have spaces every few letters.
    package let minimumRun: Int
    package let runBytes: ByteClass

    package init(_ texts: [String], atWordStart: Bool = false, minimumLength: Int = 0, minimumRun: Int = 0, runBytes: ByteClass = ByteClass("")) {
        self.texts = texts
        self.atWordStart = atWordStart
        self.minimumLength = minimumLength
        self.minimumRun = minimumRun
        self.runBytes = runBytes
        needles = texts.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var table = [[Int]](repeating: [], count: 256)
        for (index, needle) in needles.enumerated() { table[Int(needle[0])].append(index) }
        byFirstByte = table
        firstBytes = ByteClass(bytes: needles.map { $0[0] })
        shortest = needles.map(\.count).min() ?? 0
    }

    /// Whether any needle occurs in `bytes`.
    package func occursIn(utf8 bytes: ArraySlice<UInt8>) -> Bool {
        guard !needles.isEmpty, bytes.count >= max(shortest, minimumLength, minimumRun) else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            if minimumRun > 0, !Self.hasRun(of: minimumRun, runBytes, in: buffer) { return false }
            for start in 0..<buffer.count where firstBytes.contains(buffer[start]) {
                if atWordStart, start > 0, Self.isWordByte(buffer[start - 1]) { continue }
                for index in byFirstByte[Int(buffer[start])] where Self.starts(buffer, at: start, with: needles[index]) {
                    return true
                }
            }
            return false
        }
    }

    /// Whether `buffer` holds `length` bytes of `bytes` in a row. Such a run covers one of the
    /// positions `length - 1`, `2 * length - 1`, …, so only those are probed, and the run
    /// measured from there: a sentence is passed over a probe at a time.
    private static func hasRun(of length: Int, _ bytes: ByteClass, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var probe = length - 1
        while probe < buffer.count {
            if bytes.contains(buffer[probe]) {
                var start = probe
                while start > 0, bytes.contains(buffer[start - 1]) { start -= 1 }
                var end = probe + 1
                while end < buffer.count, end - start < length, bytes.contains(buffer[end]) { end += 1 }
                if end - start >= length { return true }
            }
            probe += length
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || ((byte | 0x20) >= 97 && (byte | 0x20) <= 122)
    }

    private static func starts(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, with needle: [UInt8]) -> Bool {
        guard buffer.count - start >= needle.count else { return false }
        for offset in 1..<max(1, needle.count) where buffer[start + offset] != needle[offset] { return false }
        return true
    }
}
