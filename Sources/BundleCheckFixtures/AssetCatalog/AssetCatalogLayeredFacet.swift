/// A facet a layered asset compiles to (`FixtureBrandAsset`, `FixtureLayeredIcon`, an Icon
/// Composer icon's group, `FixtureIconComposition`): a name, its renditions, each with the key
/// values it sets. Every facet of the tvOS and visionOS ones is of the image part (181), as the
/// corpus's tvOS brand asset has them; the parts of the renditions vary (181, 208 flattened
/// image, 209 radiosity image). An Icon Composer group's facet is of part 246, as its renditions.
struct AssetCatalogLayeredFacet: Sendable, Hashable {
    enum Content: Sendable, Hashable {
        /// A layer stack (layout 1002): `width`×`height` in its header at `scale`, the layers
        /// (facets by name) bottom first, each drawn over the whole frame.
        case stack(width: Int, height: Int, scale: Int, layers: [String])
        /// A JPEG image (`AssetCatalogJPEG`) of `width`×`height` pixels at `scale`.
        case jpeg(width: Int, height: Int, scale: Int, fileName: String)
        /// An ARGB bitmap: a layer or top-shelf image (layout 12), or with `flattened` a
        /// flattened or radiosity image (layout 0).
        case bitmap(FixtureIconRendition, flattened: Bool)
        /// An Icon Composer stack or group.
        case iconLayers(AssetCatalogIconLayers)
        /// An Icon Composer gradient, colour or SVG layer; the name is the facet's.
        case iconPart(AssetCatalogIconPart, facet: String)
    }

    struct Rendition: Sendable, Hashable {
        var idiom: FixtureIconRendition.Idiom
        /// The key's scale, which may differ from the header's (a visionOS layer of no scale).
        var keyScale: Int
        var part: UInt16
        var content: Content
        var appearance: FixtureAppearance = .any

        var fileName: String {
            switch content {
            case .stack: "Contents.json"
            case .jpeg(_, _, _, let name): name
            case .bitmap(let bitmap, _): bitmap.fileName
            case .iconLayers(let layers): layers.name
            case .iconPart(let part, let facet): part.fileName(facet: facet)
            }
        }
    }

    var name: String
    var renditions: [Rendition]
    /// The facet's part (`FACETKEYS`).
    var part: UInt16 = AssetCatalogKeys.partImage
}

extension AssetCatalogLayeredFacet {
    /// A layered asset's layer names as Apple's tools accept them: as many as the platform
    /// allows, each named, no two alike.
    static func validateLayers(_ layers: [String], of asset: String, count: ClosedRange<Int>, platform: String) throws(AssetCatalogWriterError) {
        func fail(_ reason: String) -> AssetCatalogWriterError { .invalidAsset(name: asset, reason: reason) }
        guard count.contains(layers.count) else { throw fail("\(layers.count) layers; a \(platform) icon has \(count.lowerBound) to \(count.upperBound)") }
        if let twice = layers.first(where: { layer in layers.filter { $0 == layer }.count > 1 }) { throw fail("two layers are named \(twice)") }
        if let empty = layers.firstIndex(where: \.isEmpty) { throw fail("layer \(empty + 1) has no name") }
    }
}

extension AssetCatalogLayeredFacet.Rendition {
    /// An image: JPEG or ARGB, idiom `idiom`, `width`×`height` pixels at `scale`.
    static func image(
        _ format: FixtureImageFormat, idiom: FixtureIconRendition.Idiom, width: Int, height: Int, scale: Int, keyScale: Int? = nil,
        pixels: FixtureIconRendition.Pixels, fileName: String
    ) -> Self {
        let extensionName = format == .jpeg ? ".jpg" : ".png"
        let file = fileName + (scale == 1 ? "" : "@\(scale)x") + extensionName
        switch format {
        case .jpeg:
            return Self(
                idiom: idiom, keyScale: keyScale ?? scale, part: AssetCatalogKeys.partImage,
                content: .jpeg(width: width, height: height, scale: scale, fileName: file))
        case .argb:
            let bitmap = FixtureIconRendition(
                idiom: idiom, points: Double(width) / Double(scale), scale: scale, pixelWidth: width, pixelHeight: height, pixels: pixels, fileName: file)
            return Self(idiom: idiom, keyScale: keyScale ?? scale, part: AssetCatalogKeys.partImage, content: .bitmap(bitmap, flattened: false))
        }
    }

    /// A flattened (part 208) or radiosity (209) image: ARGB, layout 0, named as actool names them.
    static func flattened(
        part: UInt16, idiom: FixtureIconRendition.Idiom, width: Int, height: Int, scale: Int, pixels: FixtureIconRendition.Pixels,
        storage: FixtureIconRendition.Storage = .chunked
    ) -> Self {
        let name = part == AssetCatalogKeys.partRadiosityImage ? "ZZZZRadiosityImage-\(scale).0.0" : "ZZZZFlattenedImage-\(scale).1.0-gamut0"
        let bitmap = FixtureIconRendition(
            idiom: idiom, points: Double(width) / Double(scale), scale: scale, pixelWidth: width, pixelHeight: height, pixels: pixels, storage: storage,
            fileName: name)
        return Self(idiom: idiom, keyScale: scale, part: part, content: .bitmap(bitmap, flattened: true))
    }
}
