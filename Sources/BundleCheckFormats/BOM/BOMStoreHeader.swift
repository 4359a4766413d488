/// The first 32 bytes of a BOM store: where its block table and its named variables lie.
///
/// Big-endian throughout: the magic `BOMStore`, version 1, the number of non-null blocks, then
/// the block table's offset and length and the variables' offset and length. Apple pads the
/// header to 512 bytes; nothing past the first 32 is read. A reader that fetches byte ranges
/// (an `Assets.car` deep in a zip) reads these 32 bytes first, then `indexRange` and
/// `variablesRange`, then the blocks it wants.
package struct BOMStoreHeader: Sendable, Hashable {
    /// What the header says; the block table itself is what is trusted.
    package let nonNullBlockCount: UInt32
    package let indexRange: Range<Int>
    package let variablesRange: Range<Int>

    package static let length = 32
    static let magic: [UInt8] = Array("BOMStore".utf8)

    /// Reads the header from the file's first bytes (`prefix`, at least 32 of them) and checks
    /// that both sections it names lie inside a file of `fileLength` bytes.
    package static func read(_ prefix: ArraySlice<UInt8>, fileLength: Int) throws(BOMError) -> BOMStoreHeader {
        guard prefix.starts(with: magic) else {
            if magic.starts(with: prefix) && !prefix.isEmpty { throw .truncated(part: "header", needed: length, available: prefix.count) }
            throw .notBOMStore
        }
        let block = BOMBlock(id: 0, bytes: prefix, part: "header")
        let version = try block.uint32(at: 8)
        guard version == 1 else { throw .unsupportedVersion(part: "store", version: version) }
        let blocks = try block.uint32(at: 12)
        let index = try section("block table", block, at: 16, fileLength: fileLength)
        let variables = try section("variables", block, at: 24, fileLength: fileLength)
        return BOMStoreHeader(nonNullBlockCount: blocks, indexRange: index, variablesRange: variables)
    }

    private static func section(_ part: String, _ header: BOMBlock, at offset: Int, fileLength: Int) throws(BOMError) -> Range<Int> {
        let start = try header.uint32(at: offset)
        let count = try header.uint32(at: offset + 4)
        guard UInt64(start) + UInt64(count) <= UInt64(fileLength) else {
            throw .sectionOutOfFile(part: part, offset: start, length: count, fileLength: fileLength)
        }
        return Int(start)..<Int(start) + Int(count)
    }
}
