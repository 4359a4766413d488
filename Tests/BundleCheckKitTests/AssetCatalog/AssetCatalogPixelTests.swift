import Testing

@testable import BundleCheckFormats

/// The corpus catalogs' bitmaps decoded: against the loose PNGs Xcode writes beside the
/// catalog, against each other where `actool` stored one image twice by different routes (run-
/// length and in an LZFSE atlas; bare LZVN in 2015 and an LZFSE atlas in a later build), and
/// whether each app icon has a pixel that is not opaque (what ITMS-90717 refuses in the
/// App Store icon).
@Suite struct AssetCatalogPixelTests {
    static let enabled = RepositoryPaths.corpusTestsEnabled

    @Test(
        .enabled(if: enabled, "needs ../shared/corpus"),
        arguments: [
            ("AppIcon60x60@2x.png", CARIdiom.phone, 120), ("AppIcon76x76@2x~ipad.png", CARIdiom.pad, 152),
        ])
    func iconsEqualTheLoosePNGsXcodeWroteBesideThem(_ png: String, _ idiom: CARIdiom, _ pixels: Int) throws {
        guard let (store, catalog) = try CorpusCatalog.shorebird.open(), let file = try CorpusCatalog.shorebird.file(endingWith: "/" + png) else { return }
        let expected = try PalettePNG.premultipliedBGRA(file)
        let icon = try #require(
            catalog.renditions.first {
                $0.facetName == "AppIcon" && $0.key.idiom == idiom && $0.header.scaleFactor == 200 && $0.header.width == UInt32(pixels)
            })
        #expect(icon.header.layout == .internalLink, "cropped from an atlas, its frame's y counted from the bottom")
        let bitmap = try catalog.bitmap(of: icon, in: store)
        #expect(bitmap.width == expected.width && bitmap.height == expected.height)
        #expect(bitmap.packedPixels == expected.pixels)
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func theRunLengthIconEqualsItsTwinInTheAtlas() throws {
        guard let (store, catalog) = try CorpusCatalog.shorebird.open() else { return }
        let twins = catalog.renditions.filter { $0.header.name == "Icon-App-29x29@1x.png" }
        let runLength = try #require(twins.first { $0.key.idiom == .phone })
        let linked = try #require(twins.first { $0.key.idiom == .pad })
        #expect(runLength.internalLink == nil && linked.internalLink != nil)
        let own = try catalog.bitmap(of: runLength, in: store)
        #expect(own.rowBytes == 128, "rows padded to 128 bytes (property 1007)")
        #expect(own.packedPixels == (try catalog.bitmap(of: linked, in: store)).packedPixels)
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func theSameVectorImageDecodesAlikeFromLZVNIn2015AndFromAnLZFSEAtlas() throws {
        guard let (saucyStore, saucy) = try CorpusCatalog.saucy.open(), let (simulatorStore, simulator) = try CorpusCatalog.simulator.open() else { return }
        var compared = 0
        for rendition in saucy.renditions where rendition.header.pixelFormat == .argb {
            let twin = try #require(
                simulator.renditions.first { $0.header.name == rendition.header.name && $0.header.scaleFactor == rendition.header.scaleFactor })
            let mine = try saucy.bitmap(of: rendition, in: saucyStore)
            let theirs = try simulator.bitmap(of: twin, in: simulatorStore)
            #expect(mine.width == theirs.width && mine.height == theirs.height)
            for y in 0..<mine.height {
                for x in 0..<mine.width where mine.pixel(x: x, y: y) != theirs.pixel(x: x, y: y) {
                    Issue.record("\(rendition.header.name) @\(rendition.header.scaleFactor) differs at (\(x), \(y))")
                }
            }
            // A black disc on a clear ground: transparent corners, an opaque centre.
            #expect(mine.pixel(x: 0, y: 0).last == 0 && mine.pixel(x: mine.width / 2, y: mine.height / 2).last == 255)
            #expect(mine.isOpaque == false && rendition.header.flags.bitmapEncoding == 1 && rendition.header.flags.isVectorBased)
            compared += 1
        }
        #expect(compared == 6)
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"), arguments: [CorpusCatalog.shorebird, .mac])
    func everyAppIconIsOpaqueAndNoFlagSaysSo(_ corpus: CorpusCatalog) throws {
        guard let (store, catalog) = try corpus.open() else { return }
        let icons = try #require(try catalog.iconSet(in: store))
        #expect(icons.images.count == (corpus == .mac ? 10 : 20))
        for image in icons.images {
            let bitmap = try catalog.bitmap(of: image.rendition, in: store)
            #expect(bitmap.width == Int(image.pixelWidth) && bitmap.height == Int(image.pixelHeight))
            #expect(bitmap.isOpaque == true, "\(image.rendition.header.name)")
            // Neither write-up's "opaque" bit (3 or 4) is set on these opaque images.
            #expect(image.rendition.header.flags.rawValue == 0, "\(image.rendition.header.name)")
        }
        if corpus == .shorebird {
            // The App Store icon, the one ITMS-90717 judges: 1024 pixels, a bitmap of its own.
            let marketing = try #require(icons.marketingImage)
            let bitmap = try catalog.bitmap(of: marketing.rendition, in: store)
            #expect(bitmap.width == 1024 && bitmap.isOpaque == true && bitmap.firstTransparentPixel == nil)
        }
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func theTransparentPixelIsFound() throws {
        guard let (store, catalog) = try CorpusCatalog.saucy.open() else { return }
        let disc = try #require(catalog.renditions.first { $0.header.name == "first.pdf" && $0.header.scaleFactor == 100 })
        let bitmap = try catalog.bitmap(of: disc, in: store)
        let first = try #require(bitmap.firstTransparentPixel)
        #expect(first.x == 0 && first.y == 0)
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"), arguments: CorpusCatalog.allCases)
    func everyBitmapDecodesButTheCompressionsLeftOut(_ corpus: CorpusCatalog) throws {
        guard let (store, catalog) = try corpus.open() else { return }
        for rendition in catalog.renditions where rendition.header.pixelFormat.bytesPerPixel != nil {
            let result = Result { () throws(AssetCatalogError) in try catalog.bitmap(of: rendition, in: store) }
            switch result {
            case .success(let bitmap):
                #expect(bitmap.width == Int(rendition.header.width) && bitmap.height == Int(rendition.header.height))
            case .failure(let error):
                guard case .unsupportedCompression(_, let compression) = error else {
                    Issue.record("\(rendition.header.name): \(error)")
                    continue
                }
                #expect([.blurred, .deepmap2].contains(compression), "\(rendition.header.name)")
            }
        }
    }
}
