import BundleCheckFixtures
import BundleCheckFormats
import Testing

/// Where CoreUI puts the parts of an `Assets.car`, as rules read off the corpus's Xcode 14.3
/// (shorebird) and 15.2 (tvOS) catalogues: the tests hold both real files and written ones to
/// them, so that a rule that is wrong fails on a real file.
///
/// Both: the header's 512 bytes; `CARHEADER` at 512; every part on a 16-byte boundary, each
/// right after the one before it; the `RENDITIONS` tree's header and root, then `FACETKEYS`'
/// (the tree nodes early, before any key or value); then a freed 29-byte extent holding the
/// `APPEARANCEKEYS` tree's first, empty header; `KEYFORMAT` before the renditions' keys and
/// values, `EXTENDED_METADATA`, the `BITMAPKEYS` tree and its values after them, then the
/// variables; right after them an earlier block table, freed, its free list empty, naming the
/// tree's header where the freed extent is. Then, index at the end (15.2): the tree's root
/// right after the freed header; the new header after the old table, then the block table,
/// ending the file. Index after the first blocks (14.3): the new header in the old root's
/// place, 32 bytes on, the table right after it, the rest of the old root's 4096 bytes freed;
/// the tree's new root after the old table, ending the file.
enum AssetCatalogLayoutRules {
    /// What breaks the rules of `layout` in `bytes`; empty when all hold.
    static func violations(_ bytes: [UInt8], layout: FixtureAssetCatalog.Layout) throws -> [String] {
        let store = try BOMStore(bytes: bytes)
        let (blocks, free) = try AssetCatalogTestSupport.blockTable(bytes)
        var problems: [String] = []
        func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { problems.append(what()) }
        }
        func start(_ id: UInt32) -> Int { blocks[Int(id)].address }
        func end(_ id: UInt32) -> Int { blocks[Int(id)].address + blocks[Int(id)].length }
        let aligned = AssetCatalogTestSupport.aligned
        for (id, block) in blocks.enumerated() where block.length > 0 {
            expect(block.address % 16 == 0, "block \(id) at \(block.address) is not on a 16-byte boundary")
        }
        let variable = { (name: String) in store.variables[name] ?? 0 }
        let renditions = try store.tree("RENDITIONS")
        let facets = try store.tree("FACETKEYS")
        let appearances = try store.tree("APPEARANCEKEYS")
        expect(start(variable("CARHEADER")) == 512, "CARHEADER at \(start(variable("CARHEADER")))")
        expect(start(renditions.block) == aligned(end(variable("CARHEADER"))), "RENDITIONS' header follows CARHEADER")
        // A tree's nodes follow its header, in id order (one node, its root, in the real files).
        func nodes(_ tree: BOMTree) -> [UInt32] { Array(tree.block + 1...max(tree.block + 1, tree.root)) }
        for tree in [renditions, facets] {
            for (node, next) in zip([tree.block] + nodes(tree), nodes(tree)) {
                expect(start(next) == aligned(end(node)), "block \(next) of the tree at \(tree.block) follows block \(node)")
            }
        }
        expect(start(facets.block) == aligned(end(nodes(renditions).last!)), "FACETKEYS' header follows RENDITIONS' nodes")

        let pairs = try renditions.entries(in: store)
        let renditionBlocks = pairs.flatMap { [$0.key, $0.value] }
        let firstRendition = renditionBlocks.map(start).min() ?? 0
        let lastRendition = renditionBlocks.map(end).max() ?? 0
        expect(end(variable("KEYFORMAT")) <= firstRendition, "KEYFORMAT before the renditions")
        expect(start(variable("EXTENDED_METADATA")) == aligned(lastRendition), "EXTENDED_METADATA right after the renditions")
        let bitmaps = try store.tree("BITMAPKEYS")
        expect(start(bitmaps.block) == aligned(end(variable("EXTENDED_METADATA"))), "BITMAPKEYS' header after EXTENDED_METADATA")
        let bitmapValues = try bitmaps.entries(in: store).map(\.value)
        let variables = store.header.variablesRange
        expect(variables.lowerBound == aligned(bitmapValues.map(end).max() ?? end(bitmaps.root)), "the variables right after the bitmaps")

        // The table fills the old root's slot but for a rest, freed, when it fits there.
        let table = store.header.indexRange
        let restFreed = layout == .indexAfterFirstBlocks && 32 + aligned(table.count) < 4096
        expect(free.count == (restFreed ? 3 : 2), "\(free.count) freed extents")
        guard let staleHeader = free.first, let staleTable = free.last else { return problems + ["no free list"] }
        expect(staleHeader.address == aligned(end(nodes(facets).last!)) && staleHeader.length == 29, "the old APPEARANCEKEYS header after FACETKEYS' nodes")
        let old = BOMBlock(id: 0, bytes: bytes[staleHeader.address..<staleHeader.address + 29])
        expect(bytes[staleHeader.address..<staleHeader.address + 4].elementsEqual("tree".utf8), "the freed header is a tree header")
        expect((try? old.uint32(at: 8)) == appearances.root && (try? old.uint32(at: 16)) == 0, "the freed header names the tree's root, no entries")
        expect(staleTable.address == aligned(variables.upperBound), "the old block table right after the variables")
        expect(staleTable.length == 4 + 8 * blocks.count + 4 + 16, "the old block table has an empty free list")
        let stale = BOMBlock(id: 0, bytes: bytes[staleTable.address..<staleTable.address + staleTable.length])
        expect((try? stale.uint32(at: 4 + 8 * Int(appearances.block))) == UInt32(staleHeader.address), "the old table has the header in the freed extent")
        expect((try? stale.uint32(at: 4 + 8 * blocks.count)) == 0, "the old table's free list is empty")

        switch layout {
        case .indexAtEnd:
            expect(start(appearances.root) == staleHeader.address + 32, "APPEARANCEKEYS' root after the freed header")
            expect(start(appearances.block) == aligned(staleTable.address + staleTable.length), "APPEARANCEKEYS' header after the old table")
            expect(table.lowerBound == aligned(end(appearances.block)), "the block table after APPEARANCEKEYS' header")
            expect(table.upperBound == bytes.count, "the block table ends the file")
        case .indexAfterFirstBlocks:
            expect(start(appearances.block) == staleHeader.address + 32, "APPEARANCEKEYS' header in the old root's place")
            expect(table.lowerBound == aligned(end(appearances.block)), "the block table right after it")
            if restFreed {
                let left = free[1]
                expect(
                    left.address == aligned(table.upperBound) && left.address + left.length == staleHeader.address + 32 + 4096,
                    "the rest of the old root's 4096 bytes freed")
            }
            expect(start(appearances.root) == aligned(staleTable.address + staleTable.length), "APPEARANCEKEYS' root after the old table")
            expect(end(appearances.root) == bytes.count, "APPEARANCEKEYS' root ends the file")
            expect((try? stale.uint32(at: 4 + 8 * Int(appearances.root))) == UInt32(staleHeader.address + 32), "the old table has the root in the old slot")
        }
        return problems
    }
}
