/// Little-endian reads over the bytes of a catalog's block (CoreUI writes its own structures
/// little-endian inside the big-endian BOM store), each bounds-checked: a field past the end
/// throws `AssetCatalogError.truncated` naming `part` and `block` rather than trap.
///
/// Offsets count from the start of `bytes`, whatever its indices.
struct CARBytes {
    let bytes: ArraySlice<UInt8>
    let block: UInt32
    let part: String

    init(_ bytes: ArraySlice<UInt8>, block: UInt32, part: String) {
        self.bytes = bytes
        self.block = block
        self.part = part
    }

    init(_ block: BOMBlock, part: String) {
        self.init(block.bytes, block: block.id, part: part)
    }

    var count: Int { bytes.count }

    func require(_ offset: Int, _ length: Int) throws(AssetCatalogError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw .truncated(part: part, block: block, needed: offset.addingReportingOverflow(length).partialValue, available: bytes.count)
        }
    }

    func uint16(at offset: Int) throws(AssetCatalogError) -> UInt16 {
        try require(offset, 2)
        let start = bytes.startIndex + offset
        return UInt16(bytes[start]) | UInt16(bytes[start + 1]) << 8
    }

    func uint32(at offset: Int) throws(AssetCatalogError) -> UInt32 {
        try require(offset, 4)
        let start = bytes.startIndex + offset
        return bytes[start..<(start + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    func uint64(at offset: Int) throws(AssetCatalogError) -> UInt64 {
        try require(offset, 8)
        let start = bytes.startIndex + offset
        return bytes[start..<(start + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    func float32(at offset: Int) throws(AssetCatalogError) -> Float {
        Float(bitPattern: try uint32(at: offset))
    }

    func slice(at offset: Int, count length: Int) throws(AssetCatalogError) -> ArraySlice<UInt8> {
        try require(offset, length)
        let start = bytes.startIndex + offset
        return bytes[start..<(start + length)]
    }

    /// A fixed-size text field: its bytes up to the first NUL, decoded as UTF-8 (lossily:
    /// these are names for people, never looked up).
    func text(at offset: Int, count length: Int) throws(AssetCatalogError) -> String {
        let field = try slice(at: offset, count: length)
        return String(decoding: field[..<(field.firstIndex(of: 0) ?? field.endIndex)], as: UTF8.self)
    }

    /// Requires the four bytes at `offset` to be `tag` as CoreUI writes it: a big-endian
    /// four-character code stored little-endian, so `CTSI` lies in the file as `ISTC`.
    func requireTag(_ tag: String, at offset: Int = 0) throws(AssetCatalogError) {
        let found = Array(try slice(at: offset, count: 4))
        guard found == Array(tag.utf8.reversed()) else { throw .wrongTag(part: part, block: block, expected: tag, found: found.reversed()) }
    }

    /// Requires the bytes at `offset` to be `tag` in file order (`EXTENDED_METADATA`'s `META`
    /// is written so, unlike the little-endian tags).
    func requireLiteral(_ tag: String, at offset: Int = 0) throws(AssetCatalogError) {
        let found = Array(try slice(at: offset, count: tag.utf8.count))
        guard found == Array(tag.utf8) else { throw .wrongTag(part: part, block: block, expected: tag, found: found) }
    }

    /// Whether the four bytes at `offset` are `tag` (stored reversed, as `requireTag` reads it).
    func hasTag(_ tag: String, at offset: Int = 0) -> Bool {
        guard let found = try? slice(at: offset, count: 4) else { return false }
        return found.elementsEqual(tag.utf8.reversed())
    }
}
