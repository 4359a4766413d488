import BundleCheckFormats
import BundleCheckModel

/// An icon set's Icon Composer icon, summarised for the inventory and the icon rules: the
/// catalog's `CARIconComposerIcon` with the set's images as its fallbacks, and the bytes each
/// part is stored in.
enum IconComposerSummaries {
    /// Nil when the set has no icon stack.
    static func summary(
        of set: CARIconSet, in catalog: AssetCatalog, store: BOMStreamedStore, word: (CARRendition) -> String
    ) throws(AssetCatalogError) -> AssetCatalogSummary.IconComposerIcon? {
        guard !set.iconStacks.isEmpty, let icon = try catalog.iconComposerIcon(named: set.name, streaming: store) else { return nil }
        var groups: [AssetCatalogSummary.IconComposerIcon.Group] = []
        for name in icon.groupNames {
            let layers = icon.groups.filter { $0.name == name }.flatMap { $0.layers.compactMap(\.name) }
            groups.append(.init(name: name, layers: CARIconComposerIcon.distinct(layers)))
        }
        var gradients: [AssetCatalogSummary.IconComposerIcon.Gradient] = []
        for name in CARIconComposerIcon.distinct(icon.gradients.map(\.name)).sorted() {
            let stops = icon.gradients.filter { $0.name == name }.flatMap { $0.gradient.stops.map(\.colorName) }
            gradients.append(.init(name: name, colors: CARIconComposerIcon.distinct(stops)))
        }
        var vectors: [AssetCatalogSummary.IconComposerIcon.VectorLayer] = []
        for layer in icon.vectorLayers.sorted(by: { $0.name < $1.name }) where !vectors.contains(where: { $0.name == layer.name }) {
            vectors.append(.init(name: layer.name, storedBytes: layer.image.storedBytes, decodedBytes: layer.image.decodedBytes, svg: layer.image.isSVG))
        }
        var fallbacks: [AssetCatalogSummary.IconComposerIcon.Fallback] = []
        for appearance in CARIconComposerIcon.distinct(set.images.map { word($0.rendition) }) {
            let sizes = set.images.filter { word($0.rendition) == appearance }.map { image in
                image.pointSize.map { "\($0.width)pt@\(image.scale)x" } ?? "\(image.pixelWidth)×\(image.pixelHeight)px"
            }
            fallbacks.append(.init(appearance: appearance, sizes: sizes))
        }
        let composites = icon.stacks + icon.groups
        let parts = icon.gradients.map(\.rendition) + icon.vectorLayers.map(\.rendition) + icon.colors.map(\.rendition)
        return AssetCatalogSummary.IconComposerIcon(
            appearances: CARIconComposerIcon.distinct(icon.stacks.map { word($0.rendition) }), groups: groups, vectorLayers: vectors,
            gradients: gradients, colors: CARIconComposerIcon.distinct(icon.colors.map(\.name)).sorted(), fallbacks: fallbacks,
            bytes: .init(
                stacks: composites.map(\.rendition.storedBytes).reduce(0, +), layers: parts.map(\.storedBytes).reduce(0, +),
                fallbacks: fallbackBytes(of: set, in: catalog)))
    }

    /// The set's images, and each atlas their links point into once.
    static func fallbackBytes(of set: CARIconSet, in catalog: AssetCatalog) -> Int {
        var atlases: Set<UInt32> = []
        var bytes = 0
        for image in set.images {
            bytes += image.rendition.storedBytes
            if let link = image.rendition.internalLink, let atlas = catalog.target(of: link), atlases.insert(atlas.block).inserted {
                bytes += atlas.storedBytes
            }
        }
        return bytes
    }
}
