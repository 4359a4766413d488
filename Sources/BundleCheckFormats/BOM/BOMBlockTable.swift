/// A BOM store's block table: for each block id, where the block lies in the file.
///
/// The table is a count, then that many (address, length) pairs, block 0 being the null block
/// (0, 0); then the free list, a count and its pairs, which is only bounds-checked. Apple
/// allocates the table in round numbers (256 or 2730 entries), most of them (0, 0). Entries are
/// decoded when a block is asked for, so a table of a million entries costs no array of them.
package struct BOMBlockTable: Sendable {
    /// The table's bytes, its count included.
    let table: BOMBlock
    /// Entries of the table, the null block included.
    package let count: Int
    /// The file's length, which every block must lie inside.
    let fileLength: Int
    let limits: BOMLimits

    static let entryLength = 8

    /// Reads the table from its section's bytes (`section`, the range the header gives).
    package static func read(_ section: ArraySlice<UInt8>, fileLength: Int, limits: BOMLimits) throws(BOMError) -> BOMBlockTable {
        let table = BOMBlock(id: 0, bytes: section, part: "block table")
        let declared = try table.uint32(at: 0)
        guard UInt64(declared) <= UInt64(limits.maxBlocks) else { throw .tooManyBlocks(count: declared, limit: limits.maxBlocks) }
        let count = Int(declared)
        let freeListOffset = 4 + count * entryLength
        try table.require(4, count * entryLength)
        let freeCount = try BOMBlock(id: 0, bytes: section, part: "free list").uint32(at: freeListOffset)
        guard UInt64(freeCount) * UInt64(entryLength) <= UInt64(section.count - freeListOffset - 4) else {
            throw .truncated(part: "free list", needed: freeListOffset + 4 + Int(freeCount) * entryLength, available: section.count)
        }
        return BOMBlockTable(table: table, count: count, fileLength: fileLength, limits: limits)
    }

    /// Where block `id` lies in the file; `part` names what points at it when it is the null block.
    package func range(of id: UInt32, part: String) throws(BOMError) -> Range<Int> {
        guard id != 0 else { throw .nullBlock(part: part) }
        guard UInt64(id) < UInt64(count) else { throw .blockOutOfRange(id: id, count: count) }
        let entry = 4 + Int(id) * Self.entryLength
        let address = try table.uint32(at: entry)
        let length = try table.uint32(at: entry + 4)
        guard UInt64(address) + UInt64(length) <= UInt64(fileLength) else {
            throw .blockPastEnd(id: id, address: address, length: length, fileLength: fileLength)
        }
        guard UInt64(length) <= UInt64(limits.maxBlockLength) else { throw .blockTooLarge(id: id, length: length, limit: limits.maxBlockLength) }
        return Int(address)..<Int(address) + Int(length)
    }
}
