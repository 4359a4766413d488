import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

/// Keeping a rendition's pixels as the catalog streams by saves a pass; it must never make a
/// catalog unreadable. A catalog with more images of the kept size than the store may keep
/// (an app's alternate icons, each with its 1024-pixel App Store image) still lists, and an
/// image left behind is fetched when it is decoded.
@Suite struct AssetCatalogKeptPixelsTests {
    @Test func imagesBeyondTheKeepCapAreLeftToBeFetched() throws {
        let sets = (0..<6).map { FixtureIconSet.singleSize("AppIcon\($0)", pixels: .opaque) }
        let bytes = try FixtureAssetCatalog(iconSets: sets).bytes()
        let whole = try BOMStore(bytes: bytes)
        let catalog = try AssetCatalog.read(whole)
        let icons = catalog.renditions.filter { $0.header.width == 1024 }
        let iconBytes = try icons.reduce(0) { $0 + (try whole.blockRange(of: $1.block).count) }
        #expect(icons.count == 6 && iconBytes > bytes.count / 2, "the icons are most of the file")

        // A cap the listing fits in, but not all six icons' pixels.
        var limits = BOMLimits.standard
        limits.maxStreamedBytesKept = iconBytes / 2
        limits.maxStreamPasses = 16
        let store = try BOMStreamedStore(length: bytes.count, limits: limits) { InMemoryEntryReader(bytes: bytes, canSeek: false) }
        let streamed = try AssetCatalog.read(streaming: store, keepsPixels: { $0.width == 1024 })
        #expect(streamed.renditions.count == catalog.renditions.count)
        let passes = store.passes
        // The icon first in the file had its pixels kept in the listing's pass; the last one's
        // were not, and cost a pass of their own.
        let inFileOrder = try streamed.renditions.filter { $0.header.width == 1024 }.sorted {
            try whole.blockRange(of: $0.block).lowerBound < whole.blockRange(of: $1.block).lowerBound
        }
        let first = try #require(inFileOrder.first)
        #expect(try streamed.bitmap(of: first, streaming: store) == (try catalog.bitmap(of: first, in: whole)))
        #expect(store.passes == passes)
        let last = try #require(inFileOrder.last)
        #expect(try streamed.bitmap(of: last, streaming: store) == (try catalog.bitmap(of: last, in: whole)))
        #expect(store.passes > passes)
    }
}
