/// One node of a BOM tree: a leaf of entries, or a branch whose entries point at its children.
///
/// A node is a 16-bit leaf flag (1 for a leaf), a 16-bit entry count, the block ids of the
/// next and previous node of its level (`forward`, `backward`; 0 for none), then the entries,
/// 8 bytes each (`BOMTreeEntry`). A branch entry's value is its child's block and its key the
/// key block of the child's last entry. The block is usually the tree's node size (Apple pads a
/// leaf to 4096 bytes), sometimes longer; its entries must fit in it.
struct BOMTreeNode {
    let block: BOMBlock
    let isLeaf: Bool
    let count: Int
    let forward: UInt32
    let backward: UInt32

    static let headerLength = 12

    static func read(_ source: some BOMBlockSource, _ id: UInt32) throws(BOMError) -> BOMTreeNode {
        let block = try source.block(id, part: "a tree link")
        let isLeaf = try block.uint16(at: 0) != 0
        let count = Int(try block.uint16(at: 2))
        guard count <= source.limits.maxEntriesPerNode else {
            throw .tooManyEntriesInNode(block: id, count: count, limit: source.limits.maxEntriesPerNode)
        }
        guard block.contains(headerLength, count * 8) else { throw .nodeTruncated(block: id, count: count, length: block.count) }
        return BOMTreeNode(block: block, isLeaf: isLeaf, count: count, forward: try block.uint32(at: 4), backward: try block.uint32(at: 8))
    }

    /// Entry `index`, which `read` has checked lies in the block.
    func entry(_ index: Int) throws(BOMError) -> BOMTreeEntry {
        let offset = Self.headerLength + index * 8
        return BOMTreeEntry(value: try block.uint32(at: offset), key: try block.uint32(at: offset + 4))
    }
}
