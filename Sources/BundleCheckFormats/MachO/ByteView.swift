/// Bounds-checked integers and strings out of bytes already read; nil rather than a trap
/// when a field would run past the end.
struct ByteView {
    let bytes: [UInt8]
    /// Where offset 0 lies in `bytes`: a view of one blob inside a larger buffer, without a copy.
    private let base: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.base = 0
        self.count = bytes.count
    }

    /// The part `range` of `bytes` (clamped to them), offsets counted from its start.
    init(_ bytes: [UInt8], range: Range<Int>) {
        let range = range.clamped(to: 0..<bytes.count)
        self.bytes = bytes
        self.base = range.lowerBound
        self.count = range.count
    }

    let count: Int

    func uint32LE(at offset: Int) -> UInt32? {
        guard let raw = rawBytes(at: offset, count: 4) else { return nil }
        return raw.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    func uint32BE(at offset: Int) -> UInt32? {
        guard let raw = rawBytes(at: offset, count: 4) else { return nil }
        return raw.reduce(0) { $0 << 8 | UInt32($1) }
    }

    func uint64LE(at offset: Int) -> UInt64? {
        guard let raw = rawBytes(at: offset, count: 8) else { return nil }
        return raw.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    func uint64BE(at offset: Int) -> UInt64? {
        guard let raw = rawBytes(at: offset, count: 8) else { return nil }
        return raw.reduce(0) { $0 << 8 | UInt64($1) }
    }

    func int32LE(at offset: Int) -> Int32? {
        uint32LE(at: offset).map { Int32(bitPattern: $0) }
    }

    func int32BE(at offset: Int) -> Int32? {
        uint32BE(at: offset).map { Int32(bitPattern: $0) }
    }

    /// The bytes from `offset` up to the first NUL, stopping at `end`; nil when
    /// `offset` is out of range or, with `requiringTerminator`, no NUL comes before `end`.
    func cString(at offset: Int, end: Int, requiringTerminator: Bool) -> String? {
        let end = min(end, count)
        guard offset >= 0, offset <= end else { return nil }
        let terminator = bytes[base + offset..<base + end].firstIndex(of: 0)
        if terminator == nil && requiringTerminator { return nil }
        return String(validating: bytes[base + offset..<(terminator ?? base + end)], as: UTF8.self)
    }

    /// A fixed-size name field such as a segment name: up to 16 bytes, NUL-padded.
    func fixedName(at offset: Int, length: Int) -> String? {
        guard let raw = rawBytes(at: offset, count: length) else { return nil }
        let name = raw.prefix { $0 != 0 }
        return String(validating: name, as: UTF8.self)
    }

    func subrange(at offset: Int, count length: Int) -> [UInt8]? {
        rawBytes(at: offset, count: length).map(Array.init)
    }

    private func rawBytes(at offset: Int, count length: Int) -> ArraySlice<UInt8>? {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
        return bytes[base + offset..<(base + offset + length)]
    }
}
