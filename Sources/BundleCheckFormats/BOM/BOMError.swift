/// Why the bytes of a file are not a BOM store (or a tree, or an installer `Bom`'s paths) that
/// can be read; `description` is a lowercase phrase naming the part at fault.
package enum BOMError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file does not start with `BOMStore`.
    case notBOMStore
    /// A version other than 1 in the store's header (`part` "store") or a tree's (`part` "tree").
    case unsupportedVersion(part: String, version: UInt32)
    /// A fixed-size field runs past the end of what holds it: the file, the block table, a block.
    case truncated(part: String, needed: Int, available: Int)
    /// The header places the block table or the variables outside the file.
    case sectionOutOfFile(part: String, offset: UInt32, length: UInt32, fileLength: Int)
    /// More entries in the block table than `BOMLimits.maxBlocks`.
    case tooManyBlocks(count: UInt32, limit: Int)
    /// More named variables than `BOMLimits.maxVariables`.
    case tooManyVariables(count: UInt32, limit: Int)
    /// A variable's name is not UTF-8.
    case malformedVariableName(index: Int)
    /// No variable of this name.
    case missingVariable(String)
    /// Block 0 is the null block: nothing that must be read may point at it.
    case nullBlock(part: String)
    /// A block id past the end of the block table.
    case blockOutOfRange(id: UInt32, count: Int)
    /// A block whose address and length reach past the end of the file.
    case blockPastEnd(id: UInt32, address: UInt32, length: UInt32, fileLength: Int)
    /// A block longer than `BOMLimits.maxBlockLength`.
    case blockTooLarge(id: UInt32, length: UInt32, limit: Int)
    /// A variable's block that does not start with `tree`.
    case notATree(block: UInt32)
    /// A tree whose declared node size is 0 or above `BOMLimits.maxTreeBlockSize`.
    case treeBlockSizeOutOfRange(block: UInt32, blockSize: UInt32, limit: Int)
    /// A node whose entries do not fit in its block.
    case nodeTruncated(block: UInt32, count: Int, length: Int)
    /// A node of more entries than `BOMLimits.maxEntriesPerNode`.
    case tooManyEntriesInNode(block: UInt32, count: Int, limit: Int)
    /// A branch node without entries: it has no leftmost child to go down to.
    case emptyBranch(block: UInt32)
    /// A leaf's `forward` link that leads to a branch node.
    case forwardToBranch(block: UInt32)
    /// More levels of branch nodes above the leaves than `BOMLimits.maxTreeDepth`.
    case treeTooDeep(limit: Int)
    /// More entries in one tree than `BOMLimits.maxTreeEntries`.
    case tooManyTreeEntries(limit: Int)
    /// A node reached twice, by a child link or along the leaf chain.
    case treeCycle(block: UInt32)
    /// A `Paths` entry, path information or `BomInfo` block too short for its fields, or of a
    /// shape the format does not allow (`detail` says which).
    case malformedPath(block: UInt32, detail: String)
    /// A path type other than file (1), directory (2), link (3) and device (4).
    case unknownPathType(block: UInt32, type: UInt8)
    /// Two `Paths` entries with the same path id.
    case duplicatePathID(UInt32)
    /// An entry whose parent id is no entry's path id.
    case missingParent(pathID: UInt32, parentID: UInt32)
    /// An entry that is its own ancestor.
    case parentLoop(pathID: UInt32)
    /// An entry more than `BOMLimits.maxPathDepth` parents deep.
    case pathTooDeep(pathID: UInt32, limit: Int)
    /// A full path longer than `BOMLimits.maxPathLength` bytes.
    case pathTooLong(pathID: UInt32, limit: Int)
    /// A store read from a stream (`BOMStreamedStore`) was asked for a block no pass has kept:
    /// the caller fetches it and asks again.
    case notFetched(block: UInt32)
    /// The stream ended before the length its listing declared.
    case streamEnded(at: Int, declaredLength: Int)
    /// Keeping what was asked for would hold more than the streamed store's cap.
    case tooMuchKept(bytes: Int, limit: Int)
    /// Reading the parts asked for took more passes over the stream than the cap.
    case tooManyPasses(limit: Int)

    package var description: String {
        switch self {
        case .notBOMStore:
            "not a BOM store (it does not start with \"BOMStore\")"
        case .unsupportedVersion(let part, let version):
            "a BOM \(part) of version \(version) (only version 1 is known)"
        case .truncated(let part, let needed, let available):
            "a truncated BOM store (the \(part) needs \(needed) bytes, \(available) are there)"
        case .sectionOutOfFile(let part, let offset, let length, let fileLength):
            "a malformed BOM store (the \(part) at offset \(offset), \(length) bytes long, lies past the file's \(fileLength) bytes)"
        case .tooManyBlocks(let count, let limit):
            "a BOM store of \(count) blocks, more than \(limit)"
        case .tooManyVariables(let count, let limit):
            "a BOM store of \(count) variables, more than \(limit)"
        case .malformedVariableName(let index):
            "a malformed BOM store (the name of variable \(index) is not UTF-8)"
        case .missingVariable(let name):
            "a BOM store without the variable \"\(name)\""
        case .nullBlock(let part):
            "a malformed BOM store (the \(part) points at the null block 0)"
        case .blockOutOfRange(let id, let count):
            "a malformed BOM store (block \(id) is past the block table's \(count) entries)"
        case .blockPastEnd(let id, let address, let length, let fileLength):
            "a malformed BOM store (block \(id) at offset \(address), \(length) bytes long, runs past the file's \(fileLength) bytes)"
        case .blockTooLarge(let id, let length, let limit):
            "a BOM store whose block \(id) is \(length) bytes long, more than \(limit)"
        case .notATree(let block):
            "a malformed BOM tree (block \(block) does not start with \"tree\")"
        case .treeBlockSizeOutOfRange(let block, let blockSize, let limit):
            "a malformed BOM tree (the tree in block \(block) declares nodes of \(blockSize) bytes, outside 1...\(limit))"
        case .nodeTruncated(let block, let count, let length):
            "a malformed BOM tree (the node in block \(block) claims \(count) entries, more than its \(length) bytes hold)"
        case .tooManyEntriesInNode(let block, let count, let limit):
            "a BOM tree whose node in block \(block) has \(count) entries, more than \(limit)"
        case .emptyBranch(let block):
            "a malformed BOM tree (the branch node in block \(block) has no entries)"
        case .forwardToBranch(let block):
            "a malformed BOM tree (a leaf's forward link leads to the branch node in block \(block))"
        case .treeTooDeep(let limit):
            "a BOM tree more than \(limit) levels deep"
        case .tooManyTreeEntries(let limit):
            "a BOM tree of more than \(limit) entries"
        case .treeCycle(let block):
            "a malformed BOM tree (its node in block \(block) is reached twice: a loop)"
        case .malformedPath(let block, let detail):
            "a malformed Bom (block \(block): \(detail))"
        case .unknownPathType(let block, let type):
            "a malformed Bom (the path information in block \(block) has the unknown type \(type))"
        case .duplicatePathID(let id):
            "a malformed Bom (two paths have the id \(id))"
        case .missingParent(let pathID, let parentID):
            "a malformed Bom (path \(pathID) names the parent \(parentID), which is no path)"
        case .parentLoop(let pathID):
            "a malformed Bom (path \(pathID) is its own ancestor)"
        case .pathTooDeep(let pathID, let limit):
            "a Bom whose path \(pathID) is more than \(limit) directories deep"
        case .pathTooLong(let pathID, let limit):
            "a Bom whose path \(pathID) is longer than \(limit) bytes"
        case .notFetched(let block):
            "block \(block) of the BOM store has not been read"
        case .streamEnded(let offset, let declaredLength):
            "a truncated BOM store (its bytes end at offset \(offset), its listing declares \(declaredLength))"
        case .tooMuchKept(let bytes, let limit):
            "a BOM store whose parts to be read come to \(bytes) bytes, more than \(limit) held at once"
        case .tooManyPasses(let limit):
            "a BOM store whose parts take more than \(limit) passes over its bytes to read"
        }
    }
}
