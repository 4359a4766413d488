extension FixtureLayeredIcon {
    /// The facets the icon compiles to, modelled on tvOS's (no visionOS catalogue is known):
    /// `name` with the layer stack (idiom vision, @2x, 1024×1024 in its header, the frame of
    /// every layer) and the flattened image (part 208, vision, @2x, 1024×1024 ARGB, when
    /// `flattenedPixels` is given); `name/<layer>/Content` per layer, an image of idiom vision,
    /// 1024×1024 @2x but the back layer's, `backLayerPixels` a side at `backLayerScale`.
    func facets() throws(AssetCatalogWriterError) -> [AssetCatalogLayeredFacet] {
        try validate()
        let side = Self.pixels
        let layerFacets = layers.map { "\(name)/\($0)/Content" }
        var icon = AssetCatalogLayeredFacet(
            name: name,
            renditions: [
                .init(idiom: .vision, keyScale: 2, part: AssetCatalogKeys.partImage, content: .stack(width: side, height: side, scale: 2, layers: layerFacets))
            ])
        if let flattenedPixels {
            icon.renditions.append(
                .flattened(part: AssetCatalogKeys.partFlattenedImage, idiom: .vision, width: side, height: side, scale: 2, pixels: flattenedPixels))
        }
        var facets = [icon]
        for (index, (layer, facet)) in zip(layers, layerFacets).enumerated() {
            let back = index == 0
            // A layer of no scale is keyed at scale 0 and written as @1x (`backLayerScale`).
            let scale = back ? max(1, backLayerScale) : 2
            let pixels = back ? backLayerPixels : side
            facets.append(
                AssetCatalogLayeredFacet(
                    name: facet,
                    renditions: [
                        .image(
                            layerFormat, idiom: .vision, width: pixels, height: pixels, scale: scale, keyScale: back ? backLayerScale : 2, pixels: .flat,
                            fileName: layer)
                    ]))
        }
        return facets
    }

    private func validate() throws(AssetCatalogWriterError) {
        func fail(_ reason: String) -> AssetCatalogWriterError { .invalidAsset(name: name, reason: reason) }
        try AssetCatalogLayeredFacet.validateLayers(layers, of: name, count: 1...3, platform: "visionOS")
        guard (0...2).contains(backLayerScale) else { throw fail("back layer scale \(backLayerScale); 0 (none), 1 or 2") }
        guard backLayerPixels > 0 else { throw fail("a back layer of \(backLayerPixels) pixels") }
    }
}
