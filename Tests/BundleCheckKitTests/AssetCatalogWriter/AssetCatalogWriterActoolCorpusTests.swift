@testable import BundleCheckFixtures
@testable import BundleCheckFormats
import Foundation
import Testing

/// What the writer makes of a single-size set, set against what actool made of one in the
/// corpus, rendition by rendition through the project's reader: sentry-cli's
/// single-size-icon.ipa (Xcode 16.4, an iPhone app's single-size set, its catalogue thinned
/// for idiom 1).
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
            Dictionary(uniqueKeysWithValues: try store.tree(tree).pairs(in: store).map { (String(decoding: $0.key.bytes, as: UTF8.self), Array($0.value.bytes)) })
        }

        /// `BITMAPKEYS`' value for the facet `name`.
        func bitmap(_ name: String) throws -> [UInt8] {
            let identifier = try #require(catalog.facet(named: name)?.identifier)
            let entry = try #require(try store.tree("BITMAPKEYS").entries(in: store).first { $0.key == UInt32(identifier) })
            return Array(try store.block(entry.value).bytes)
        }

        /// The block of a rendition's value, whole.
        func value(_ rendition: CARRendition) throws -> [UInt8] { Array(try store.block(rendition.block).bytes) }

    }

    static func singleSize() throws -> Reading? {
        try AssetCatalogTestSupport.realCatalogue("sentry-cli/single-size-icon.ipa").map(Reading.init)
    }

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
}
