import BundleCheckFormats
import Testing

@testable import BundleCheckFixtures

/// What the writer makes, set against the real catalogues of the corpus: the layout rules hold
/// for both (`AssetCatalogLayoutRules`), and every field the writer copies from actool is where
/// and as the real files have it, byte for byte where the content is the same (the shorebird
/// catalogue's AppIcon set is Flutter's template "all sizes" set, compiled by Xcode 14.3; its
/// catalogue also holds a launch image and a JPEG, which the writer does not make).
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"))
struct AssetCatalogWriterCorpusTests {
    static let shorebirdLike = FixtureAssetCatalog(
        iconSets: [.allSizes()], layout: .indexAfterFirstBlocks, compiler: .xcode14_3, deploymentTarget: "14.0")

    /// The written ones are held to the same rules in `AssetCatalogWriterStructureTests`.
    @Test func theLayoutRulesHoldForTheRealCatalogues() throws {
        guard let shorebird = try AssetCatalogTestSupport.realCatalogue("shorebird/flutter-base.ipa"),
            let tv = try AssetCatalogTestSupport.realCatalogue("app-info/apple-tv.ipa")
        else { return }
        #expect(try AssetCatalogLayoutRules.violations(shorebird, layout: .indexAfterFirstBlocks) == [])
        #expect(try AssetCatalogLayoutRules.violations(tv, layout: .indexAtEnd) == [])
        // The rules tell the layouts apart.
        #expect(try !AssetCatalogLayoutRules.violations(shorebird, layout: .indexAtEnd).isEmpty)
        #expect(try !AssetCatalogLayoutRules.violations(tv, layout: .indexAfterFirstBlocks).isEmpty)
    }

    @Test func theStoreLevelPartsAreTheShorebirdCataloguesByteForByte() throws {
        guard let real = try AssetCatalogTestSupport.realCatalogue("shorebird/flutter-base.ipa") else { return }
        let realStore = try BOMStore(bytes: real)
        let store = try BOMStore(bytes: try Self.shorebirdLike.bytes())
        #expect(store.variables.all.map(\.name) == realStore.variables.all.map(\.name))
        #expect(store.header.indexRange.count == realStore.header.indexRange.count, "the same table: 256 entries, 3 freed extents")
        #expect(store.blocks.count == realStore.blocks.count)
        // CARHEADER but its rendition count; EXTENDED_METADATA and KEYFORMAT whole.
        var header = Array(try store.variable("CARHEADER").bytes)
        var realHeader = Array(try realStore.variable("CARHEADER").bytes)
        #expect(AssetCatalogTestSupport.littleEndian32(realHeader[...], 16) == 34 && AssetCatalogTestSupport.littleEndian32(header[...], 16) == 28)
        header.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        realHeader.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        #expect(header == realHeader)
        for name in ["EXTENDED_METADATA", "KEYFORMAT"] {
            #expect(Array(try store.variable(name).bytes) == Array(try realStore.variable(name).bytes), "\(name)")
        }
        // Tree headers: the same but for the root and the count, the 8 bytes after them alike.
        for name in ["RENDITIONS", "APPEARANCEKEYS", "BITMAPKEYS"] {
            let mine = Array(try store.variable(name).bytes)
            let theirs = Array(try realStore.variable(name).bytes)
            #expect(mine.count == 29 && theirs.count == 29)
            #expect(Array(mine.prefix(8)) == Array(theirs.prefix(8)) && Array(mine[12..<16]) == Array(theirs[12..<16]), "\(name)")
            #expect(Array(mine.suffix(9)) == Array(theirs.suffix(9)), "\(name)'s flag and key length")
        }
        // The appearance tree, its root node (the key copied in) and its pair.
        let appearances = try store.tree("APPEARANCEKEYS")
        let realAppearances = try realStore.tree("APPEARANCEKEYS")
        #expect(try store.block(appearances.root).count == 4111 && (try realStore.block(realAppearances.root).count) == 4111)
        let pair = try appearances.pairs(in: store)
        let realPair = try realAppearances.pairs(in: realStore)
        #expect(pair.map { Array($0.key.bytes) + Array($0.value.bytes) } == realPair.map { Array($0.key.bytes) + Array($0.value.bytes) })
        // AppIcon's facet and its bitmap (the same renditions' attributes, so the same masks).
        let facet = try #require(try store.tree("FACETKEYS").pairs(in: store).first { Array($0.key.bytes) == Array("AppIcon".utf8) })
        let realFacet = try #require(try realStore.tree("FACETKEYS").pairs(in: realStore).first { Array($0.key.bytes) == Array("AppIcon".utf8) })
        #expect(Array(facet.value.bytes) == Array(realFacet.value.bytes))
        let bitmap = try #require(try store.tree("BITMAPKEYS").entries(in: store).first { $0.key == 6849 })
        let realBitmap = try #require(try realStore.tree("BITMAPKEYS").entries(in: realStore).first { $0.key == 6849 })
        #expect(Array(try store.block(bitmap.value).bytes) == Array(try realStore.block(realBitmap.value).bytes))
    }

    @Test func theAppIconRenditionsAreTheShorebirdCataloguesWhereTheContentIsTheSame() throws {
        guard let real = try AssetCatalogTestSupport.realCatalogue("shorebird/flutter-base.ipa") else { return }
        let realRenditions = try AssetCatalogTestSupport.renditions(try BOMStore(bytes: real)).filter { $0.key[17] == 6849 }
        let renditions = try AssetCatalogTestSupport.renditions(try BOMStore(bytes: try Self.shorebirdLike.bytes())).filter { $0.key[17] == 6849 }
        // The same keys: every icon and size list at the same attributes.
        #expect(renditions.map(\.keyBytes) == realRenditions.map(\.keyBytes))
        for (mine, theirs) in zip(renditions, realRenditions) {
            let layout = AssetCatalogTestSupport.littleEndian16(theirs.value[...], 36)
            let name = String(decoding: theirs.value[40..<168].prefix { $0 != 0 }, as: UTF8.self)
            switch layout {
            case 1010:
                #expect(mine.value == theirs.value, "the size list \(theirs.key) byte for byte")
            case 12:
                // The header but for the payload's length, and the TLVs, byte for byte.
                let tlvs = 184 + Int(AssetCatalogTestSupport.littleEndian32(theirs.value[...], 168))
                #expect(Array(mine.value[0..<180]) == Array(theirs.value[0..<180]), "\(name)'s header")
                if name != "Icon-App-29x29@1x.png" {
                    // actool stored that one alone RLE-compressed, CELM version 2; the writer does not RLE.
                    #expect(Array(mine.value[184..<tlvs]) == Array(theirs.value[184..<tlvs]), "\(name)'s TLVs")
                    #expect(
                        Array(mine.value[tlvs..<(tlvs + 16)].prefix(12)) == Array(theirs.value[tlvs..<(tlvs + 16)].prefix(12)),
                        "\(name): CELM 3, LZFSE, the chunk count")
                    #expect(Self.chunkRows(mine.value, at: tlvs) == Self.chunkRows(theirs.value, at: tlvs), "\(name)'s chunks")
                }
            case 1003:
                // The same header (name, size, scale, layout) up to the TLVs' length, TLVs of the
                // same tags and lengths but the link's, which names a second atlas (dimension1 1)
                // in 4 bytes more: the rectangles and atlases are where each packer put them.
                #expect(Array(mine.value[0..<168]) == Array(theirs.value[0..<168]), "\(name)'s header")
                #expect(
                    Self.tags(mine.value).map { $0[0] == 1010 ? [1010] : $0 } == Self.tags(theirs.value).map { $0[0] == 1010 ? [1010] : $0 }, "\(name)'s TLVs")
                #expect(
                    AssetCatalogTestSupport.littleEndian32(mine.value[...], 180) == 0 && AssetCatalogTestSupport.littleEndian32(theirs.value[...], 180) == 0)
            default:
                Issue.record("an AppIcon rendition of layout \(layout) in the real catalogue")
            }
        }
        #expect(renditions.filter { AssetCatalogTestSupport.littleEndian16($0.value[...], 36) == 1003 }.count == 17)
    }

    /// Rows of each `KCBC` chunk of a `CELM` payload at `offset`.
    static func chunkRows(_ value: [UInt8], at offset: Int) -> [UInt32] {
        let count = Int(AssetCatalogTestSupport.littleEndian32(value[...], offset + 12))
        var rows: [UInt32] = []
        var at = offset + 16
        for _ in 0..<count {
            rows.append(AssetCatalogTestSupport.littleEndian32(value[...], at + 12))
            at += 20 + Int(AssetCatalogTestSupport.littleEndian32(value[...], at + 16))
        }
        return rows
    }

    /// The TLVs' tags and lengths.
    static func tags(_ value: [UInt8]) -> [[UInt32]] {
        let end = 184 + Int(AssetCatalogTestSupport.littleEndian32(value[...], 168))
        var tags: [[UInt32]] = []
        var at = 184
        while at < end {
            let length = AssetCatalogTestSupport.littleEndian32(value[...], at + 4)
            tags.append([AssetCatalogTestSupport.littleEndian32(value[...], at), length])
            at += 8 + Int(length)
        }
        return tags
    }

    @Test func theTVOSCataloguesStoreLevelPartsMatchAnXcode15Catalogue() throws {
        guard let real = try AssetCatalogTestSupport.realCatalogue("app-info/apple-tv.ipa") else { return }
        let realStore = try BOMStore(bytes: real)
        let catalog = FixtureAssetCatalog(iconSets: [.singleSizeUniversal()], deploymentPlatform: "atv", appearances: [.any, .dark])
        let store = try BOMStore(bytes: try catalog.bytes())
        var header = Array(try store.variable("CARHEADER").bytes)
        var realHeader = Array(try realStore.variable("CARHEADER").bytes)
        header.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        realHeader.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        #expect(header == realHeader)
        #expect(Array(try store.variable("EXTENDED_METADATA").bytes) == Array(try realStore.variable("EXTENDED_METADATA").bytes))
        let appearances = try store.tree("APPEARANCEKEYS")
        let realAppearances = try realStore.tree("APPEARANCEKEYS")
        #expect(
            Array(try store.block(appearances.block).bytes.suffix(9)) == Array(try realStore.block(realAppearances.block).bytes.suffix(9)),
            "keys of two lengths: 0xFFFFFFFF")
        #expect(try store.block(appearances.root).count == 4096 && (try realStore.block(realAppearances.root).count) == 4096)
        #expect(
            try appearances.pairs(in: store).map { Array($0.key.bytes) + Array($0.value.bytes) }
                == realAppearances.pairs(in: realStore).map { Array($0.key.bytes) + Array($0.value.bytes) })
        #expect(store.header.indexRange.count == realStore.header.indexRange.count, "256 entries, 2 freed extents")
    }
}

/// The brand asset the writer makes for tvOS set against the corpus's (apple-tv.ipa, Xcode
/// 15.2: an App Icon of two JPEG layers, Middle and Front, no App Store icon folded in, the
/// top-shelf images at 1x). The key formats differ (the corpus's has appearance and state, the
/// writer's the iOS one), so renditions are matched by their non-zero attributes.
extension AssetCatalogWriterCorpusTests {
    static let brandAssetFacets = ["App Icon", "App Icon/Front/Content", "App Icon/Middle/Content", "Top Shelf Image", "Top Shelf Image Wide"]

    /// A rendition's non-zero key attributes.
    static func attributes(_ rendition: CARRendition) -> [CARAttribute: UInt16] {
        Dictionary(uniqueKeysWithValues: zip(rendition.key.format, rendition.key.values).filter { $0.1 != 0 })
    }

    /// Property 1012 but the 4 bytes of each layer whose meaning is not known.
    static func layerReferences(_ rendition: CARRendition) -> [UInt8]? {
        guard let property = rendition.properties.first(where: { $0.type == CARRenditionTLV.layerReferences }) else { return nil }
        var bytes = Array(property.value)
        var offset = 8
        while offset + 32 <= bytes.count {
            bytes.replaceSubrange(offset..<(offset + 4), with: [0, 0, 0, 0])
            offset += 32 + Int(AssetCatalogTestSupport.littleEndian32(bytes[...], offset + 28))
        }
        return bytes
    }

    @Test(arguments: [false, true])
    func theTVOSBrandAssetIsTheCorpusCataloguesFieldByField(_ isDefault: Bool) throws {
        guard let (realStore, real) = try CorpusCatalog.tv.open() else { return }
        let catalog: FixtureAssetCatalog =
            isDefault
            ? .brandAsset()
            : .brandAsset(
                FixtureBrandAsset(
                    layers: FixtureBrandAsset.layerNames(2), appStoreIcon: .absent,
                    topShelf: .init(name: "Top Shelf Image", scales: [1], width: 1920, height: 720),
                    topShelfWide: .init(name: "Top Shelf Image Wide", scales: [1], width: 2320, height: 720)))
        let store = try BOMStore(bytes: try catalog.bytes())
        let mine = try AssetCatalog.read(store)
        #expect(mine.extendedMetadata == real.extendedMetadata, "atv, 16.0, as the corpus's")
        for name in Self.brandAssetFacets {
            let theirs = try #require(real.facet(named: name))
            #expect(mine.facet(named: name) == theirs, "\(name): element, part, actool's identifier")
        }
        let realRenditions = real.renditions.filter { $0.facetName.map(Self.brandAssetFacets.contains) ?? false }
        let renditions = mine.renditions.filter { $0.facetName.map(Self.brandAssetFacets.contains) ?? false }
        #expect(realRenditions.count == 7, "the stack, its flattened and radiosity images, two layers, two top-shelf images")
        if !isDefault {
            #expect(Set(renditions.map(Self.attributes)) == Set(realRenditions.map(Self.attributes)), "the same renditions")
        }
        for theirs in realRenditions {
            let attributes = Self.attributes(theirs)
            let match = try #require(renditions.first { Self.attributes($0) == attributes }, "\(theirs.header.name) \(attributes)")
            let header = match.header, realHeader = theirs.header
            #expect(
                header.flags == realHeader.flags && header.layout == realHeader.layout && header.pixelFormat == realHeader.pixelFormat, "\(realHeader.name)")
            #expect(
                header.width == realHeader.width && header.height == realHeader.height && header.scaleFactor == realHeader.scaleFactor, "\(realHeader.name)")
            #expect(header.version == realHeader.version && header.bitmapCount == realHeader.bitmapCount)
            #expect(match.properties.map(\.type) == theirs.properties.map(\.type), "\(realHeader.name)'s properties")
            for property in theirs.properties where property.type != CARRenditionTLV.layerReferences {
                #expect(
                    match.properties.first { $0.type == property.type }?.value.elementsEqual(property.value) == true,
                    "\(realHeader.name)'s property \(property.type)")
            }
            switch realHeader.pixelFormat {
            case .data:
                // The stack: its header as the corpus's (Contents.json, colour space 8), its
                // layers' frames, blend, opacity and keys but for the bytes not understood.
                #expect(header.name == realHeader.name && header.colorSpaceID == realHeader.colorSpaceID)
                #expect(match.uti == theirs.uti)
                if !isDefault { #expect(Self.layerReferences(match) == Self.layerReferences(theirs)) }
                #expect(try mine.payload(of: match, in: store) == (try real.payload(of: theirs, in: realStore)), "an empty raw-data payload")
            case .argb:
                #expect(header.name == realHeader.name && header.colorSpaceID == realHeader.colorSpaceID)
                guard case .pixels(let pixels) = try mine.payload(of: match, in: store),
                    case .pixels(let realPixels) = try real.payload(of: theirs, in: realStore)
                else {
                    Issue.record("\(realHeader.name): pixels")
                    continue
                }
                #expect(pixels.version == realPixels.version, "\(realHeader.name): CELM \(realPixels.version)")
                #expect(pixels.chunks.map(\.rows) == realPixels.chunks.map(\.rows), "\(realHeader.name)'s chunks")
            case .jpeg:
                guard case .rawData(let jpeg) = try mine.payload(of: match, in: store),
                    case .rawData(let realJPEG) = try real.payload(of: theirs, in: realStore)
                else {
                    Issue.record("\(realHeader.name): raw data")
                    continue
                }
                #expect(jpeg.bytes.prefix(4).elementsEqual(realJPEG.bytes.prefix(4)), "SOI and APP0 (JFIF)")
            default:
                Issue.record("\(realHeader.name): pixel format \(realHeader.pixelFormat)")
            }
        }
    }
}
