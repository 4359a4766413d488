import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// A rule example's `asset-catalog:` description (`FixtureAssetCatalogDescription.swift`): the
/// catalogue each new field makes, and the error each wrong value gives.
@Suite struct AssetCatalogDescriptionTests {
    static func described(_ yaml: String) throws -> FixtureAssetCatalog {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "example.yml"))
        return try FixtureAssetCatalog.described(node)
    }

    static func problem(_ yaml: String) -> String? {
        #expect(throws: FixtureDescription.Problem.self) { try described(yaml) }?.description
    }

    @Test func aBrandAssetsDefaultsAreTheTVOSDefaultCatalogues() throws {
        let catalog = try Self.described("brand-asset: {}\n")
        #expect(catalog == .brandAsset(), "no icon set, the App Icon brand asset, the platform atv")
        #expect(try Self.described("brand-asset:\n  name: App Icon\n  layers: 3\n  app-store-icon: opaque\n") == .brandAsset())
    }

    @Test func aBrandAssetsFields() throws {
        let catalog = try Self.described(
            """
            brand-asset:
              name: Logo
              layers: 5
              layer-format: argb
              app-store-icon: translucent
              top-shelf: absent
              top-shelf-wide: {name: Wide, format: argb, pixels: transparent-pixel, scales: [1], size: [232, 72]}
            """)
        let asset = try #require(catalog.brandAssets.first)
        #expect(catalog.iconSets.isEmpty && catalog.deploymentPlatform == "atv")
        #expect(asset.name == "Logo" && asset.layers == FixtureBrandAsset.layerNames(5) && asset.layerFormat == .argb)
        #expect(asset.appStoreIcon == .folded(.translucent(alpha: 200)) && asset.topShelf == nil)
        #expect(
            asset.topShelfWide
                == FixtureBrandAsset.TopShelfImage(
                    name: "Wide", format: .argb, pixels: .transparentPixel(x: 0, y: 0), scales: [1], width: 232, height: 72))
        let top = try #require(try Self.described("brand-asset:\n  top-shelf: {scales: [2], size: [960, 360]}\n").brandAssets.first?.topShelf)
        #expect(top == FixtureBrandAsset.TopShelfImage(name: "Top Shelf Image", scales: [2], width: 960, height: 360))
        #expect(try Self.described("brand-asset: {app-store-icon: separate}").brandAssets.first?.appStoreIcon == .separate(.flat))
        #expect(try Self.described("brand-asset: {app-store-icon: absent}").brandAssets.first?.appStoreIcon == .absent)
        #expect(try Self.described("brand-asset: {app-store-icon: transparent}").brandAssets.first?.appStoreIcon == .folded(.transparent))
        // The described catalogue reads back: the wide image's alpha is there.
        let reading = try AssetCatalogLayeredTestSupport.read(catalog)
        #expect(reading.catalog.facets.map(\.name).filter { $0.hasPrefix("Logo/") }.count == 5)
        let wide = try reading.rendition("Wide", idiom: .tv, scale: 1)
        #expect(try reading.catalog.bitmap(of: wide, in: reading.store).firstTransparentPixel != nil)
    }

    @Test func aLayeredIconsFields() throws {
        #expect(try Self.described("layered-icon: {}") == .layeredIcon())
        let catalog = try Self.described("layered-icon:\n  name: Icon\n  layers: 2\n  layer-format: argb\n  back-layer-scale: 0\n  back-layer-pixels: 512\n")
        #expect(
            catalog.layeredIcons == [FixtureLayeredIcon(name: "Icon", layers: ["Back", "Front"], layerFormat: .argb, backLayerScale: 0, backLayerPixels: 512)])
        #expect(catalog.iconSets.isEmpty && catalog.deploymentPlatform == "xros")
    }

    @Test func aWatchSetIsAnIconSetsKind() throws {
        let catalog = try Self.described("icon-sets: [{name: AppIcon, kind: watch-all-sizes, app-store-icon: translucent}]")
        #expect(catalog.iconSets == [.watchAllSizes(pixels: .translucent(alpha: 200))] && catalog.deploymentPlatform == "watchos")
        #expect(try Self.described("icon-sets: [{kind: watch-all-sizes, app-store-icon: absent}]").iconSets.first?.renditions.count == 8)
        // Unchanged: the default set, ios.
        #expect(try Self.described("layout: index-at-end") == .appIcon())
    }

    @Test func aSingleSizeSetIsActoolsPhoneShapeByDefault() throws {
        let catalog = try Self.described("icon-sets: [{name: AppIcon}]")
        #expect(catalog == .appIcon(), "the default set: phone, opaque, Xcode 16.4's header and keys")
        #expect(catalog.compiler == .xcode16_4 && catalog.keyFormat == .xcode16_4 && catalog.deploymentPlatform == "ios")
        #expect(try Self.described("{}") == .appIcon(), "no icon sets given: the same")
    }

    @Test func aSingleSizeSetsIdiomsAppearancesAndAbsentIcon() throws {
        let universal = try Self.described("icon-sets: [{kind: single-size, idioms: [phone, pad], appearances: [dark, tinted], app-store-icon: translucent}]")
        #expect(universal.iconSets == [.singleSize(idioms: [.phone, .pad], appearances: [.dark, .tinted], pixels: .translucent(alpha: 200))])
        let pad = try Self.described("icon-sets: [{idioms: [pad]}]")
        #expect(pad.iconSets.first?.renditions.map(\.idiom) == [.pad])
        // Absent: no any-appearance icon, the dark one kept.
        let darkOnly = try #require(try Self.described("icon-sets: [{appearances: [dark], app-store-icon: absent}]").iconSets.first)
        #expect(darkOnly.renditions.map(\.appearance) == [.dark] && darkOnly.renditions.map(\.pixelWidth) == [1024])
        #expect(darkOnly == .singleSize(appearances: [.dark], pixels: nil))
    }

    @Test func theOldUniversalShapeAndTheIconComposerKind() throws {
        let old = try Self.described("icon-sets: [{kind: single-size-universal, app-store-icon: transparent}]")
        #expect(old.iconSets == [.singleSizeUniversal(pixels: .transparent)])
        #expect(old.compiler == .xcode15_2 && old.keyFormat == nil, "written as the other older kinds")
        let mac = try Self.described("icon-sets: [{kind: icon-composer}]")
        #expect(mac == .iconComposer(), "Xcode 26's Mac catalogue of the default Icon Composer set")
        #expect(mac.deploymentPlatform == "macosx" && mac.keyFormat == .xcode26Mac && mac.appearances == [.macSystem])
        let short = try Self.described("icon-sets: [{kind: icon-composer, fallbacks: without-1024}, {name: Other, kind: mac-all-sizes}]")
        #expect(short.iconSets.first == .iconComposerMac(fallbacks: .without1024) && short.iconSets.count == 2)
        #expect(try Self.described("icon-sets: [{kind: icon-composer, fallbacks: all}]").iconSets == [.iconComposerMac()])
        #expect(try Self.described("icon-sets: [{kind: icon-composer, fallbacks: none}]").iconSets == [.iconComposerMac(fallbacks: .none)])
        let absent = try #require(try Self.described("icon-sets: [{kind: icon-composer, app-store-icon: absent}]").iconSets.first)
        #expect(absent.renditions.map(\.pixelWidth) == [32, 64, 128, 256, 512, 2048], "the 512@2x fallback left out")
    }

    @Test func wrongSingleSizeAndIconComposerValuesAreNamed() {
        #expect(Self.problem("icon-sets: [{idioms: [phone, watch]}]") == "line 1: idioms lists phone or pad, each once")
        #expect(Self.problem("icon-sets: [{idioms: [pad, pad]}]") == "line 1: idioms lists phone or pad, each once")
        #expect(Self.problem("icon-sets: [{idioms: []}]") == "line 1: idioms lists phone or pad, each once")
        #expect(Self.problem("icon-sets: [{appearances: [light]}]") == "line 1: appearances lists dark or tinted, each once")
        #expect(Self.problem("icon-sets: [{kind: all-sizes, appearances: [dark]}]") == "line 1: appearances is a field of single-size sets only")
        #expect(Self.problem("icon-sets: [{fallbacks: all}]") == "line 1: fallbacks is a field of icon-composer and ios-icon-composer sets only")
        #expect(Self.problem("icon-sets: [{kind: icon-composer, fallbacks: some}]") == "line 1: fallbacks is all, without-1024 or none")
        #expect(Self.problem("icon-sets: [{kind: ios-icon-composer, fallbacks: without-1024}]") == "line 1: fallbacks is all or none")
        #expect(
            Self.problem("icon-sets: [{kind: icon-composer}, {name: B, kind: all-sizes}]")
                == "line 1: an icon-composer set is a Mac catalogue's: its other sets can only be mac-all-sizes")
    }

    @Test func wrongValuesAreNamed() {
        #expect(Self.problem("brand-asset: {layers: 6}") == "line 1: layers is a whole number from 2 to 5, not '6'")
        #expect(Self.problem("brand-asset: {layers: three}") == "line 1: layers is a whole number from 2 to 5, not 'three'")
        #expect(Self.problem("brand-asset: {layer-format: png}") == "line 1: layer-format is jpeg or argb, not 'png'")
        #expect(
            Self.problem("brand-asset: {app-store-icon: glossy}")
                == "line 1: app-store-icon is opaque, flat, transparent, transparent-pixel, translucent, absent or separate, not 'glossy'")
        #expect(
            Self.problem("brand-asset:\n  top-shelf: {pixels: translucent}\n")
                == "line 2: top-shelf pixels (a JPEG has no alpha channel) is opaque or flat, not 'translucent'")
        #expect(
            Self.problem("brand-asset:\n  top-shelf-wide: {format: argb, pixels: shiny}\n")
                == "line 2: top-shelf-wide pixels is opaque, flat, transparent, transparent-pixel or translucent, not 'shiny'")
        #expect(Self.problem("brand-asset: {top-shelf: {scales: [1, 3]}}") == "line 1: top-shelf scale is a whole number from 1 to 2, not '3'")
        #expect(Self.problem("brand-asset: {top-shelf: {scales: [2, 2]}}") == "line 1: top-shelf scales is [1], [2] or [1, 2]")
        #expect(Self.problem("brand-asset: {top-shelf: {size: 1920}}") == "line 1: top-shelf size is [width, height] in @1x pixels, such as [1920, 720]")
        #expect(Self.problem("brand-asset: {top-shelf: none}") == "line 1: top-shelf is a mapping {name, format, pixels, scales, size} or absent")
        #expect(
            Self.problem("brand-asset: {top-shelf: {colour: red}}")
                == "line 1: unknown field 'colour'; expected one of: format, name, pixels, scales, size")
        #expect(
            Self.problem("brand-asset: {icon: x}")
                == "line 1: unknown field 'icon'; expected one of: app-store-icon, layer-format, layers, name, top-shelf, top-shelf-wide")
        #expect(Self.problem("layered-icon:\n  back-layer-scale: 3\n") == "line 2: back-layer-scale is a whole number from 0 to 2, not '3'")
        #expect(Self.problem("layered-icon: {layers: 4}") == "line 1: layers is a whole number from 1 to 3, not '4'")
        #expect(Self.problem("layered-icon: {back-layer-pixels: -1}") == "line 1: back-layer-pixels is a whole number from 1 to 4096, not '-1'")
        #expect(
            Self.problem("icon-sets: [{kind: watch}]")
                == "line 1: kind is single-size, single-size-universal, all-sizes, watch-all-sizes, mac-all-sizes, icon-composer or ios-icon-composer")
        #expect(
            Self.problem("icon-sets: [{app-store-icon: clear}]")
                == "line 1: app-store-icon is opaque, flat, transparent, transparent-pixel, translucent or absent, not 'clear'")
        #expect(
            Self.problem("layered: {}")
                == "line 1: unknown field 'layered'; expected one of: brand-asset, hostile, icon-sets, layered-icon, layout")
    }
}
