import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The tree walk: down the first children to the leftmost leaf, then along the leaf chain; every
/// cap at its limit and past it, and links that loop, point at themselves or at the wrong kind
/// of node refused at once.
@Suite struct BOMTreeTests {
    typealias Hostile = BOMHostileInput

    static func failure(_ result: Result<[BOMTreeEntry], BOMError>) -> BOMError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func entriesComeInOrderAcrossLeavesAndLevels() throws {
        for perNode in [1, 2, 3, 510] {
            let (store, _) = Hostile.treeStore(count: 50, perNode: perNode)
            let entries = try Hostile.walk(store.write()).get()
            #expect(entries.count == 50, "\(perNode) a node")
            let written = try BOMStore(bytes: store.write())
            #expect(try entries.map { try written.block($0.key).uint32(at: 0) } == (0..<50).map(UInt32.init))
        }
        let (empty, _) = Hostile.treeStore(count: 0)
        #expect(try Hostile.walk(empty.write()).get().isEmpty)
    }

    @Test func pairsResolveKeysAndValuesAsBlocks() throws {
        var built = BOMWriter.Store()
        built.addVariable("T", built.addTree(pairs: [(key: Array("a".utf8), value: [1]), (key: Array("b".utf8), value: [2, 3])]))
        let store = try BOMStore(bytes: built.write())
        let pairs = try store.tree("T").pairs(in: store)
        #expect(pairs.map { Array($0.key.bytes) } == [Array("a".utf8), Array("b".utf8)])
        #expect(pairs.map { Array($0.value.bytes) } == [[1], [2, 3]])
    }

    @Test func theDepthIsCapped() {
        // 8 entries, 2 a node: 4 leaves, 2 branches, a root: 2 levels of branches.
        let bytes = Hostile.treeStore(count: 8, perNode: 2).store.write()
        #expect(Self.failure(Hostile.walk(bytes, limits: BOMLimits(maxTreeDepth: 2))) == nil)
        #expect(Self.failure(Hostile.walk(bytes, limits: BOMLimits(maxTreeDepth: 1))) == .treeTooDeep(limit: 1))
    }

    @Test func theEntriesOfANodeAndOfATreeAreCapped() {
        let bytes = Hostile.treeStore(count: 9, perNode: 3).store.write()
        #expect(Self.failure(Hostile.walk(bytes, limits: BOMLimits(maxEntriesPerNode: 3))) == nil)
        #expect(Self.failure(Hostile.walk(bytes, limits: BOMLimits(maxEntriesPerNode: 2))) != nil)
        #expect(Self.failure(Hostile.walk(bytes, limits: BOMLimits(maxTreeEntries: 9))) == nil)
        #expect(Self.failure(Hostile.walk(bytes, limits: BOMLimits(maxTreeEntries: 8))) == .tooManyTreeEntries(limit: 8))
    }

    @Test func aNodeMustHoldTheEntriesItClaims() {
        var (store, tree) = Hostile.treeStore(count: 2)
        store.blocks[Int(tree) + 1].replaceSubrange(2..<4, with: [0x02, 0x00]) // 512 entries: 4108 bytes
        #expect(Self.failure(Hostile.walk(store.write())) == .nodeTruncated(block: tree + 1, count: 512, length: 4096))
        store.blocks[Int(tree) + 1] = [0, 1, 0]
        #expect(Self.failure(Hostile.walk(store.write())) == .truncated(part: "block \(tree + 1)", needed: 4, available: 3))
    }

    @Test func aLoopInTheLeafChainIsRefused() {
        var (store, tree) = Hostile.treeStore(count: 3, perNode: 1)
        // Leaves tree+1...tree+3; the last one's forward link back to the first.
        Hostile.patch(&store, block: tree + 3, at: 4, tree + 1)
        #expect(Self.failure(Hostile.walk(store.write())) == .treeCycle(block: tree + 1))
        Hostile.patch(&store, block: tree + 1, at: 4, tree + 1)
        #expect(Self.failure(Hostile.walk(store.write())) == .treeCycle(block: tree + 1))
    }

    @Test func aChildLinkToItselfOrAnAncestorIsRefused() {
        var (store, tree) = Hostile.treeStore(count: 8, perNode: 2)
        let root = tree + 7
        Hostile.patch(&store, block: root, at: 12, root)
        #expect(Self.failure(Hostile.walk(store.write())) == .treeCycle(block: root))
        Hostile.patch(&store, block: root, at: 12, tree + 5)
        Hostile.patch(&store, block: tree + 5, at: 12, root)
        #expect(Self.failure(Hostile.walk(store.write())) == .treeCycle(block: root))
    }

    @Test func aForwardLinkToABranchAndAnEmptyBranchAreRefused() {
        var (store, tree) = Hostile.treeStore(count: 8, perNode: 2)
        Hostile.patch(&store, block: tree + 1, at: 4, tree + 6)
        #expect(Self.failure(Hostile.walk(store.write())) == .forwardToBranch(block: tree + 6))
        var (empty, emptyTree) = Hostile.treeStore(count: 8, perNode: 2)
        empty.blocks[Int(emptyTree) + 7].replaceSubrange(2..<4, with: [0, 0])
        #expect(Self.failure(Hostile.walk(empty.write())) == .emptyBranch(block: emptyTree + 7))
    }

    @Test func linksOutsideTheTableOrToTheNullBlockAreRefused() {
        var (store, tree) = Hostile.treeStore(count: 3, perNode: 1)
        Hostile.patch(&store, block: tree + 1, at: 4, 9999)
        #expect(Self.failure(Hostile.walk(store.write())) == .blockOutOfRange(id: 9999, count: store.blocks.count))
        Hostile.patch(&store, block: tree, at: 8, 0)
        #expect(Self.failure(Hostile.walk(store.write())) == .nullBlock(part: "a tree link"))
    }

    /// The walk goes down a branch's first child only, yet each of its children must be a block
    /// of the table: a lookup by key would go down any of them (the car fuzz harness's finding
    /// of 2026-12-06, docs/fuzzing.md).
    @Test func everyChildOfABranchTheWalkGoesThroughMustBeABlock() {
        var (store, tree) = Hostile.treeStore(count: 8, perNode: 2)
        let root = tree + 7
        // The root's second child, the branch tree + 6, whose entry starts at 12 + 8.
        Hostile.patch(&store, block: root, at: 20, 9999)
        #expect(Self.failure(Hostile.walk(store.write())) == .blockOutOfRange(id: 9999, count: store.blocks.count))
        Hostile.patch(&store, block: root, at: 20, 0)
        #expect(Self.failure(Hostile.walk(store.write())) == .nullBlock(part: "a tree link"))
        // The first branch's second child, a leaf the walk reaches along the chain all the same.
        var (first, firstTree) = Hostile.treeStore(count: 8, perNode: 2)
        Hostile.patch(&first, block: firstTree + 5, at: 20, 9999)
        #expect(Self.failure(Hostile.walk(first.write())) == .blockOutOfRange(id: 9999, count: first.blocks.count))
    }

    @Test func theHeaderMustBeATreeOfVersion1WithASaneNodeSize() {
        var (store, tree) = Hostile.treeStore(count: 1)
        #expect(Self.failure(Hostile.walk(store.write(), limits: BOMLimits(maxTreeBlockSize: 4096))) == nil)
        #expect(
            Self.failure(Hostile.walk(store.write(), limits: BOMLimits(maxTreeBlockSize: 4095)))
                == .treeBlockSizeOutOfRange(block: tree, blockSize: 4096, limit: 4095))
        Hostile.patch(&store, block: tree, at: 12, 0)
        #expect(Self.failure(Hostile.walk(store.write())) == .treeBlockSizeOutOfRange(block: tree, blockSize: 0, limit: 1 << 20))
        Hostile.patch(&store, block: tree, at: 4, 2)
        #expect(Self.failure(Hostile.walk(store.write())) == .unsupportedVersion(part: "tree", version: 2))
        store.blocks[Int(tree)] = Array("tree".utf8) + [0, 0, 0, 1]
        #expect(Self.failure(Hostile.walk(store.write())) == .truncated(part: "block \(tree)", needed: 21, available: 8))
        store.blocks[Int(tree)] = Array("eert".utf8) + [UInt8](repeating: 0, count: 17)
        #expect(Self.failure(Hostile.walk(store.write())) == .notATree(block: tree))
    }

    /// Current `Assets.car` trees: a 29-byte header, flag 1 and keys that are numbers, not blocks.
    @Test func assetCatalogShapedTreesAreWalkedWithoutResolvingTheirKeys() throws {
        var built = BOMWriter.Store()
        let values = (0..<3).map { built.add([UInt8(0x10 + $0)]) }
        let tree = built.addTree(values.enumerated().map { (value: $1, key: 0x4080 + UInt32($0)) }, blockSize: 1024, flag: 1, extraHeader: true)
        built.addVariable("BITMAPKEYS", tree)
        let store = try BOMStore(bytes: built.write())
        let keys = try store.tree("BITMAPKEYS")
        let header = try store.block(tree)
        #expect(keys.flag == 1 && keys.blockSize == 1024 && header.count == 29)
        #expect(try keys.entries(in: store).map(\.key) == [0x4080, 0x4081, 0x4082])
        #expect(throws: BOMError.blockOutOfRange(id: 0x4080, count: store.blocks.count)) { try keys.pairs(in: store) }
    }
}
