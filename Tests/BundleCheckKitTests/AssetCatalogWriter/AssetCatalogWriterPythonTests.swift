import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckFixtures

/// Written catalogues read by a Python reading of their own (`AssetCatalogTestSupport.pythonChecker`),
/// which decodes the pixels with Apple's reference LZFSE decoder when `lzfse` is installed: what
/// it finds is what was described, pixel for pixel (CRC-32 of the decoded rows against the
/// pixels the writer compressed). The same reading of the real shorebird catalogue first shows
/// the reading itself right: every icon there is opaque, and is where its link says.
@Suite(.enabled(if: AssetCatalogTestSupport.pythonAvailable, "python3 is not on PATH; set CI=true to make that a failure"))
struct AssetCatalogWriterPythonTests {
    /// An image set of every compression, storage and pixel pattern, told apart by subtype, at
    /// odd sizes so that rows are padded.
    static let variety: FixtureAssetCatalog = {
        var renditions: [FixtureIconRendition] = []
        let patterns: [FixtureIconRendition.Pixels] = [.opaque, .transparentPixel(x: 3, y: 4), .transparent, .translucent(alpha: 128)]
        for compression in FixtureIconRendition.Compression.allCases {
            for storage in [FixtureIconRendition.Storage.chunked, .single] {
                let subtype = UInt16(renditions.count)
                renditions.append(
                    FixtureIconRendition(
                        idiom: .universal, subtype: subtype, points: 37, scale: 1, pixelWidth: 37 + Int(subtype), pixelHeight: 23 + 7 * Int(subtype),
                        pixels: patterns[renditions.count % patterns.count], compression: compression, storage: storage, fileName: "variety-\(subtype).png"))
            }
        }
        return FixtureAssetCatalog(iconSets: [.singleSize()], imageSets: [FixtureImageSet(name: "Variety", renditions: renditions)])
    }()

    static func lzfseOrSkip(_ reading: [String: Any]) -> Bool {
        if reading["lzfse"] as? Bool == true { return true }
        if PlistTestEnvironment.isCI {
            Issue.record("python3's lzfse module is required when CI=true")
        } else {
            print("skipping the LZFSE checks: no lzfse module")
        }
        return false
    }

    @Test func thePythonReadingReadsTheRealShorebirdCatalogueRight() throws {
        guard RepositoryPaths.corpusTestsEnabled, let real = try AssetCatalogTestSupport.realCatalogue("shorebird/flutter-base.ipa") else { return }
        let reading = try #require(try AssetCatalogTestSupport.pythonReading([real]).first)
        #expect(reading["renditionKeysSorted"] as? Bool == true)
        let trees = try #require(reading["trees"] as? [String: [String: Any]])
        #expect(trees.values.allSatisfy { $0["inlineKeysMatch"] as? Bool == true })
        guard Self.lzfseOrSkip(reading) else { return }
        let renditions = try #require(reading["renditions"] as? [[String: Any]])
        let links = renditions.filter { $0["link"] != nil }
        #expect(links.count == 17 && links.allSatisfy { $0["linkResolves"] as? Bool == true })
        #expect(links.allSatisfy { $0["alpha"] as? [Int] == [255, 255] }, "each linked icon's rectangle, from the bottom, is opaque")
        let appStore = try #require(renditions.first { $0["name"] as? String == "Icon-App-1024x1024@1x.png" })
        #expect(appStore["alpha"] as? [Int] == [255, 255] && appStore["flags"] as? Int == 0, "an opaque App Store icon, flags 0")
        #expect(appStore["decodedLength"] as? Int == 4096 * 1024)
    }

    @Test func whatPythonReadsIsWhatWasDescribed() throws {
        let catalogues = [
            Self.variety, AssetCatalogWriterCorpusTests.shorebirdLike, .appIcon(pixels: .transparentPixel(x: 1023, y: 1023), layout: .indexAfterFirstBlocks),
            .appIcon(idioms: [.phone, .pad], appearances: [.dark, .tinted], pixels: .translucent(alpha: 7)),
            .iconComposer(.iconComposerMac(pixels: .transparentPixel(x: 9, y: 9), compression: .lzfseRaw)),
        ]
        let files = try catalogues.map { try $0.bytes() }
        let readings = try AssetCatalogTestSupport.pythonReading(files)
        try #require(readings.count == catalogues.count)
        for (catalogue, (bytes, reading)) in zip(catalogues, zip(files, readings)) {
            let store = try BOMStore(bytes: bytes)
            let file = try #require(reading["file"] as? [String: Any])
            #expect(file["index"] as? Int == store.header.indexRange.lowerBound && file["variablesOffset"] as? Int == store.header.variablesRange.lowerBound)
            #expect(reading["renditionKeysSorted"] as? Bool == true)
            let trees = try #require(reading["trees"] as? [String: [String: Any]])
            #expect(trees.values.allSatisfy { $0["inlineKeysMatch"] as? Bool == true })
            #expect((reading["carHeader"] as? [String: Any])?["creator"] as? String == catalogue.compiler.creator)
            #expect(reading["metadata"] as? [String] == ["", catalogue.deploymentTarget, catalogue.deploymentPlatform, catalogue.compiler.authoringTool])
            let facets = try #require(reading["facets"] as? [String: [String: Int]])
            let groups = catalogue.iconSets.compactMap { set in set.composition.map { "\(set.name)/\($0.group)" } }
            // An Icon Composer set's gradients, colours and glyph are facets of its `_Assets/` folder.
            let parts = catalogue.iconSets.compactMap { set in
                set.composition.map { composition in
                    ["Color-1", "Color-2", "Color-3", "Color-4", composition.glyph, "Gradient-1", "Gradient-2"].map { "\(set.name)_Assets/\($0)" }
                }
            }.flatMap { $0 }
            #expect(Set(facets.keys) == Set(catalogue.iconSets.map(\.name) + catalogue.imageSets.map(\.name) + groups + parts))
            let renditions = try #require(reading["renditions"] as? [[String: Any]])
            let lzfse = Self.lzfseOrSkip(reading)
            for set in catalogue.iconSets.map({ ($0.name, $0.renditions) }) + catalogue.imageSets.map({ ($0.name, $0.renditions) }) {
                let identifier = try #require(facets[set.0]?["17"])
                for described in set.1 where described.storage != .packed {
                    // An attribute the key format lacks (the Mac's idiom and subtype) reads as 0.
                    let found = renditions.filter {
                        let key = $0["key"] as? [String: Int] ?? [:]
                        return key["17"] == identifier && $0["name"] as? String == described.fileName && key["16", default: 0] == Int(described.subtype)
                            && key["12"] == described.scale && key["15", default: 0] == Int(described.idiom.code)
                            && key["7", default: 0] == Int(described.appearance.id)
                    }
                    try #require(found.count == 1, "\(set.0)/\(described.fileName)")
                    try Self.compare(
                        found[0], with: described, decoded: lzfse || [.zlib, .uncompressed].contains(described.compression),
                        chunkedVersion: Int(catalogue.compiler.chunkedPixelsVersion))
                }
            }
        }
    }

    /// One rendition's reading against its description, its chunked pixels marked `chunkedVersion`.
    static func compare(_ reading: [String: Any], with described: FixtureIconRendition, decoded: Bool, chunkedVersion: Int = 3) throws {
        let name = described.fileName
        #expect(reading["width"] as? Int == described.pixelWidth && reading["height"] as? Int == described.pixelHeight, "\(name)")
        #expect(reading["scale"] as? Int == described.scale * 100 && reading["pixelFormat"] as? String == "BGRA" && reading["flags"] as? Int == 0, "\(name)")
        #expect(reading["tlvs"] as? [Int] == [1001, 1003, 1004, 1006, 1007], "\(name)")
        #expect(reading["bytesPerRow"] as? Int == described.bytesPerRow, "\(name)")
        let celm = try #require(reading["celm"] as? [String: Int], "\(name)")
        #expect(celm["compression"] == Int(described.compression.code), "\(name)")
        let height = described.pixelHeight
        if described.storage == .chunked {
            #expect(celm["version"] == chunkedVersion, "\(name)")
            let rows = AssetCatalogRenditionValue.chunkRows(height: height, bytes: height * described.bytesPerRow).map(\.count)
            #expect(reading["chunkRows"] as? [Int] == rows && celm["length"] == rows.count, "\(name)")
        } else {
            #expect(celm["version"] == 0 && reading["chunkRows"] == nil, "\(name)")
        }
        let magic: String? =
            switch described.compression {
            case .lzfse: "bvxn"
            case .lzfseRaw: "bvx-"
            case .zlib: "x\u{01}\u{00}\u{00}"
            default: nil
            }
        if let magic {
            #expect(
                (reading["streamMagics"] as? [String])?.allSatisfy { $0.hasPrefix(String(magic.prefix(2))) } == true,
                "\(name): \(reading["streamMagics"] ?? "")")
        }
        guard decoded else { return }
        let pixels = AssetCatalogPixels.image(
            width: described.pixelWidth, height: height, bytesPerRow: described.bytesPerRow, pattern: described.pixels,
            seed: AssetCatalogPixels.seed(described.fileName, described.pixelWidth, described.pixelHeight))
        #expect(reading["decodedLength"] as? Int == pixels.count, "\(name)")
        #expect(reading["crc"] as? Int == Int(PNGWriter.crc32(pixels)), "\(name): the decoded pixels are the ones compressed")
        let alpha = reading["alpha"] as? [Int]
        switch described.pixels {
        case .opaque, .flat:
            #expect(alpha == [255, 255], "\(name)")
        case .transparentPixel:
            #expect(alpha == [0, 255] && reading["transparent"] as? Int == 1, "\(name)")
        case .transparent:
            #expect(alpha == [0, 0], "\(name)")
        case .translucent(let value):
            #expect(alpha == [Int(value), Int(value)], "\(name)")
        }
    }

    @Test func theHostilePayloadsReadAsTheySay() throws {
        let short = FixtureAssetCatalog.appIcon(compression: .lzfseRaw)
        var lying = short
        lying.hostile = [.lyingDimensions(width: 4096, height: 4096), .keyFormatCount(9)]
        var shortened = short
        shortened.hostile = [.shortPixelPayload]
        let readings = try AssetCatalogTestSupport.pythonReading([try lying.bytes(), try shortened.bytes()])
        func appStoreIcon(_ reading: [String: Any]) throws -> [String: Any] {
            try #require((reading["renditions"] as? [[String: Any]])?.first { $0["layout"] as? Int == 12 })
        }
        let lied = try appStoreIcon(readings[0])
        #expect(lied["width"] as? Int == 4096 && lied["height"] as? Int == 4096)
        #expect((readings[0]["keyFormat"] as? [String: Any])?["declared"] as? Int == 9)
        let cut = try appStoreIcon(readings[1])
        #expect(cut["chunkRows"] as? [Int] == [341, 341, 341, 1], "the rows declared stay")
        // What the pixels decode to needs the reference decoder, as for the other tests here.
        guard Self.lzfseOrSkip(readings[0]) else { return }
        #expect(lied["decodedLength"] as? Int == 4096 * 1024, "the payload still holds 1024 rows of 4096 bytes")
        #expect(cut["decodedLength"] as? Int == 4096 * 1023, "one row short")
    }
}
