import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// tvOS brand assets (`FixtureBrandAsset`) read back with the project's reader: the App Icon's
/// layer stacks naming their layers' facets bottom first, its flattened and radiosity images,
/// the App Store icon folded in as idiom marketing (or a separate facet, or none), the layers'
/// and top-shelf images as JPEGs (or ARGB bitmaps), and the streamed listing.
@Suite struct AssetCatalogWriterBrandAssetTests {
    typealias Support = AssetCatalogLayeredTestSupport

    static let layers = ["App Icon/Back/Content", "App Icon/Middle/Content", "App Icon/Front/Content"]

    @Test func theDefaultBrandAssetIsTheAppIconStackItsLayersAndTheTopShelfImages() throws {
        let reading = try Support.read(.brandAsset())
        #expect(
            reading.catalog.facets.map(\.name) == [
                "App Icon", "App Icon/Back/Content", "App Icon/Front/Content", "App Icon/Middle/Content", "Top Shelf Image", "Top Shelf Image Wide",
            ])
        for facet in reading.catalog.facets {
            #expect(facet[.element] == 85 && facet[.part] == 181, "\(facet.name): an image facet, as the corpus's")
        }
        // actool's identifiers for the corpus's names; the Back layer's the writer's own.
        #expect(try reading.facet("App Icon").identifier == 38162 && (try reading.facet("Top Shelf Image Wide").identifier) == 54774)
        #expect(reading.catalog.extendedMetadata?.platform == "atv")
        #expect(reading.catalog.renditionCount == 2 + 2 + 1 + 3 * 2 + 2 + 2)

        let stack = try reading.rendition("App Icon", idiom: .universal, scale: 1)
        #expect(stack.header.layout == .layerStack && stack.header.pixelFormat == .data && stack.header.name == "Contents.json")
        #expect(stack.header.width == 400 && stack.header.height == 240 && stack.header.scaleFactor == 100)
        #expect(stack.uti == "public.layeredimage")
        #expect(reading.layerNames(stack) == Self.layers, "bottom first")
        for layer in stack.layers {
            #expect(layer.frame == CARFrame(x: 0, y: 0, width: 400, height: 240) && layer.blendMode == 0 && layer.opacity == 1)
            #expect(layer.key.map(\.attribute) == [.element, .part, .identifier] && layer.key.prefix(2).map(\.value) == [85, 181])
        }
        guard case .rawData(let contents) = try reading.catalog.payload(of: stack, in: reading.store) else {
            Issue.record("a raw-data payload")
            return
        }
        #expect(contents.bytes.isEmpty)

        let flattened = try reading.rendition("App Icon", part: 208, idiom: .tv, scale: 2)
        #expect(flattened.header.layout.rawValue == 0 && flattened.header.pixelFormat == .argb && flattened.header.name == "ZZZZFlattenedImage-2.1.0-gamut0")
        #expect(flattened.header.width == 800 && flattened.header.height == 480 && flattened.header.scaleFactor == 200)
        #expect(try Support.slice(flattened) == [0, 0], "one empty slice, as the corpus's")
        #expect(try reading.catalog.bitmap(of: flattened, in: reading.store).isOpaque == true)
        let radiosity = try reading.rendition("App Icon", part: 209, idiom: .tv, scale: 2)
        #expect(radiosity.header.width == 960 && radiosity.header.height == 640 && radiosity.header.name == "ZZZZRadiosityImage-2.0.0")
        guard case .pixels(let stream) = try reading.catalog.payload(of: radiosity, in: reading.store) else {
            Issue.record("pixels")
            return
        }
        #expect(!stream.isChunked, "one stream, as the corpus's")
        #expect(try reading.catalog.bitmap(of: radiosity, in: reading.store).width == 960)

        for name in Self.layers {
            let layer = try reading.rendition(name, idiom: .tv, scale: 2)
            let jpeg = try Support.jpeg(layer, in: reading)
            #expect(jpeg.width == 800 && jpeg.height == 480 && jpeg.scaleFactor == 200, "\(name)")
        }
        for (name, width) in [("Top Shelf Image", UInt32(1920)), ("Top Shelf Image Wide", 2320)] {
            #expect(try reading.renditions(name).count == 2)
            let one = try Support.jpeg(try reading.rendition(name, idiom: .tv, scale: 1), in: reading)
            let two = try Support.jpeg(try reading.rendition(name, idiom: .tv, scale: 2), in: reading)
            #expect(one.width == width && one.height == 720 && one.scaleFactor == 100, "\(name)")
            #expect(two.width == 2 * width && two.height == 1440 && two.scaleFactor == 200, "\(name)")
        }
        let icons = try #require(try reading.catalog.iconSet(named: "App Icon", in: reading.store))
        #expect(icons.layerStacks.count == 2 && icons.images.count == 3, "the home and App Store stacks; three flattened and radiosity images")
    }

    @Test func theFoldedAppStoreIconIsAMarketingStackItsFlattenedImageAndMarketingLayers() throws {
        let reading = try Support.read(.brandAsset(FixtureBrandAsset(appStoreIcon: .folded(.transparentPixel(x: 3, y: 2)))))
        let stack = try reading.rendition("App Icon", idiom: .marketing, scale: 1)
        #expect(stack.header.layout == .layerStack && stack.header.width == 1280 && stack.header.height == 768 && stack.header.scaleFactor == 100)
        #expect(reading.layerNames(stack) == Self.layers)
        #expect(stack.layers.allSatisfy { $0.frame == CARFrame(x: 0, y: 0, width: 1280, height: 768) })
        let flattened = try reading.rendition("App Icon", part: 208, idiom: .marketing, scale: 1)
        #expect(flattened.header.width == 1280 && flattened.header.height == 768 && flattened.header.pixelFormat == .argb)
        let bitmap = try reading.catalog.bitmap(of: flattened, in: reading.store)
        #expect(bitmap.isOpaque == false && bitmap.firstTransparentPixel.map { [$0.x, $0.y] } == [3, 2], "the App Store icon's pixels")
        // The home image keeps its own pixels.
        #expect(try reading.catalog.bitmap(of: try reading.rendition("App Icon", part: 208, idiom: .tv, scale: 2), in: reading.store).isOpaque == true)
        for name in Self.layers {
            let layer = try Support.jpeg(try reading.rendition(name, idiom: .marketing, scale: 1), in: reading)
            #expect(layer.width == 1280 && layer.height == 768 && layer.scaleFactor == 100, "\(name)")
        }
        let icons = try #require(try reading.catalog.iconSet(named: "App Icon", in: reading.store))
        #expect(icons.marketingImage?.rendition == flattened, "the set's marketing image is the flattened App Store image")
        #expect(!reading.catalog.facets.contains { $0.name.contains("App Store") })
    }

    @Test func aSeparateAppStoreIconIsABrandAssetOfItsOwn() throws {
        let reading = try Support.read(.brandAsset(FixtureBrandAsset(appStoreIcon: .separate(.flat))))
        let separate = "App Icon - App Store"
        #expect(
            reading.catalog.facets.map(\.name).filter { $0.hasPrefix(separate) } == [
                separate, "\(separate)/Back/Content", "\(separate)/Front/Content", "\(separate)/Middle/Content",
            ])
        #expect(try reading.renditions("App Icon").allSatisfy { $0.key.idiom != .marketing }, "nothing of idiom marketing in App Icon")
        for name in Self.layers { #expect(try reading.renditions(name).count == 1, "\(name): the home layer alone") }
        let stack = try reading.rendition(separate, idiom: .universal, scale: 1)
        #expect(stack.header.width == 1280 && stack.header.height == 768)
        #expect(reading.layerNames(stack) == ["Back", "Middle", "Front"].map { "\(separate)/\($0)/Content" })
        let flattened = try reading.rendition(separate, part: 208, idiom: .tv, scale: 1)
        let flattenedOpaque = try reading.catalog.bitmap(of: flattened, in: reading.store).isOpaque
        #expect(flattened.header.width == 1280 && flattenedOpaque == true)
        let layer = try Support.jpeg(try reading.rendition("\(separate)/Back/Content", idiom: .tv, scale: 1), in: reading)
        #expect(layer.width == 1280 && layer.height == 768)
        let icons = try #require(try reading.catalog.iconSet(named: "App Icon", in: reading.store))
        #expect(icons.marketingImage == nil && icons.layerStacks.count == 1)
    }

    @Test func anAbsentAppStoreIconLeavesTheHomeIconAlone() throws {
        let reading = try Support.read(.brandAsset(FixtureBrandAsset(appStoreIcon: .absent, radiosity: false, topShelf: nil, topShelfWide: nil)))
        #expect(reading.catalog.facets.map(\.name) == ["App Icon", "App Icon/Back/Content", "App Icon/Front/Content", "App Icon/Middle/Content"])
        #expect(try reading.renditions("App Icon").map(\.key[.part]).sorted() == [181, 208])
        #expect(reading.catalog.renditions.allSatisfy { $0.key.idiom != .marketing })
    }

    @Test(arguments: [2, 3, 4, 5])
    func aStackHasTwoToFiveLayersBottomFirst(_ count: Int) throws {
        let names = FixtureBrandAsset.layerNames(count)
        #expect(names.count == count && names.last == "Front" && (count == 2 ? names == ["Middle", "Front"] : names.first == "Back"))
        let reading = try Support.read(.brandAsset(FixtureBrandAsset(layers: names, appStoreIcon: .absent, radiosity: false, topShelf: nil, topShelfWide: nil)))
        let stack = try reading.rendition("App Icon", idiom: .universal, scale: 1)
        #expect(reading.layerNames(stack) == names.map { "App Icon/\($0)/Content" })
        #expect(Set(stack.layers.map(\.key)).count == count)
    }

    @Test func layersAndTopShelfImagesMayBeARGBBitmaps() throws {
        let wide = FixtureBrandAsset.TopShelfImage(
            name: "Top Shelf Image Wide", format: .argb, pixels: .transparentPixel(x: 0, y: 0), scales: [1], width: 232, height: 72)
        let asset = FixtureBrandAsset(
            layers: FixtureBrandAsset.layerNames(2), layerFormat: .argb, appStoreIcon: .absent, radiosity: false, topShelf: nil, topShelfWide: wide)
        let reading = try Support.read(.brandAsset(asset))
        let front = try reading.rendition("App Icon/Front/Content", idiom: .tv, scale: 2)
        #expect(front.header.pixelFormat == .argb && front.header.width == 800 && front.header.height == 480 && front.header.flags.rawValue == 0)
        #expect(try Support.slice(front) == [800, 480])
        #expect(try reading.catalog.bitmap(of: front, in: reading.store).isOpaque == true)
        let image = try reading.rendition("Top Shelf Image Wide", idiom: .tv, scale: 1)
        #expect(image.header.pixelFormat == .argb && image.header.width == 232 && image.header.height == 72 && image.header.layout == .onePartScale)
        let bitmap = try reading.catalog.bitmap(of: image, in: reading.store)
        #expect(bitmap.firstTransparentPixel.map { [$0.x, $0.y] } == [0, 0], "alpha, as a PNG source gives (ITMS-90497)")
    }

    @Test func brandAssetsAppleWouldNotCompileThrow() {
        func fails(_ asset: FixtureBrandAsset, _ reason: String) {
            #expect(throws: AssetCatalogWriterError.invalidAsset(name: "App Icon", reason: reason)) { try FixtureAssetCatalog.brandAsset(asset).bytes() }
        }
        fails(FixtureBrandAsset(layers: ["Front"]), "1 layers; a tvOS icon has 2 to 5")
        fails(FixtureBrandAsset(layers: FixtureBrandAsset.layerNames(6)), "6 layers; a tvOS icon has 2 to 5")
        fails(FixtureBrandAsset(layers: ["Front", "Front"]), "two layers are named Front")
        fails(FixtureBrandAsset(topShelf: .standard(pixels: .translucent(alpha: 9))), "Top Shelf Image: a JPEG has no alpha channel; its pixels are opaque")
        var scales = FixtureBrandAsset.TopShelfImage.wide()
        scales.scales = [3]
        fails(FixtureBrandAsset(topShelfWide: scales), "Top Shelf Image Wide: scales [3]; 1, 2 or both")
        #expect(throws: AssetCatalogWriterError.duplicateName("App Icon")) {
            try FixtureAssetCatalog(iconSets: [.singleSize("App Icon")], brandAssets: [FixtureBrandAsset()]).bytes()
        }
    }

    @Test func theStreamedReaderListsBrandAssetsAsTheWholeStore() throws {
        try Support.expectStreamedListingIsTheWholeOne(try Support.read(.brandAsset()))
        try Support.expectStreamedListingIsTheWholeOne(try Support.read(.brandAsset(FixtureBrandAsset(appStoreIcon: .separate(.flat)))))
    }

    @Test(arguments: FixtureAssetCatalog.Layout.allCases)
    func theLayoutIsTheRealCataloguesLayout(_ layout: FixtureAssetCatalog.Layout) throws {
        #expect(try AssetCatalogLayoutRules.violations(try FixtureAssetCatalog.brandAsset(layout: layout).bytes(), layout: layout) == [])
    }
}
