/// The bytes of one block of a BOM store (or of one of its sections), with big-endian reads that
/// throw `BOMError.truncated` naming `part` rather than trap when a field runs past the end.
///
/// `bytes` is a slice of the buffer it came from, so reading a block copies nothing; offsets
/// given to the reads count from the block's start.
package struct BOMBlock: Sendable {
    /// The block's id in the block table (0 for a section that is not a block: header, table, variables).
    package let id: UInt32
    package let bytes: ArraySlice<UInt8>
    /// How errors name what the block holds: `block 7`, `block table`.
    let part: String

    package init(id: UInt32, bytes: ArraySlice<UInt8>, part: String? = nil) {
        self.id = id
        self.bytes = bytes
        self.part = part ?? "block \(id)"
    }

    package var count: Int { bytes.count }

    /// Whether `length` bytes from `offset` lie inside the block.
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func require(_ offset: Int, _ length: Int) throws(BOMError) {
        guard contains(offset, length) else { throw .truncated(part: part, needed: offset + length, available: bytes.count) }
    }

    package func uint8(at offset: Int) throws(BOMError) -> UInt8 {
        try require(offset, 1)
        return bytes[bytes.startIndex + offset]
    }

    package func uint16(at offset: Int) throws(BOMError) -> UInt16 {
        try require(offset, 2)
        let start = bytes.startIndex + offset
        return UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
    }

    package func uint32(at offset: Int) throws(BOMError) -> UInt32 {
        try require(offset, 4)
        let start = bytes.startIndex + offset
        return bytes[start..<(start + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    package func uint64(at offset: Int) throws(BOMError) -> UInt64 {
        try require(offset, 8)
        let start = bytes.startIndex + offset
        return bytes[start..<(start + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    package func slice(at offset: Int, count length: Int) throws(BOMError) -> ArraySlice<UInt8> {
        try require(offset, length)
        let start = bytes.startIndex + offset
        return bytes[start..<(start + length)]
    }

    /// The bytes from `offset` to the first NUL (or the block's end when there is none).
    package func cString(at offset: Int) throws(BOMError) -> ArraySlice<UInt8> {
        try require(offset, 0)
        let rest = bytes[(bytes.startIndex + offset)...]
        return rest[..<(rest.firstIndex(of: 0) ?? rest.endIndex)]
    }
}
