@testable import BundleCheckFixtures
@testable import BundleCheckFormats
import Testing

/// The shape actool gives single-size icon sets (`FixtureIconSet.singleSize`), read back with
/// the project's reader: every idiom and appearance asked for, the names `APPEARANCEKEYS`
/// lists, the keys each format holds. What the corpus's file confirms of it is in
/// `AssetCatalogWriterActoolCorpusTests`; phone and pad together, and the dark and tinted
/// icons, no real file shows.
@Suite struct AssetCatalogWriterActoolShapesTests {
    typealias Support = AssetCatalogLayeredTestSupport

    /// `APPEARANCEKEYS` as (name, number), in the tree's order.
    static func appearances(_ bytes: [UInt8]) throws -> [(String, UInt16)] {
        let store = try BOMStore(bytes: bytes)
        return try store.tree("APPEARANCEKEYS").pairs(in: store).map {
            (String(decoding: $0.key.bytes, as: UTF8.self), AssetCatalogTestSupport.littleEndian16($0.value.bytes, 0))
        }
    }

    static func attributes(_ rendition: CARRendition) -> [CARAttribute: UInt16] {
        Dictionary(uniqueKeysWithValues: zip(rendition.key.format, rendition.key.values).filter { $0.1 != 0 })
    }

    @Test func aUniversalAppsSetHasAnIconAndASizeListPerIdiom() throws {
        let reading = try Support.read(FixtureAssetCatalog.appIcon(idioms: [.phone, .pad], pixels: .flat))
        let renditions = try reading.renditions("AppIcon")
        #expect(renditions.count == 4)
        for idiom in [CARIdiom.phone, .pad] {
            let own = renditions.filter { $0.key.idiom == idiom }
            #expect(own.map(\.header.layout).sorted { $0.rawValue < $1.rawValue } == [.onePartScale, .multisizeImageSet], "\(idiom)")
            let sizes = try #require(own.first { $0.header.layout == .multisizeImageSet })
            guard case .multisizeImageSet(let set) = try reading.catalog.payload(of: sizes, in: reading.store) else {
                Issue.record("\(idiom): no size list")
                continue
            }
            #expect(set.entries.map { [$0.width, $0.height, UInt32($0.index)] } == [[1024, 1024, 1]])
        }
        let set = try #require(try reading.catalog.iconSet(named: "AppIcon", in: reading.store))
        #expect(set.images.map(\.idiom) == [.phone, .pad] && set.images.allSatisfy { $0.pointSize?.width == 1024 })
        #expect(set.images.map(\.rendition.header.name) == ["Icon-App-1024x1024@1x.png", "Icon-App-1024x1024@1x~pad.png"])
        #expect(try Self.appearances(reading.bytes).map(\.0) == ["UIAppearanceAny"])
    }

    @Test func darkAndTintedIconsAreKeyedByTheirAppearanceAndListedByName() throws {
        let bytes = try FixtureAssetCatalog.appIcon(appearances: [.dark, .tinted], pixels: .flat).bytes()
        #expect(try Self.appearances(bytes).map { "\($0.0)=\($0.1)" } == ["ISAppearanceTintable=10", "UIAppearanceAny=0", "UIAppearanceDark=1"])
        let reading = try Support.read(bytes)
        let icons = try reading.renditions("AppIcon").filter { $0.key[.part] == 220 }
        #expect(icons.map { $0.key[.appearance] } == [0, 1, 10], "sorted by key, the appearance first")
        #expect(icons.allSatisfy { $0.key[.dimension2] == 1 && $0.key[.displayGamut] == 1 && $0.key.idiom == .phone && $0.header.width == 1024 })
        #expect(icons.map(\.header.name) == ["Icon-App-1024x1024@1x.png", "Icon-App-Dark-1024x1024@1x.png", "Icon-App-Tintable-1024x1024@1x.png"])
        let sizes = try reading.renditions("AppIcon").filter { $0.key[.part] == 218 }
        #expect(sizes.count == 1 && sizes[0].key[.appearance] == 0, "one size list, of appearance 0")
    }

    @Test func anAbsentAnyIconKeepsTheVariants() throws {
        let bytes = try FixtureAssetCatalog.appIcon(appearances: [.dark], pixels: nil).bytes()
        let reading = try Support.read(bytes)
        let icons = try reading.renditions("AppIcon").filter { $0.key[.part] == 220 }
        #expect(icons.map { $0.key[.appearance] } == [1], "a set whose only 1024 image is dark")
        #expect(try reading.renditions("AppIcon").filter { $0.key[.part] == 218 }.count == 1, "its size list stays")
        #expect(try Self.appearances(bytes).map(\.0) == ["UIAppearanceAny", "UIAppearanceDark"], "0 named for the size list")
        #expect(throws: AssetCatalogWriterError.noRenditions(set: "AppIcon")) { try FixtureAssetCatalog.appIcon(pixels: nil).bytes() }
    }

    @Test func theOldUniversalShapeIsStillWritten() throws {
        let reading = try Support.read(FixtureAssetCatalog(iconSets: [.singleSizeUniversal(pixels: .flat)]))
        #expect(reading.catalog.keyFormat.attributes == [.scale, .idiom, .subtype, .dimension2, .dimension1, .identifier, .element, .part])
        let icons = try reading.renditions("AppIcon").filter { $0.key[.part] == 220 }
        #expect(icons.count == 1 && icons[0].key.idiom == .universal && icons[0].key[.dimension2] == 0)
    }

    @Test func aCatalogueWithoutAKeyFormatTakesTheOneItsRenditionsNeed() throws {
        func format(_ catalog: FixtureAssetCatalog) throws -> [CARAttribute] { try Support.read(catalog).catalog.keyFormat.attributes }
        let formats = try [format(FixtureAssetCatalog(iconSets: [.singleSize(pixels: .flat)])), format(FixtureAssetCatalog(iconSets: [.allSizes(pixels: .flat)]))]
        #expect(formats.map(\.count) == [10, 8])
        #expect(formats[0].contains(.displayGamut) && formats[1].contains(.dimension1))
    }

    @Test func keysAFormatCannotHoldThrow() {
        var dark = FixtureAssetCatalog.appIcon(appearances: [.dark], pixels: nil)
        dark.keyFormat = .xcode14_3
        #expect(throws: AssetCatalogWriterError.invalidRendition(
            set: "AppIcon", file: "Icon-App-Dark-1024x1024@1x.png", reason: "the key format xcode14_3 has no appearance, displayGamut")) { try dark.bytes() }
        // Two packing sets: a second atlas per group is dimension1 1, which Xcode 16.4's keys lack.
        let twoAtlases = FixtureAssetCatalog(iconSets: [.allSizes("A"), .allSizes("B")], keyFormat: .xcode16_4)
        #expect(throws: AssetCatalogWriterError.invalidRendition(set: "B", file: "ZZZZPackedAsset", reason: "the key format xcode16_4 has no dimension1")) {
            try twoAtlases.bytes()
        }
        let clash = FixtureAssetCatalog(iconSets: [FixtureIconSet(name: "AppIcon", renditions: [
            FixtureIconRendition(idiom: .phone, points: 8, scale: 1, appearance: FixtureAppearance(name: "Midnight", id: 1)),
            FixtureIconRendition(idiom: .pad, points: 8, scale: 1, appearance: .dark),
        ])])
        #expect(throws: AssetCatalogWriterError.invalidAsset(name: "APPEARANCEKEYS", reason: "appearance 1 is named both Midnight and UIAppearanceDark")) {
            try clash.bytes()
        }
    }
}
