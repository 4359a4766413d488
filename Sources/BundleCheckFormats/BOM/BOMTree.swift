/// A B+tree in a BOM store: the header a variable's block holds, and the walk over its entries.
///
/// The header is the magic `tree`, version 1, the block of the root node, the node size, the
/// number of entries and a flag byte (21 bytes; current `Assets.car` files add 8 more, which are
/// not read). The flag is 0, except 1 in an `Assets.car`'s `BITMAPKEYS`, whose keys are numbers
/// rather than blocks. The walk goes down the first child of each branch to the leftmost leaf,
/// then along the leaves' `forward` links (`BOMTreeNode`), so entries come in key order. The
/// other children of a branch it goes down through are not walked, but each must be a block of
/// the table (`BOMError.blockOutOfRange`, `nullBlock`): a lookup by key would go down them.
///
/// Hostile links cannot make the walk loop or run away: every node is visited once (a child
/// link or a forward link to a node already seen is `BOMError.treeCycle`), and the depth, the
/// entries of a node and of the tree are capped (`BOMLimits`).
package struct BOMTree: Sendable, Hashable {
    /// The block holding the header.
    package let block: UInt32
    package let root: UInt32
    /// The node size Apple allocates nodes by (4096, or 128 and 1024 for small trees).
    package let blockSize: UInt32
    /// The number of entries the header declares; the walk does not rely on it.
    package let declaredCount: UInt32
    package let flag: UInt8

    static let magic: [UInt8] = Array("tree".utf8)
    static let headerLength = 21

    /// Reads the tree header in block `id` of `source`.
    package static func read(_ source: some BOMBlockSource, block id: UInt32) throws(BOMError) -> BOMTree {
        let block = try source.block(id, part: "a tree")
        guard block.bytes.starts(with: magic) else { throw .notATree(block: id) }
        try block.require(0, headerLength)
        let version = try block.uint32(at: 4)
        guard version == 1 else { throw .unsupportedVersion(part: "tree", version: version) }
        let blockSize = try block.uint32(at: 12)
        guard blockSize > 0, UInt64(blockSize) <= UInt64(source.limits.maxTreeBlockSize) else {
            throw .treeBlockSizeOutOfRange(block: id, blockSize: blockSize, limit: source.limits.maxTreeBlockSize)
        }
        return BOMTree(block: id, root: try block.uint32(at: 8), blockSize: blockSize, declaredCount: try block.uint32(at: 16), flag: try block.uint8(at: 20))
    }

    /// Calls `body` with each entry of the leaves, in order.
    package func forEachEntry(in source: some BOMBlockSource, _ body: (BOMTreeEntry) throws(BOMError) -> Void) throws(BOMError) {
        let limits = source.limits
        var visited: Set<UInt32> = [root]
        var node = try BOMTreeNode.read(source, root)
        var depth = 0
        while !node.isLeaf {
            guard node.count > 0 else { throw .emptyBranch(block: node.block.id) }
            depth += 1
            guard depth <= limits.maxTreeDepth else { throw .treeTooDeep(limit: limits.maxTreeDepth) }
            // The walk goes down the first child only, but a lookup by key (CoreUI finding a
            // rendition) goes down whichever child's range holds the key: a child that is no
            // block of the table is damage to the branch in hand, not something to walk past.
            for index in 1..<node.count {
                _ = try source.blockLength(try node.entry(index).value, part: "a tree link")
            }
            let child = try node.entry(0).value
            guard visited.insert(child).inserted else { throw .treeCycle(block: child) }
            node = try BOMTreeNode.read(source, child)
        }
        var total = 0
        while true {
            guard total <= limits.maxTreeEntries - node.count else { throw .tooManyTreeEntries(limit: limits.maxTreeEntries) }
            total += node.count
            for index in 0..<node.count {
                try body(try node.entry(index))
            }
            guard node.forward != 0 else { return }
            guard visited.insert(node.forward).inserted else { throw .treeCycle(block: node.forward) }
            let next = try BOMTreeNode.read(source, node.forward)
            guard next.isLeaf else { throw .forwardToBranch(block: node.forward) }
            node = next
        }
    }

    /// The entries of the leaves, in order, as block ids.
    package func entries(in source: some BOMBlockSource) throws(BOMError) -> [BOMTreeEntry] {
        var entries: [BOMTreeEntry] = []
        try forEachEntry(in: source) { entry throws(BOMError) in entries.append(entry) }
        return entries
    }

    /// The entries with both ids read as blocks: the key's bytes and the value's.
    package func pairs(in source: some BOMBlockSource) throws(BOMError) -> [(key: BOMBlock, value: BOMBlock)] {
        var pairs: [(key: BOMBlock, value: BOMBlock)] = []
        try forEachEntry(in: source) { entry throws(BOMError) in
            pairs.append((try source.block(entry.key, part: "a tree key"), try source.block(entry.value, part: "a tree value")))
        }
        return pairs
    }
}
