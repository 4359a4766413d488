extension FixtureAssetCatalog {
    /// A large catalogue for benchmarks, laid out as real ones are: `renditions` image sets
    /// (`Image-00001`…, one `pixels`×`pixels` 2x universal image each, image-like and
    /// compressed with `compression`), the opaque single-size `AppIcon` set written half-way
    /// through them, so that its App Store icon sits in the middle of the file.
    public static func benchmark(
        renditions: Int, pixels: Int = 256, compression: FixtureIconRendition.Compression = .lzfse, layout: Layout = .indexAtEnd
    ) -> FixtureAssetCatalog {
        let digits = max(5, String(renditions).count)
        let images = (0..<max(0, renditions)).map { number in
            let name = "Image-" + String(repeating: "0", count: digits - String(number + 1).count) + String(number + 1)
            return FixtureImageSet(
                name: name,
                renditions: [
                    FixtureIconRendition(
                        idiom: .universal, points: Double(pixels) / 2, scale: 2, compression: compression, fileName: name + "@2x.png")
                ])
        }
        return FixtureAssetCatalog(
            iconSets: [.singleSize(compression: compression)], imageSets: images, imageSetsBeforeIconSets: images.count / 2, layout: layout)
    }

    /// A benchmark catalogue (`benchmark(renditions:)`) of about `totalBytes` bytes: as many
    /// images as it takes, from the size one of them compresses to (all are alike).
    public static func benchmark(
        totalBytes: Int, pixels: Int = 256, compression: FixtureIconRendition.Compression = .lzfse, layout: Layout = .indexAtEnd
    ) throws(AssetCatalogWriterError) -> FixtureAssetCatalog {
        let icon = try benchmark(renditions: 0, pixels: pixels, compression: compression, layout: layout).bytes().count
        let one = try benchmark(renditions: 1, pixels: pixels, compression: compression, layout: layout).bytes().count - icon
        return benchmark(renditions: max(0, (totalBytes - icon) / max(1, one)), pixels: pixels, compression: compression, layout: layout)
    }
}
