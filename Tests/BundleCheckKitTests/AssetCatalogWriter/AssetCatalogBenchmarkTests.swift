import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckFixtures

/// Large catalogues for benchmarks: as large as asked, laid out as real ones (trees early, the
/// table at the end), the App Store icon in the middle of the file, the images image-like
/// (compressed several times over, not all alike), written to a file as they are made.
@Suite struct AssetCatalogBenchmarkTests {
    @Test func aCatalogueOfAboutTheSizeAskedWithTheAppStoreIconInTheMiddle() throws {
        let target = 3 << 20
        let catalog = try FixtureAssetCatalog.benchmark(totalBytes: target, pixels: 128)
        let directory = try PlistTestEnvironment.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Assets.car").path
        try catalog.write(toFile: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(abs(bytes.count - target) < target / 20, "\(bytes.count) bytes for \(target)")
        let violations = try AssetCatalogLayoutRules.violations(bytes, layout: .indexAtEnd)
        #expect(violations == [])

        let store = try BOMStore(bytes: bytes)
        let pairs = try store.tree("RENDITIONS").pairs(in: store)
        #expect(pairs.count == catalog.imageSets.count + 2 && catalog.imageSets.count > 100)
        let icon = try #require(pairs.first { AssetCatalogTestSupport.littleEndian32($0.value.bytes, 12) == 1024 })
        let place = try store.blockRange(of: icon.value.id)
        #expect(place.lowerBound > bytes.count / 3 && place.upperBound < bytes.count * 2 / 3, "the App Store icon at \(place) of \(bytes.count)")
        // The images compress, but not to nothing, and each differs from the next.
        let images = pairs.filter { AssetCatalogTestSupport.littleEndian32($0.value.bytes, 12) == 128 }.map(\.value)
        let raw = 128 * 128 * 4
        #expect(images.allSatisfy { $0.count < raw / 3 && $0.count > raw / 100 }, "\(images.map(\.count).min() ?? 0)…\(images.map(\.count).max() ?? 0) bytes")
        #expect(Set(images.map { Array($0.bytes.suffix(64)) }).count == images.count)
    }

    @Test func renditionCountsMakeAsManyImageSets() throws {
        let catalog = FixtureAssetCatalog.benchmark(renditions: 3, pixels: 16, compression: .lzfseRaw, layout: .indexAfterFirstBlocks)
        #expect(catalog.imageSets.map(\.name) == ["Image-00001", "Image-00002", "Image-00003"] && catalog.imageSetsBeforeIconSets == 1)
        let store = try BOMStore(bytes: try catalog.bytes())
        #expect(try store.tree("FACETKEYS").entries(in: store).count == 4 && (try store.tree("BITMAPKEYS").entries(in: store).count) == 4)
    }
}
