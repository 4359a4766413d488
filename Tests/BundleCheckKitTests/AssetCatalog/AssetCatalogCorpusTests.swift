import Testing

@testable import BundleCheckFormats

/// The corpus's five `Assets.car` files (Xcode 6.3 to 15.2) as the CAR reader lists them. The
/// facts asserted come from elsewhere than this reader: the header's own version string, the
/// sizes Apple's icon sets have, the loose PNGs Xcode writes beside the catalog, the file
/// signatures of JPEG and PDF, and a separate decoding of the catalogs in Python (made while
/// writing the reader, its listing in the issue's closing note).
@Suite struct AssetCatalogCorpusTests {
    static let enabled = RepositoryPaths.corpusTestsEnabled

    @Test(.enabled(if: enabled, "needs ../shared/corpus"), arguments: CorpusCatalog.allCases)
    func theHeaderAgreesWithTheVersionStringAndTheTree(_ corpus: CorpusCatalog) throws {
        guard let (_, catalog) = try corpus.open() else { return }
        // "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-866.4" carries the version the header states in binary.
        let project = try #require(catalog.header.mainVersion.split(separator: "-").last)
        #expect(project.hasPrefix("\(catalog.header.coreUIVersion)."), "\(catalog.header.mainVersion) vs \(catalog.header.coreUIVersion)")
        #expect(Int(catalog.header.renditionCount) == catalog.renditions.count)
        // Every rendition of an asset names its facet; only atlases (element 9) carry identifier 0.
        for rendition in catalog.renditions {
            if rendition.key.identifier == 0 {
                #expect(rendition.key[.element] == 9 && rendition.header.layout == .packedImage, "\(rendition.header.name)")
            } else {
                #expect(rendition.facetName != nil, "\(rendition.header.name)")
            }
        }
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func keyFormatsAndPlatforms() throws {
        let expected: [CorpusCatalog: ([CARAttribute], String?)] = [
            .tv: ([.appearance, .scale, .idiom, .subtype, .identifier, .element, .part, .state], "atv"),
            .mac: ([.element, .part, .identifier, .dimension2, .scale], "macosx"),
            .shorebird: ([.scale, .idiom, .subtype, .dimension2, .dimension1, .identifier, .element, .part], "ios"),
            .saucy: (
                [
                    .scale, .idiom, .subtype, .graphicsClass, .memoryClass, .sizeClassHorizontal, .sizeClassVertical, .identifier, .element, .part, .state,
                    .value,
                ], nil
            ),
            .simulator: (
                [
                    .scale, .idiom, .subtype, .graphicsClass, .memoryClass, .sizeClassHorizontal, .sizeClassVertical, .identifier, .element, .part, .state,
                    .value, .dimension1,
                ], nil
            ),
        ]
        for (corpus, (attributes, platform)) in expected {
            guard let (_, catalog) = try corpus.open() else { return }
            #expect(catalog.keyFormat.attributes == attributes, "\(corpus)")
            #expect(catalog.extendedMetadata?.platform == platform, "\(corpus)")
        }
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func facetsAndTheirIdentifiers() throws {
        guard let (_, tv) = try CorpusCatalog.tv.open(), let (_, mac) = try CorpusCatalog.mac.open(),
            let (_, shorebird) = try CorpusCatalog.shorebird.open(), let (_, saucy) = try CorpusCatalog.saucy.open(),
            let (_, simulator) = try CorpusCatalog.simulator.open()
        else { return }
        #expect(
            tv.facets.map(\.name) == [
                "App Icon", "App Icon/Front/Content", "App Icon/Middle/Content", "Top Shelf Image", "Top Shelf Image Wide", "bgColor", "titleColor",
            ])
        #expect(mac.facets.map(\.name) == ["AppIcon"])
        #expect(shorebird.facets.map(\.name) == ["2023-07-16 15.11.44", "AppIcon", "LaunchImage"])
        #expect(saucy.facets.map(\.name) == ["first", "second"] && simulator.facets.map(\.name) == ["first", "second"])
        // The identifier follows from the name: catalogs of different apps and Xcodes agree on it.
        #expect(mac.facet(named: "AppIcon")?.identifier == shorebird.facet(named: "AppIcon")?.identifier)
        #expect(saucy.facet(named: "first")?.identifier == simulator.facet(named: "first")?.identifier)
        #expect(saucy.facet(named: "first")?.identifier != saucy.facet(named: "second")?.identifier)
        for catalog in [tv, mac, shorebird, saucy, simulator] {
            for facet in catalog.facets {
                #expect(facet[.element] == 85, "\(facet.name)")
                #expect(!catalog.renditions(of: facet).isEmpty, "\(facet.name) has renditions")
            }
        }
    }

    /// Apple's iOS app icon set: each idiom's sizes in points and the scales each comes in.
    static let iOSIcons: Set<String> = [
        "phone 20@2", "phone 20@3", "phone 29@1", "phone 29@2", "phone 29@3", "phone 40@2", "phone 40@3", "phone 60@2", "phone 60@3",
        "pad 20@1", "pad 20@2", "pad 29@1", "pad 29@2", "pad 40@1", "pad 40@2", "pad 76@1", "pad 76@2", "pad 83@2", "marketing 1024@1",
    ]

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func theFlutterAppIconSetHasEverySizeOfAnIOSIcon() throws {
        guard let (store, catalog) = try CorpusCatalog.shorebird.open() else { return }
        let icons = try #require(try catalog.iconSet(named: "AppIcon", in: store))
        var listed: Set<String> = []
        for image in icons.images {
            let points = try #require(image.pointSize, "\(image.rendition.header.name) has a size in its idiom's set")
            #expect(points.width == points.height)
            // 83.5 points are stored as 83; 83.5 × 2 = 167 pixels.
            let expectedPixels = points.width == 83 ? 167 : points.width * image.scale
            #expect(image.pixelWidth == expectedPixels && image.pixelHeight == expectedPixels, "\(image.rendition.header.name)")
            #expect(image.rendition.header.pixelFormat == .argb)
            #expect([.onePartScale, .internalLink].contains(image.rendition.header.layout))
            if image.rendition.key[.subtype] == 0 { listed.insert("\(image.idiom) \(points.width)@\(image.scale)") }
        }
        #expect(listed == Self.iOSIcons)
        #expect(icons.images.count == 20, "19 and the 90-point @2x of iPhones 1792 pixels high (subtype 1792)")
        // The loose PNGs beside the catalog: 120 and 152 pixels square.
        #expect(icons.images.contains { $0.idiom == .phone && $0.pixelWidth == 120 && $0.scale == 2 })
        #expect(icons.images.contains { $0.idiom == .pad && $0.pixelWidth == 152 && $0.scale == 2 })
        let marketing = try #require(icons.marketingImage)
        #expect(marketing.pixelWidth == 1024 && marketing.rendition.header.layout == .onePartScale && marketing.rendition.internalLink == nil)
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func theMacAppIconSetIsTenGreyImages() throws {
        guard let (store, catalog) = try CorpusCatalog.mac.open() else { return }
        let icons = try #require(try catalog.iconSet(in: store))
        let sizes = icons.images.map { "\($0.pointSize?.width ?? 0)@\($0.scale)=\($0.pixelWidth)" }.sorted()
        #expect(sizes == ["128@1=128", "128@2=256", "16@1=16", "16@2=32", "256@1=256", "256@2=512", "32@1=32", "32@2=64", "512@1=512", "512@2=1024"])
        #expect(icons.images.allSatisfy { $0.rendition.header.pixelFormat == .gray8 && $0.idiom == .universal })
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func theTVIconIsALayerStackOfTwoJPEGLayers() throws {
        guard let (store, catalog) = try CorpusCatalog.tv.open() else { return }
        let icons = try #require(try catalog.iconSet(named: "App Icon", in: store))
        let stack = try #require(icons.layerStacks.first)
        #expect(icons.layerStacks.count == 1)
        #expect(stack.uti == "public.layeredimage" && stack.header.width == 400 && stack.header.height == 240)
        let layerIDs = stack.layers.compactMap { layer in layer.key.first { $0.attribute == .identifier }?.value }
        #expect(Set(layerIDs) == Set(["App Icon/Front/Content", "App Icon/Middle/Content"].compactMap { catalog.facet(named: $0)?.identifier }))
        #expect(stack.layers.allSatisfy { $0.frame == CARFrame(x: 0, y: 0, width: 400, height: 240) && $0.opacity == 1 })
        // The flattened image the system shows, 800×480 at @2x, is the icon facet's part 208.
        let flattened = try #require(icons.images.first { $0.rendition.key[.part] == 208 })
        #expect(flattened.pixelWidth == 800 && flattened.pixelHeight == 480 && flattened.rendition.header.pixelFormat == .argb)
        for name in ["App Icon/Front/Content", "App Icon/Middle/Content"] {
            let facet = try #require(catalog.facet(named: name))
            let layer = try #require(catalog.renditions(of: facet).first)
            guard case .rawData(let jpeg) = try catalog.payload(of: layer, in: store) else {
                Issue.record("\(name) is a JPEG")
                continue
            }
            #expect(jpeg.bytes.starts(with: [0xFF, 0xD8, 0xFF]) && layer.header.pixelFormat == .jpeg)
        }
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func payloadsOfEveryKindRead() throws {
        // (catalog, the compressions of its bitmaps): from the Python decoding.
        let compressions: [CorpusCatalog: Set<CARCompression>] = [
            .tv: [.lzfse, .blurred], .mac: [.lzfse], .shorebird: [.runLength, .lzfse, .deepmap2], .saucy: [.lzvn], .simulator: [.lzfse],
        ]
        for (corpus, expected) in compressions {
            guard let (store, catalog) = try corpus.open() else { return }
            var seen: Set<CARCompression> = []
            for rendition in catalog.renditions {
                switch try catalog.payload(of: rendition, in: store) {
                case .pixels(let pixels):
                    seen.insert(pixels.compression)
                    #expect(rendition.header.pixelFormat == .argb || rendition.header.pixelFormat == .gray8)
                case .rawData(let raw):
                    switch rendition.header.pixelFormat {
                    case .jpeg: #expect(raw.bytes.starts(with: [0xFF, 0xD8, 0xFF]))
                    case .pdf: #expect(raw.bytes.starts(with: Array("%PDF".utf8)))
                    default: #expect(rendition.header.layout == .layerStack && raw.bytes.isEmpty)
                    }
                case .multisizeImageSet(let set): #expect(!set.entries.isEmpty && rendition.header.layout == .multisizeImageSet)
                case .color(let color): #expect(rendition.header.layout == .color && !color.components.isEmpty)
                case .gradient: Issue.record("\(corpus) \(rendition.header.name): a named gradient, which only Icon Composer catalogs hold")
                case .none: #expect(rendition.header.layout == .internalLink && rendition.internalLink != nil)
                case .unknown(let tag, _): Issue.record("\(corpus) \(rendition.header.name): a payload tagged \(tag)")
                }
            }
            #expect(seen == expected, "\(corpus)")
        }
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func theRunLengthIconDecodes() throws {
        guard let (store, catalog) = try CorpusCatalog.shorebird.open() else { return }
        let icon = try #require(catalog.renditions.first { $0.header.name == "Icon-App-29x29@1x.png" && $0.key.idiom == .phone })
        let bitmap = try catalog.bitmap(of: icon, in: store)
        #expect(bitmap.width == 29 && bitmap.height == 29 && bitmap.rowBytes == 128)
        // Row 4's runs, read off the file by hand: 15 white, one literal, 5 of Flutter's light blue
        // (#5CC8F8, B G R A as ARGB stores it).
        #expect(Array(bitmap.pixel(x: 14, y: 4)) == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(Array(bitmap.pixel(x: 15, y: 4)) == [0xFC, 0xE3, 0xAD, 0xFF])
        #expect((16...20).allSatisfy { Array(bitmap.pixel(x: $0, y: 4)) == [0xF8, 0xC8, 0x5C, 0xFF] })
        #expect(bitmap.isOpaque == true)
    }

    @Test(.enabled(if: enabled, "needs ../shared/corpus"))
    func listingFetchesNoPayload() throws {
        guard let (store, _) = try CorpusCatalog.shorebird.open() else { return }
        let source = try PrefixOnlySource(store: store)
        let catalog = try AssetCatalog.read(source, variables: store.variables)
        #expect(catalog.renditions.count == 34)
        #expect(source.wholeBlocks.isDisjoint(with: catalog.renditions.map(\.block)), "no rendition's value block was fetched whole")
        #expect(source.prefixLengths.values.allSatisfy { $0 <= 400 }, "\(source.prefixLengths.values.max() ?? 0)")
        // The pixels are a step of their own, which this source refuses.
        #expect(throws: AssetCatalogError.self) { try catalog.bitmap(of: catalog.renditions[1], in: source) }
    }
}

/// A block source that hands out rendition blocks only in part, as one fetching byte ranges
/// would before the pixels are asked for: a rendition's value block whole is "not fetched".
final class PrefixOnlySource: BOMBlockSource, @unchecked Sendable {
    let store: BOMStore
    let renditionBlocks: Set<UInt32>
    var wholeBlocks: Set<UInt32> = []
    var prefixLengths: [UInt32: Int] = [:]

    init(store: BOMStore) throws {
        self.store = store
        self.renditionBlocks = Set(try store.tree("RENDITIONS").entries(in: store).map(\.value))
    }

    var limits: BOMLimits { store.limits }

    func block(_ id: UInt32, part: String) throws(BOMError) -> BOMBlock {
        let block = try store.block(id, part: part)
        guard !renditionBlocks.contains(id) else { throw .blockTooLarge(id: id, length: UInt32(block.count), limit: 0) }
        wholeBlocks.insert(id)
        return block
    }

    func blockLength(_ id: UInt32, part: String) throws(BOMError) -> Int {
        try store.blockRange(of: id, part: part).count
    }

    func blockPrefix(_ id: UInt32, count: Int, part: String) throws(BOMError) -> BOMBlock {
        prefixLengths[id] = max(prefixLengths[id] ?? 0, count)
        let block = try store.block(id, part: part)
        return BOMBlock(id: id, bytes: block.bytes.prefix(count))
    }
}
