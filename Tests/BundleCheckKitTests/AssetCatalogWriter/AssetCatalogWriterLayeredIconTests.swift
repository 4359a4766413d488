import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// visionOS layered icons (`FixtureLayeredIcon`, modelled on tvOS's stack) and watchOS
/// all-sizes sets read back with the project's reader.
@Suite struct AssetCatalogWriterLayeredIconTests {
    typealias Support = AssetCatalogLayeredTestSupport

    @Test func theDefaultLayeredIconIsAStackOfThreeLayersAt2x() throws {
        let reading = try Support.read(.layeredIcon())
        #expect(reading.catalog.facets.map(\.name) == ["AppIcon", "AppIcon/Back/Content", "AppIcon/Front/Content", "AppIcon/Middle/Content"])
        #expect(reading.catalog.extendedMetadata?.platform == "xros")
        #expect(reading.catalog.renditionCount == 2 + 3)
        let stack = try reading.rendition("AppIcon", idiom: .vision, scale: 2)
        #expect(stack.header.layout == .layerStack && stack.header.width == 1024 && stack.header.height == 1024 && stack.header.scaleFactor == 200)
        #expect(stack.uti == "public.layeredimage")
        #expect(reading.layerNames(stack) == ["AppIcon/Back/Content", "AppIcon/Middle/Content", "AppIcon/Front/Content"])
        #expect(stack.layers.allSatisfy { $0.frame == CARFrame(x: 0, y: 0, width: 1024, height: 1024) && $0.opacity == 1 && $0.blendMode == 0 })
        let flattened = try reading.rendition("AppIcon", part: 208, idiom: .vision, scale: 2)
        #expect(flattened.header.width == 1024 && flattened.header.pixelFormat == .argb && flattened.header.layout.rawValue == 0)
        #expect(try reading.catalog.bitmap(of: flattened, in: reading.store).isOpaque == true)
        for layer in ["Back", "Middle", "Front"] {
            let jpeg = try Support.jpeg(try reading.rendition("AppIcon/\(layer)/Content", idiom: .vision, scale: 2), in: reading)
            #expect(jpeg.width == 1024 && jpeg.height == 1024 && jpeg.scaleFactor == 200, "\(layer)")
        }
        try Support.expectStreamedListingIsTheWholeOne(reading)
    }

    /// ITMS-90967's cases: the back layer @2x (accepted), @1x, or of no scale (key scale 0,
    /// header factor 100), and @1x 512-pixel art.
    @Test(arguments: [(2, 1024, UInt16(2), UInt32(200)), (1, 1024, 1, 100), (0, 1024, 0, 100), (1, 512, 1, 100)])
    func theBackLayersScaleAndSize(_ scale: Int, _ pixels: Int, _ keyScale: UInt16, _ factor: UInt32) throws {
        let reading = try Support.read(.layeredIcon(FixtureLayeredIcon(backLayerScale: scale, backLayerPixels: pixels, flattenedPixels: nil)))
        let back = try #require(try reading.renditions("AppIcon/Back/Content").first)
        #expect(try reading.renditions("AppIcon/Back/Content").count == 1)
        #expect(back.key.scale == keyScale && back.key.idiom == .vision)
        let jpeg = try Support.jpeg(back, in: reading)
        #expect(jpeg.width == UInt32(pixels) && jpeg.height == UInt32(pixels) && jpeg.scaleFactor == factor)
        // The other layers stay at 2x.
        #expect(try reading.rendition("AppIcon/Front/Content", idiom: .vision, scale: 2).header.scaleFactor == 200)
        #expect(try reading.renditions("AppIcon").count == 1, "no flattened image")
    }

    @Test(arguments: [1, 2, 3])
    func anIconHasOneToThreeLayersTheBackOneFirst(_ count: Int) throws {
        let names = FixtureLayeredIcon.layerNames(count)
        #expect(names.first == "Back" && names.count == count)
        let reading = try Support.read(.layeredIcon(FixtureLayeredIcon(layers: names, layerFormat: .argb, backLayerPixels: 64, flattenedPixels: nil)))
        let stack = try reading.rendition("AppIcon", idiom: .vision, scale: 2)
        #expect(reading.layerNames(stack) == names.map { "AppIcon/\($0)/Content" })
        let back = try reading.rendition("AppIcon/Back/Content", idiom: .vision, scale: 2)
        let backOpaque = try reading.catalog.bitmap(of: back, in: reading.store).isOpaque
        #expect(back.header.pixelFormat == .argb && back.header.width == 64 && backOpaque == true)
    }

    @Test func layeredIconsAppleWouldNotCompileThrow() {
        func fails(_ icon: FixtureLayeredIcon, _ reason: String) {
            #expect(throws: AssetCatalogWriterError.invalidAsset(name: "AppIcon", reason: reason)) { try FixtureAssetCatalog.layeredIcon(icon).bytes() }
        }
        fails(FixtureLayeredIcon(layers: []), "0 layers; a visionOS icon has 1 to 3")
        fails(FixtureLayeredIcon(layers: FixtureLayeredIcon.layerNames(4)), "4 layers; a visionOS icon has 1 to 3")
        fails(FixtureLayeredIcon(backLayerScale: 3), "back layer scale 3; 0 (none), 1 or 2")
        fails(FixtureLayeredIcon(backLayerPixels: 0), "a back layer of 0 pixels")
        #expect(
            throws: AssetCatalogWriterError.invalidRendition(
                set: "AppIcon/Back/Content", file: "Back@2x.jpg", reason: "20000×20000 pixels; 1 to 16384 each way")
        ) {
            try FixtureAssetCatalog.layeredIcon(FixtureLayeredIcon(backLayerPixels: 20000)).bytes()
        }
    }

    @Test func aWatchAllSizesSetListsEachScreensSizes() throws {
        let catalog = FixtureAssetCatalog(iconSets: [.watchAllSizes(pixels: .translucent(alpha: 100))], deploymentPlatform: "watchos")
        let reading = try Support.read(catalog)
        let set = try #require(try reading.catalog.iconSet(named: "AppIcon", in: reading.store))
        let watch = set.images.filter { $0.idiom == .watch }
        #expect(watch.count == 8 && watch.allSatisfy { $0.scale == 2 })
        var listed: [String] = []
        for image in watch {
            let points = try #require(image.pointSize, "\(image.rendition.header.name) has a size in its subtype's set")
            #expect(image.pixelWidth == image.pixelHeight)
            listed.append("\(points.width)@\(image.rendition.key[.subtype])=\(image.pixelWidth)")
        }
        #expect(listed.sorted() == ["108@0=216", "24@320=48", "27@390=55", "29@0=58", "40@320=80", "44@390=88", "86@320=172", "98@390=196"])
        let sizeLists = reading.catalog.renditions.filter { $0.header.layout == .multisizeImageSet }
        #expect(sizeLists.map { "\($0.key.idiom) \($0.key[.subtype])" }.sorted() == ["marketing 0", "watch 0", "watch 320", "watch 390"])
        let marketing = try #require(set.marketingImage)
        #expect(marketing.pixelWidth == 1024 && marketing.pointSize?.width == 1024 && marketing.scale == 1)
        #expect(try reading.catalog.bitmap(of: marketing.rendition, in: reading.store).isOpaque == false)
        try Support.expectStreamedListingIsTheWholeOne(reading)
    }
}
