import BundleCheckFormats
import Testing

@testable import BundleCheckFixtures

/// The BOM writer's placed writes, which the catalogue writer lays CoreUI's files out with:
/// pieces in any order on a boundary, blocks made late, freed extents in the free list, a stale
/// table; and trees with their keys copied into the leaves and the blocks they take counted.
@Suite struct BOMWriterPlacementTests {
    static func store() -> BOMWriter.Store {
        var store = BOMWriter.Store()
        let one = store.add([1, 2, 3])
        let two = store.add([])
        store.addVariable("one", one)
        store.addVariable("two", two)
        _ = store.add([9, 9, 9, 9, 9])
        return store
    }

    static func write(_ store: BOMWriter.Store, _ placement: BOMWriter.Placement, contents: (UInt32) -> [UInt8]? = { _ in nil }) -> [UInt8] {
        var bytes: [UInt8] = []
        let patches = store.write(placement, contents: contents) { bytes += $0 }
        for patch in patches {
            bytes.replaceSubrange(patch.offset..<patch.offset + patch.bytes.count, with: patch.bytes)
        }
        return bytes
    }

    @Test func theSequentialPlacementIsWhatWriteWrites() {
        let store = Self.store()
        #expect(Self.write(store, .sequential(blocks: store.blocks.count)) == store.write())
        let bom = BOMWriter.write([.directory("."), .file("./a", contents: [1])])
        #expect(bom.count > 512 && (try? BOMStore(bytes: bom)) != nil)
    }

    @Test func piecesGoWherePlacedOnTheirBoundaryTheLateBlocksMadeThen() throws {
        let store = Self.store()
        let stale: [UInt8] = Array("stale".utf8)
        let placement = BOMWriter.Placement(
            pieces: [.block(3), .freed(stale), .blockTable, .block(1), .variables, .staleBlockTable(moved: [1: .init(piece: 1, length: 5)]), .block(2)],
            alignment: 16, tableCount: 256)
        let bytes = Self.write(store, placement) { $0 == 2 ? [7, 7] : nil }
        let read = try BOMStore(bytes: bytes)
        let (blocks, free) = try AssetCatalogTestSupport.blockTable(bytes)
        #expect(blocks.count == 256 && read.header.nonNullBlockCount == 3)
        #expect(blocks[3].address == 512 && blocks[3].length == 5)
        #expect(free.count == 2 && free[0] == (528, 5) && Array(bytes[528..<533]) == stale)
        #expect(read.header.indexRange.lowerBound == 544, "the table where placed, though the blocks after it were not yet")
        #expect(
            read.header.indexRange.count == BOMWriter.Placement.blockTableLength(tableCount: 256, freed: 2)
                && read.header.indexRange.count == 4 + 2048 + 4 + 16 + 8)
        let (first, second) = (Array(try read.block(1).bytes), Array(try read.block(2).bytes))
        #expect(first == [1, 2, 3] && second == [7, 7], "block 2 made late")
        #expect(blocks.dropFirst().filter { $0.length > 0 }.allSatisfy { $0.address % 16 == 0 })
        #expect(blocks[2].address == bytes.count - 2, "block 2 last")
        // The stale table: block 1 at the freed extent, block 3 where it is, block 2 not yet placed.
        let staleTable = BOMBlock(id: 0, bytes: bytes[free[1].address..<(free[1].address + free[1].length)])
        #expect(free[1].length == BOMWriter.Placement.blockTableLength(tableCount: 256, freed: 0))
        let entries = try (1...3).map { [try staleTable.uint32(at: 4 + 8 * $0), try staleTable.uint32(at: 8 + 8 * $0)] }
        #expect(entries == [[528, 5], [0, 0], [512, 5]])
        #expect(read.variables["two"] == 2)
    }

    @Test(arguments: [0, 1, 2, 126, 127, 510, 511, 5000, 70_000])
    func theBlocksOfATreeAreCountedBeforeItIsBuilt(_ count: Int) throws {
        for (blockSize, perNode) in [(UInt32(4096), nil), (1024, nil), (128, 1), (128, 2)] as [(UInt32, Int?)] {
            var store = BOMWriter.Store()
            let entries = (0..<count).map { (value: UInt32($0 + 1), key: UInt32($0 + 1)) }
            _ = store.addTree(entries, blockSize: blockSize, entriesPerNode: perNode)
            #expect(
                store.blocks.count - 1 == BOMWriter.Store.blocksOfTree(entries: count, blockSize: blockSize, entriesPerNode: perNode),
                "\(count) entries, \(blockSize), \(perNode ?? 0)")
        }
    }

    @Test func inlineKeysFollowEachLeafsEntries() throws {
        var store = BOMWriter.Store()
        let keys = (0..<700).map { [UInt8($0 & 0xFF), UInt8($0 >> 8), 0xEE] }
        let keyBlocks = keys.map { store.add($0) }
        let tree = store.addTree(keyBlocks.map { (value: $0, key: $0) }, extraHeader: true, keyLength: 3, inlineKeys: keys)
        store.addVariable("T", tree)
        let read = try BOMStore(bytes: store.write())
        let header = try read.block(tree).bytes
        #expect(header.count == 29 && Array(header.suffix(8)) == [0, 0, 0, 3, 0, 0, 0, 0])
        let walked = try read.tree("T")
        #expect(try walked.pairs(in: read).map { Array($0.key.bytes) } == keys)
        // Two leaves of 510 and 190 entries, each 4096 bytes and its keys long.
        for (leaf, range) in [(tree + 1, 0..<510), (tree + 2, 510..<700)] {
            let node = Array(try read.block(leaf).bytes)
            #expect(node.count == 4096 + 3 * range.count)
            let start = 12 + 8 * range.count
            #expect(Array(node[start..<start + 4]) == [0, 0, 0, 0] && Array(node[(start + 4)..<(start + 4 + 3 * range.count)]) == keys[range].flatMap { $0 })
        }
    }
}
