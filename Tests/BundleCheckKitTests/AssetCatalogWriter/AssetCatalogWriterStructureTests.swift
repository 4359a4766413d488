import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckFixtures

/// Catalogues the fixture writer makes read back through the BOM reader (`BOMStore`,
/// `BOMTree`) with the variables, trees, keys and values CoreUI writes, laid out as the real
/// files are: the checks here are on the bytes, the reading of a CAR is the reader's.
@Suite struct AssetCatalogWriterStructureTests {
    static let allSizes = FixtureAssetCatalog(
        iconSets: [.allSizes()], layout: .indexAfterFirstBlocks, compiler: .xcode14_3, deploymentTarget: "14.0")

    @Test func theDefaultCatalogueIsTheAppIconOfOne1024ImageAsXcode16_4CompilesItForAnIPhone() throws {
        let store = try BOMStore(bytes: try FixtureAssetCatalog.appIcon().bytes())
        #expect(store.variables.all.map(\.name) == ["CARHEADER", "RENDITIONS", "FACETKEYS", "APPEARANCEKEYS", "KEYFORMAT", "EXTENDED_METADATA", "BITMAPKEYS"])
        for variable in store.variables.all where try store.block(variable.block).bytes.starts(with: Array("tree".utf8)) {
            let tree = try BOMTree.read(store, block: variable.block)
            #expect(try tree.entries(in: store).count == Int(tree.declaredCount), "\(variable.name)")
        }
        let header = try store.variable("CARHEADER").bytes
        #expect(Array(header.prefix(4)) == Array("RATC".utf8) && header.count == 436)
        #expect(
            AssetCatalogTestSupport.littleEndian32(header, 4) == 918 && AssetCatalogTestSupport.littleEndian32(header, 16) == 2,
            "Xcode 16.4's CoreUI, 2 renditions")
        #expect(AssetCatalogTestSupport.littleEndian32(header, 432) == 2, "key semantics 2")
        let format = try store.variable("KEYFORMAT").bytes
        #expect(
            (0..<10).map { AssetCatalogTestSupport.littleEndian32(format, 12 + 4 * $0) } == [7, 13, 12, 15, 16, 9, 24, 17, 1, 2], "Xcode 16.4's key format")

        let facets = try store.tree("FACETKEYS").pairs(in: store)
        #expect(facets.map { Array($0.key.bytes) } == [Array("AppIcon".utf8)])
        // Hot spot (0, 0), 3 attributes: element 85, part 220 (icon), identifier 6849.
        #expect(Array(facets[0].value.bytes) == [0, 0, 0, 0, 3, 0, 1, 0, 85, 0, 2, 0, 220, 0, 17, 0, 0xC1, 0x1A])
        #expect(
            try store.tree("APPEARANCEKEYS").pairs(in: store).map { Array($0.key.bytes) + Array($0.value.bytes) } == [Array("UIAppearanceAny".utf8) + [0, 0]])

        let renditions = try AssetCatalogTestSupport.renditions(store)
        #expect(renditions.count == 2)
        let sizes = try #require(renditions.first { $0.key[2] == 218 })
        #expect(sizes.key == [7: 0, 13: 0, 12: 1, 15: 1, 16: 0, 9: 0, 24: 0, 17: 6849, 1: 85, 2: 218], "a size list for idiom phone, appearance 0, sRGB")
        #expect(
            Array(sizes.value[184...].suffix(24)) == Array("SISM".utf8) + [1, 0, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 1, 0, 0, 0], "1024 points, index 1")
        let icon = try #require(renditions.first { $0.key[2] == 220 })
        #expect(icon.key == [7: 0, 13: 0, 12: 1, 15: 1, 16: 0, 9: 1, 24: 1, 17: 6849, 1: 85, 2: 220], "phone, index 1, Display P3")
        #expect(Array(icon.value.prefix(4)) == Array("ISTC".utf8))
        #expect(AssetCatalogTestSupport.littleEndian32(icon.value[...], 12) == 1024 && AssetCatalogTestSupport.littleEndian32(icon.value[...], 16) == 1024)
        #expect(AssetCatalogTestSupport.littleEndian32(icon.value[...], 20) == 100, "scale factor 100")
        #expect(Array(icon.value[24..<28]) == Array("BGRA".utf8) && AssetCatalogTestSupport.littleEndian32(icon.value[...], 8) == 0, "ARGB, flags 0")

        let bitmaps = try store.tree("BITMAPKEYS")
        #expect(bitmaps.flag == 1 && bitmaps.blockSize == 1024)
        #expect(try bitmaps.entries(in: store).map(\.key) == [6849], "keyed by the identifier itself")
    }

    @Test func renditionKeysAreSortedByTheirBytesAndCopiedIntoTheLeaf() throws {
        let bytes = try Self.allSizes.bytes()
        let store = try BOMStore(bytes: bytes)
        let renditions = try AssetCatalogTestSupport.renditions(store)
        #expect(renditions.count == 28)
        let keys = renditions.map(\.keyBytes)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let tree = try store.tree("RENDITIONS")
        let header = try store.block(tree.block).bytes
        #expect(header.count == 29 && Array(header.suffix(8)) == [0, 0, 0, 16, 0, 0, 0, 0], "the header names the 16-byte key length")
        let leaf = try store.block(tree.root).bytes
        #expect(leaf.count == 4096 + 28 * 16)
        let inline = Array(leaf[(leaf.startIndex + 12 + 8 * 28 + 4)...].prefix(28 * 16))
        #expect(inline == keys.flatMap { $0 }, "the leaf holds the keys after its entries and 4 zero bytes")

        // Names of different lengths: no length in the header, no copies.
        let two = FixtureAssetCatalog(iconSets: [.singleSize("AppIcon"), .singleSize("AlternateIcon")])
        let twoStore = try BOMStore(bytes: try two.bytes())
        let facets = try twoStore.tree("FACETKEYS")
        #expect(Array(try twoStore.block(facets.block).bytes.suffix(8)) == [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0])
        #expect(try twoStore.block(facets.root).count == 4096)
        #expect(try facets.pairs(in: twoStore).map { String(decoding: $0.key.bytes, as: UTF8.self) } == ["AlternateIcon", "AppIcon"])
    }

    @Test func iconsAreNumberedBySizeAndListedPerIdiomAsActoolDoes() throws {
        let store = try BOMStore(bytes: try Self.allSizes.bytes())
        let renditions = try AssetCatalogTestSupport.renditions(store)
        func sizes(_ idiom: UInt16, _ subtype: UInt16 = 0) throws -> [[UInt32]] {
            let value = try #require(renditions.first { $0.key[2] == 218 && $0.key[15] == idiom && $0.key[16] == subtype }).value
            let payload = value[(184 + Int(AssetCatalogTestSupport.littleEndian32(value[...], 168)))...]
            let count = Int(AssetCatalogTestSupport.littleEndian32(payload, 8))
            return (0..<count).map { entry in (0..<3).map { AssetCatalogTestSupport.littleEndian32(payload, 12 + 12 * entry + 4 * $0) } }
        }
        // The shorebird catalogue's lists, byte for byte in the corpus test.
        #expect(try sizes(1) == [[20, 20, 0], [29, 29, 1], [40, 40, 2], [60, 60, 3]])
        #expect(try sizes(1, 1792) == [[90, 90, 6]])
        #expect(try sizes(2) == [[20, 20, 0], [29, 29, 1], [40, 40, 2], [76, 76, 4], [83, 83, 5]])
        #expect(try sizes(6) == [[1024, 1024, 7]])
        let appStore = try #require(renditions.first { $0.key[2] == 220 && $0.key[15] == 6 })
        #expect(appStore.key[9] == 7 && appStore.key[12] == 1)
    }

    @Test func packedIconsLinkToARectangleOfTheirAtlas() throws {
        let store = try BOMStore(bytes: try Self.allSizes.bytes())
        let renditions = try AssetCatalogTestSupport.renditions(store)
        let atlases = renditions.filter { $0.key[1] == 9 }
        #expect(atlases.count == 4, "one per idiom and scale with packed icons: iPhone 2x and 3x, iPad 1x and 2x")
        let links = renditions.filter { $0.key[2] == 220 && AssetCatalogTestSupport.littleEndian16($0.value[...], 36) == 1003 }
        #expect(links.count == 17, "the 20 icons but the 29@1x iPhone icon, the subtype's and the App Store icon")
        for link in links {
            #expect(AssetCatalogTestSupport.littleEndian32(link.value[...], 180) == 0, "no payload of its own")
            let list = link.value[184..<(184 + Int(AssetCatalogTestSupport.littleEndian32(link.value[...], 168)))]
            var offset = 0
            var reference: ArraySlice<UInt8>?
            while offset < list.count {
                let tag = AssetCatalogTestSupport.littleEndian32(list, offset)
                let length = Int(AssetCatalogTestSupport.littleEndian32(list, offset + 4))
                if tag == 1010 { reference = list[(list.startIndex + offset + 8)..<(list.startIndex + offset + 8 + length)] }
                offset += 8 + length
            }
            let tlv = try #require(reference)
            #expect(Array(tlv.prefix(4)) == Array("KLNI".utf8))
            let keyLength = Int(AssetCatalogTestSupport.littleEndian32(tlv, 26))
            var key: [UInt32: UInt16] = [:]
            for pair in 0..<(keyLength / 4 - 1) {
                key[UInt32(AssetCatalogTestSupport.littleEndian16(tlv, 30 + 4 * pair))] = AssetCatalogTestSupport.littleEndian16(tlv, 32 + 4 * pair)
            }
            let atlas = try #require(atlases.first { candidate in candidate.key.allSatisfy { $0.value == (key[$0.key] ?? 0) } }, "the link names an atlas")
            let (x, y, width, height) = (4...7).map { AssetCatalogTestSupport.littleEndian32(tlv, 4 * $0 - 8) }.tuple4
            #expect(
                x + width <= AssetCatalogTestSupport.littleEndian32(atlas.value[...], 12)
                    && y + height <= AssetCatalogTestSupport.littleEndian32(atlas.value[...], 16))
            #expect(width == AssetCatalogTestSupport.littleEndian32(link.value[...], 12))
        }
    }

    @Test(arguments: FixtureAssetCatalog.Layout.allCases)
    func aStreamedFileIsTheBytesInMemory(_ layout: FixtureAssetCatalog.Layout) throws {
        var catalog = Self.allSizes
        catalog.layout = layout
        let directory = try PlistTestEnvironment.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Assets.car").path
        try catalog.write(toFile: path)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == (try catalog.bytes()))
        catalog.hostile = [.truncated(length: 100_000)]
        try catalog.write(toFile: path)
        let truncated = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let inMemory = try catalog.bytes()
        #expect(truncated.count == 100_000 && truncated == inMemory)
    }

    /// The rules read off the real catalogues (`AssetCatalogLayoutRules`, which the corpus test
    /// holds them to) hold for written ones of either layout, small and large.
    @Test(arguments: FixtureAssetCatalog.Layout.allCases)
    func theLayoutIsTheRealCataloguesLayout(_ layout: FixtureAssetCatalog.Layout) throws {
        for var catalog in [Self.allSizes, .appIcon(), .benchmark(renditions: 700, pixels: 8)] {
            catalog.layout = layout
            let violations = try AssetCatalogLayoutRules.violations(try catalog.bytes(), layout: layout)
            #expect(violations == [], "\(layout), \(catalog.imageSets.count) image sets")
        }
        let other: FixtureAssetCatalog.Layout = layout == .indexAtEnd ? .indexAfterFirstBlocks : .indexAtEnd
        #expect(try !AssetCatalogLayoutRules.violations(try FixtureAssetCatalog.appIcon(layout: other).bytes(), layout: layout).isEmpty)
    }

    @Test func bothLayoutsHoldTheSameBlocks() throws {
        var catalog = Self.allSizes
        let first = try catalog.bytes()
        catalog.layout = .indexAtEnd
        let second = try catalog.bytes()
        let one = try BOMStore(bytes: first)
        let other = try BOMStore(bytes: second)
        #expect(one.blocks.count == other.blocks.count)
        for id in 1..<UInt32(one.blocks.count) where try one.blockRange(of: id).count > 0 {
            #expect(Array(try one.block(id).bytes) == Array(try other.block(id).bytes), "block \(id)")
        }
    }

    @Test func descriptionsTheFormatCannotHoldThrow() {
        func fails(_ catalog: FixtureAssetCatalog, _ expected: AssetCatalogWriterError) {
            #expect(throws: expected) { try catalog.bytes() }
        }
        fails(FixtureAssetCatalog(iconSets: [FixtureIconSet(name: "AppIcon", renditions: [])]), .noRenditions(set: "AppIcon"))
        fails(FixtureAssetCatalog(iconSets: [.singleSize(), .singleSize()]), .duplicateName("AppIcon"))
        fails(
            FixtureAssetCatalog(iconSets: [
                FixtureIconSet(name: "A", identifier: 7, renditions: FixtureIconSet.singleSize().renditions),
                FixtureIconSet(name: "B", identifier: 7, renditions: FixtureIconSet.singleSize().renditions),
            ]), .identifierTaken(set: "B", identifier: 7))
        fails(
            .appIcon(pixels: .transparentPixel(x: 1024, y: 0)),
            .invalidRendition(set: "AppIcon", file: "Icon-App-1024x1024@1x.png", reason: "transparent pixel (1024, 0) outside the image"))
        let twice = FixtureIconRendition(idiom: .phone, points: 60, scale: 2)
        fails(
            FixtureAssetCatalog(iconSets: [FixtureIconSet(name: "AppIcon", renditions: [twice, twice])]),
            .duplicateRenditionKey(set: "AppIcon", file: twice.fileName))
        var huge = FixtureIconSet.singleSize()
        huge.renditions[0].pixelWidth = 20000
        fails(
            FixtureAssetCatalog(iconSets: [huge]),
            .invalidRendition(set: "AppIcon", file: "Icon-App-1024x1024@1x.png", reason: "20000×1024 pixels; 1 to 16384 each way"))
        var packedAlone = FixtureIconSet.singleSize()
        packedAlone.renditions[0].storage = .packed
        fails(
            FixtureAssetCatalog(iconSets: [packedAlone], hostile: [.shortPixelPayload]),
            .invalidHostile("no icon stored on its own to make the App Store icon of"))
    }

    /// Rule examples will describe catalogues in YAML: a description survives coding.
    @Test func aDescriptionRoundTripsThroughCoding() throws {
        var catalog = Self.allSizes
        catalog.imageSets = [
            FixtureImageSet(
                name: "Logo", identifier: 12, renditions: [FixtureIconRendition(idiom: .pad, points: 83.5, scale: 2, pixels: .translucent(alpha: 9))])
        ]
        catalog.hostile = [
            .truncated(length: 9), .renditionsTreeCycle, .wideTreeNode(count: 3), .lyingDimensions(width: 1, height: 2), .keyFormatCount(4), .shortPixelPayload,
            .renditionsBranchChildPastTable(level: 1, block: 300),
        ]
        let decoded = try JSONDecoder().decode(FixtureAssetCatalog.self, from: try JSONEncoder().encode(catalog))
        #expect(decoded == catalog)
    }

    @Test func aBundlesCatalogueCanBeAWrittenOne() throws {
        let app = FixtureBundle.app("PaiNotes", bundleIdentifier: "com.example.painotes")
        let catalog = FixtureAssetCatalog.appIcon(pixels: .flat)
        #expect(app.files.first { $0.path == "Assets.car" }?.contents == (try catalog.bytes()), "the default is the single-size AppIcon catalogue")
        #expect(FixtureBundle.assetCatalogue == (try catalog.bytes()))
        let withCatalog = try app.withAssetCatalog(catalog)
        #expect(withCatalog.files.filter { $0.path == "Assets.car" }.map(\.contents) == [try catalog.bytes()])
        let mac = try app.built(for: .macOS).withAssetCatalog(catalog)
        #expect(mac.files.filter { $0.path.hasSuffix("Assets.car") }.map(\.path) == ["Resources/Assets.car"])
        #expect(mac.files.first { $0.path == "Resources/Assets.car" }?.contents == (try catalog.bytes()))
    }
}

extension Array {
    /// The first four elements as a tuple.
    fileprivate var tuple4: (Element, Element, Element, Element) { (self[0], self[1], self[2], self[3]) }
}
