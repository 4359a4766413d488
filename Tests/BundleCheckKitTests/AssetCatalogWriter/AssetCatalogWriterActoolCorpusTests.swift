import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// What the writer makes of a single-size set and an Icon Composer icon, set against what
/// actool made of them in the corpus, rendition by rendition through the project's reader:
/// sentry-cli's single-size-icon.ipa (Xcode 16.4, an iPhone app's single-size set, its
/// catalogue thinned for idiom 1) and icon-composer/Assets.car (Xcode 26.0, a Mac app's Icon
/// Composer icon; no licence: read here at test time, nothing of it kept in the project).
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"))
struct AssetCatalogWriterActoolCorpusTests {
    struct Reading {
        let store: BOMStore
        let catalog: AssetCatalog

        init(_ bytes: [UInt8]) throws {
            store = try BOMStore(bytes: bytes)
            catalog = try AssetCatalog.read(store)
        }

        func variable(_ name: String) throws -> [UInt8] { Array(try store.variable(name).bytes) }

        /// A tree of names' pairs, each name and value joined.
        func names(_ tree: String) throws -> [String: [UInt8]] {
            Dictionary(
                uniqueKeysWithValues: try store.tree(tree).pairs(in: store).map { (String(decoding: $0.key.bytes, as: UTF8.self), Array($0.value.bytes)) })
        }

        /// `BITMAPKEYS`' value for the facet `name`.
        func bitmap(_ name: String) throws -> [UInt8] {
            let identifier = try #require(catalog.facet(named: name)?.identifier)
            let entry = try #require(try store.tree("BITMAPKEYS").entries(in: store).first { $0.key == UInt32(identifier) })
            return Array(try store.block(entry.value).bytes)
        }

        /// The block of a rendition's value, whole.
        func value(_ rendition: CARRendition) throws -> [UInt8] { Array(try store.block(rendition.block).bytes) }

        /// A rendition told apart without its identifier: its facet's name (`atlas` for a packed
        /// atlas) and its other non-zero attributes.
        func shape(_ rendition: CARRendition) -> String {
            let facet = rendition.facetName ?? (rendition.key.identifier == 0 ? "atlas" : "identifier \(rendition.key.identifier)")
            let attributes = zip(rendition.key.format, rendition.key.values).filter { $0.0 != .identifier && $0.1 != 0 }.sorted { $0.0 < $1.0 }
            return facet + " " + attributes.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        }
    }

    static func singleSize() throws -> Reading? {
        try AssetCatalogTestSupport.realCatalogue("sentry-cli/single-size-icon.ipa").map(Reading.init)
    }

    static func iconComposer() throws -> Reading? {
        guard let path = RepositoryPaths.corpusOrSkip("icon-composer/Assets.car") else { return nil }
        return try Reading([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func tags(_ rendition: CARRendition) -> [[UInt32]] { rendition.properties.map { [$0.type, UInt32($0.value.count)] } }

    static func property(_ rendition: CARRendition, _ type: UInt32) -> [UInt8]? {
        rendition.properties.first { $0.type == type }.map { Array($0.value) }
    }

    static func pixels(_ rendition: CARRendition, in reading: Reading) throws -> CARPixelPayload? {
        guard case .pixels(let pixels) = try reading.catalog.payload(of: rendition, in: reading.store) else { return nil }
        return pixels
    }

    @Test func theSingleSizeSetIsXcode16_4sRenditionByRendition() throws {
        guard let real = try Self.singleSize() else { return }
        let mine = try Reading(try FixtureAssetCatalog.appIcon().bytes())
        // The header whole (2 renditions in both), the key format, the platform and authoring
        // tool; the real one records its thinning and a deployment target of 15.0.
        #expect(try mine.variable("CARHEADER") == real.variable("CARHEADER"))
        #expect(try mine.variable("KEYFORMAT") == real.variable("KEYFORMAT"))
        #expect(mine.catalog.extendedMetadata?.platform == real.catalog.extendedMetadata?.platform)
        #expect(mine.catalog.extendedMetadata?.authoringTool == real.catalog.extendedMetadata?.authoringTool)
        #expect(real.catalog.extendedMetadata?.thinningArguments.hasPrefix("carutil 918.300000, thinned <mode app> <idiom 1>") == true)
        #expect(try mine.names("APPEARANCEKEYS") == real.names("APPEARANCEKEYS") && mine.names("APPEARANCEKEYS") == ["UIAppearanceAny": [0, 0]])
        #expect(Array(try mine.variable("APPEARANCEKEYS").suffix(9)) == Array(try real.variable("APPEARANCEKEYS").suffix(9)), "the key length")
        #expect(try mine.names("FACETKEYS") == real.names("FACETKEYS"))
        #expect(try mine.bitmap("AppIcon") == real.bitmap("AppIcon"))

        #expect(mine.catalog.renditions.count == 2 && real.catalog.renditions.count == 2)
        for (rendition, theirs) in zip(mine.catalog.renditions, real.catalog.renditions) {
            #expect(rendition.key.format == theirs.key.format && rendition.key.values == theirs.key.values, "\(theirs.key)")
            let header = rendition.header, realHeader = theirs.header
            #expect(header.version == realHeader.version && header.flags == realHeader.flags && header.layout == realHeader.layout)
            #expect(header.width == realHeader.width && header.height == realHeader.height && header.scaleFactor == realHeader.scaleFactor)
            #expect(header.bitmapCount == realHeader.bitmapCount)
            #expect(rendition.properties.map(\.type) == theirs.properties.map(\.type), "\(theirs.key)")
            switch realHeader.layout {
            case .multisizeImageSet:
                #expect(try mine.value(rendition) == real.value(theirs), "the size list byte for byte")
            case .onePartScale:
                // RGBW (16-bit half floats, colour space 4) there, ARGB here: the row length follows.
                #expect(realHeader.pixelFormat == .wideRGB && realHeader.colorSpaceID == 4 && theirs.rowBytes == 8 * 1024)
                #expect(header.pixelFormat == .argb && header.colorSpaceID == 1 && rendition.rowBytes == 4 * 1024)
                for property in theirs.properties where property.type != CARRenditionTLV.rowBytes {
                    #expect(Self.property(rendition, property.type) == Array(property.value), "property \(property.type)")
                }
                #expect(realHeader.name == "Primary-Light@2x.png" && header.name.hasSuffix(".png"), "the source file's name")
                let pixels = try #require(try Self.pixels(rendition, in: mine)), realPixels = try #require(try Self.pixels(theirs, in: real))
                #expect(pixels.version == realPixels.version && pixels.compression == realPixels.compression)
                #expect(pixels.chunks.map(\.rows) == realPixels.chunks.map(\.rows), "341, 341, 341, 1")
            default:
                Issue.record("an AppIcon rendition of layout \(realHeader.layout) in the real catalogue")
            }
        }
    }

    @Test func theIconComposerIconIsXcode26sRenditionByRendition() throws {
        guard let real = try Self.iconComposer() else { return }
        let composition = FixtureIconComposition(glyph: "4D", glyphFrame: [140, 246, 744, 531], translucency: 0.42)
        let mine = try Reading(try FixtureAssetCatalog.iconComposer(.iconComposerMac(composition: composition), deploymentTarget: "10.13").bytes())
        let header = try mine.variable("CARHEADER"), realHeader = try real.variable("CARHEADER")
        #expect(AssetCatalogTestSupport.littleEndian32(realHeader[...], 16) == 22 && header == realHeader, "the header, its 22 renditions too")
        for name in ["KEYFORMAT", "EXTENDED_METADATA"] {
            #expect(try mine.variable(name) == real.variable(name), "\(name)")
        }
        #expect(try mine.names("APPEARANCEKEYS") == real.names("APPEARANCEKEYS"))
        #expect(Array(try mine.variable("APPEARANCEKEYS").suffix(9)) == Array(try real.variable("APPEARANCEKEYS").suffix(9)), "names of several lengths")

        // The facets, every one of them; each of the same element and part as there.
        let facets = try mine.names("FACETKEYS"), realFacets = try real.names("FACETKEYS")
        #expect(facets["AppIcon"] == realFacets["AppIcon"])
        #expect(Set(facets.keys) == Set(realFacets.keys))
        for (name, value) in realFacets where name != "AppIcon" {
            #expect(facets[name].map { Array($0.prefix(16)) } == Array(value.prefix(16)), "\(name): element 85 and its part")
        }
        for name in ["AppIcon", "AppIcon/Group"] {
            #expect(try mine.bitmap(name) == real.bitmap(name), "\(name)'s bitmap")
        }

        // The same renditions, by everything but identifiers.
        let renditions = mine.catalog.renditions, realRenditions = real.catalog.renditions
        #expect(renditions.count == 22 && realRenditions.count == 22)
        #expect(Set(renditions.map(mine.shape)) == Set(realRenditions.map(real.shape)))
        let fallbackName = try Regex(#"AppIcon(\d+)x\1_NSAppearanceNameSystem_[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}-\d+-[0-9A-F]{16}\.png"#)
        for theirs in realRenditions {
            let shape = real.shape(theirs)
            guard let rendition = renditions.first(where: { mine.shape($0) == shape }) else { continue }
            let header = rendition.header, realHeader = theirs.header
            // The atlas is as large as each packer made it; everything else has the same size.
            let atlas = realHeader.layout == .packedImage
            #expect(header.version == realHeader.version && header.flags == realHeader.flags && header.layout == realHeader.layout, "\(shape)")
            #expect(atlas || (header.width == realHeader.width && header.height == realHeader.height), "\(shape)")
            #expect(header.scaleFactor == realHeader.scaleFactor && header.pixelFormat == realHeader.pixelFormat, "\(shape)")
            #expect(header.colorSpaceID == realHeader.colorSpaceID && header.bitmapCount == realHeader.bitmapCount, "\(shape)")
            #expect(Self.tags(rendition) == Self.tags(theirs), "\(shape)'s properties and their lengths")
            var types = [
                CARRenditionTLV.slices, CARRenditionTLV.metrics, CARRenditionTLV.blendModeAndOpacity, CARRenditionTLV.uti, CARRenditionTLV.exifOrientation,
            ]
            if !atlas { types.append(CARRenditionTLV.rowBytes) }
            for type in types {
                #expect(Self.property(rendition, type) == Self.property(theirs, type), "\(shape)'s property \(type)")
            }
            if theirs.key[.part] == 220 {
                #expect(realHeader.name.wholeMatch(of: fallbackName) != nil && header.name.wholeMatch(of: fallbackName) != nil, "\(header.name)")
                #expect(header.name.prefix(while: { $0 != "_" }) == realHeader.name.prefix(while: { $0 != "_" }), "AppIcon<points>x<points>")
            } else {
                #expect(header.name == realHeader.name, "\(shape)")
            }
            switch realHeader.layout {
            case .multisizeImageSet:
                #expect(try mine.value(rendition) == real.value(theirs), "the size list byte for byte")
            case .onePartScale, .packedImage:
                let pixels = try #require(try Self.pixels(rendition, in: mine)), realPixels = try #require(try Self.pixels(theirs, in: real))
                #expect(pixels.version == realPixels.version && pixels.compression == realPixels.compression, "\(shape): CELM 1, LZFSE")
                if realHeader.layout == .onePartScale { #expect(pixels.chunks.map(\.rows) == realPixels.chunks.map(\.rows), "\(shape)'s chunks") }
            case .internalLink:
                // The rectangles are where each packer put them; the atlas named is the same.
                let link = try #require(rendition.internalLink), realLink = try #require(theirs.internalLink)
                #expect(link.key == realLink.key && link.layout == realLink.layout && link.frame.width == realLink.frame.width)
            case .namedGradient, .color:
                // Gradients and colours byte for byte, header and payload.
                #expect(try mine.value(rendition) == real.value(theirs), "\(shape)")
            case .vector:
                // The SVG is this project's, so its bytes differ; its frame is the same.
                let image = try #require(try mine.catalog.vectorImage(of: rendition, in: mine.store))
                let realImage = try #require(try real.catalog.vectorImage(of: theirs, in: real.store))
                #expect(image.isSVG && realImage.isSVG && image.compressed && realImage.compressed)
            default:
                // A stack (1019) or group (1020): an empty raw-data payload, layers of the same
                // parts, blend and opacity; a stack's frames as there (empty).
                #expect(try mine.catalog.payload(of: rendition, in: mine.store) == (try real.catalog.payload(of: theirs, in: real.store)), "\(shape)")
                let parts: ([CARLayerReference]) -> [UInt16?] = { $0.map { $0.key.first { $0.attribute == .part }?.value } }
                #expect(parts(rendition.layers) == parts(theirs.layers) && rendition.layers.map(\.opacity) == theirs.layers.map(\.opacity), "\(shape)'s layers")
                if realHeader.layout.rawValue == 1019 {
                    #expect(rendition.layers.map(\.frame) == theirs.layers.map(\.frame))
                    #expect(
                        mine.catalog.layers(of: rendition).last?.facetName == "AppIcon/Group"
                            && real.catalog.layers(of: theirs).last?.facetName == "AppIcon/Group")
                }
            }
        }
    }
}
