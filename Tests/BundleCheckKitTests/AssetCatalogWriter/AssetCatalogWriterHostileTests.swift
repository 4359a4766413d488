import BundleCheckFixtures
import BundleCheckFormats
import Testing

/// The hostile shapes (`FixtureAssetCatalog.Hostile`) are what they say, each through the BOM
/// reader or the bytes, and leave the rest of the catalogue as it was.
@Suite struct AssetCatalogWriterHostileTests {
    static func catalogue(_ hostile: FixtureAssetCatalog.Hostile..., layout: FixtureAssetCatalog.Layout = .indexAtEnd) -> FixtureAssetCatalog {
        var catalog = FixtureAssetCatalog.appIcon(compression: .lzfseRaw, layout: layout)
        catalog.hostile = hostile
        return catalog
    }

    @Test func aTruncatedFileEndsWhereItWasCut() throws {
        let whole = try Self.catalogue().bytes()
        let cut = try Self.catalogue(.truncated(length: whole.count / 2)).bytes()
        #expect(cut == Array(whole.prefix(whole.count / 2)))
        #expect(throws: BOMError.sectionOutOfFile(part: "block table", offset: UInt32(whole.count - 2080), length: 2080, fileLength: cut.count)) {
            try BOMStore(bytes: cut)
        }
        // With the table early it lies inside the cut; the variables, always at the end, do not.
        let early = try Self.catalogue(.truncated(length: 20_000), layout: .indexAfterFirstBlocks).bytes()
        #expect(throws: BOMError.self) { try BOMStore(bytes: early) }
        let header = BOMBlock(id: 0, bytes: early[0..<32])
        #expect(try header.uint32(at: 16) + header.uint32(at: 20) <= 20_000)
        #expect(try Self.catalogue(.truncated(length: 10 << 20)).bytes() == whole, "a cut past the end leaves the file whole")
    }

    @Test func aLeafThatLinksToItselfIsACycle() throws {
        let store = try BOMStore(bytes: try Self.catalogue(.renditionsTreeCycle).bytes())
        let tree = try store.tree("RENDITIONS")
        #expect(throws: BOMError.treeCycle(block: tree.root)) { try tree.entries(in: store) }
        #expect(try store.tree("FACETKEYS").entries(in: store).count == 1, "the other trees are whole")
    }

    @Test func aLeafCanClaimFarMoreEntriesThanItHolds() throws {
        let wide = try BOMStore(bytes: try Self.catalogue(.wideTreeNode(count: 65535)).bytes())
        let tree = try wide.tree("RENDITIONS")
        #expect(tree.declaredCount == 2)
        #expect(throws: BOMError.tooManyEntriesInNode(block: tree.root, count: 65535, limit: BOMLimits.standard.maxEntriesPerNode)) {
            try tree.entries(in: wide)
        }
        let past = try BOMStore(bytes: try Self.catalogue(.wideTreeNode(count: 600)).bytes())
        #expect(throws: BOMError.nodeTruncated(block: tree.root, count: 600, length: 4096 + 2 * 20)) { try past.tree("RENDITIONS").entries(in: past) }
    }

    @Test func aBranchCanNameABlockPastTheTable() throws {
        let store = try BOMStore(bytes: try Self.catalogue(.renditionsBranchChildPastTable(level: 0, block: 300)).bytes())
        let tree = try store.tree("RENDITIONS")
        let root = try store.block(tree.root)
        #expect(try root.uint16(at: 0) == 0 && root.uint16(at: 2) == 2, "the root is a branch of two leaves")
        #expect(try root.uint32(at: 12 + 8) == 300 && store.blocks.count == 256, "its last child is past the table")
        let first = try store.block(try root.uint32(at: 12))
        let second = try store.block(try first.uint32(at: 4))
        #expect(try first.uint16(at: 0) == 1 && second.uint16(at: 0) == 1 && second.uint32(at: 4) == 0, "the leaves still chain, both whole")
        #expect(try store.tree("FACETKEYS").entries(in: store).count == 1, "the other trees are whole")
        #expect(throws: AssetCatalogWriterError.invalidHostile("block 255 is inside the block table")) {
            try Self.catalogue(.renditionsBranchChildPastTable(level: 0, block: 255)).bytes()
        }
        #expect(throws: AssetCatalogWriterError.invalidHostile("the RENDITIONS tree has no branch at level 1 (the root's is 0)")) {
            try Self.catalogue(.renditionsBranchChildPastTable(level: 1, block: 300)).bytes()
        }
    }

    @Test func theKeyFormatCanMiscountAndTheIconHeaderLie() throws {
        let store = try BOMStore(bytes: try Self.catalogue(.keyFormatCount(0x7FFF_FFFF), .lyingDimensions(width: 1, height: 65536)).bytes())
        let format = try store.variable("KEYFORMAT").bytes
        #expect(AssetCatalogTestSupport.littleEndian32(format, 8) == 0x7FFF_FFFF && format.count == 12 + 4 * 10, "the list stays 10 long")
        let icon = try #require(
            try store.tree("RENDITIONS").pairs(in: store).map { Array($0.value.bytes) }.first { AssetCatalogTestSupport.littleEndian16($0[...], 36) == 12 })
        #expect(AssetCatalogTestSupport.littleEndian32(icon[...], 12) == 1 && AssetCatalogTestSupport.littleEndian32(icon[...], 16) == 65536)
        // The slices and bytes per row still say 1024.
        #expect(
            AssetCatalogTestSupport.littleEndian32(icon[...], 184 + 8 + 12) == 1024 && AssetCatalogTestSupport.littleEndian32(icon[...], 184 + 8 + 16) == 1024)
    }

    @Test func aShortPayloadIsShorterByOneRow() throws {
        func payloadLength(_ catalog: FixtureAssetCatalog) throws -> UInt32 {
            let store = try BOMStore(bytes: try catalog.bytes())
            let icon = try #require(
                try store.tree("RENDITIONS").pairs(in: store).map { Array($0.value.bytes) }.first { AssetCatalogTestSupport.littleEndian16($0[...], 36) == 12 })
            return AssetCatalogTestSupport.littleEndian32(icon[...], 180)
        }
        // Raw LZFSE: the last chunk's one row of 4096 bytes, its 8-byte block header and all, gone.
        #expect(try payloadLength(Self.catalogue()) - payloadLength(Self.catalogue(.shortPixelPayload)) == 4096 + 8)
    }
}
