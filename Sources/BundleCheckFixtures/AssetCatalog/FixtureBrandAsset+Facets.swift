extension FixtureBrandAsset {
    /// The facets the brand asset compiles to, as in the corpus's tvOS catalogue (Xcode 15.2):
    ///
    /// - `name`: the home icon's layer stack (idiom universal, @1x, 400×240 in its header), its
    ///   flattened image (part 208, idiom tv, @2x, 800×480) and radiosity image (209, tv, @2x,
    ///   960×640); a folded App Store icon adds a stack of idiom marketing (1280×768, @1x) and
    ///   its flattened image (208, marketing, @1x, 1280×768, of the App Store icon's pixels);
    /// - `name/<layer>/Content` per layer: its image of idiom tv @2x, 800×480 (and 1280×768 of
    ///   idiom marketing @1x with a folded App Store icon);
    /// - a separate App Store icon: `name - App Store`, shaped as the home icon at 1280×768 @1x
    ///   (the layers of idiom tv), a brand asset of its own;
    /// - each top-shelf image: its images of idiom tv at its scales.
    ///
    /// The layers' renditions are JPEG or ARGB (`layerFormat`) with flat opaque pixels: what
    /// the rules judge is the flattened App Store image, not the layers.
    func facets() throws(AssetCatalogWriterError) -> [AssetCatalogLayeredFacet] {
        try validate()
        var facets: [AssetCatalogLayeredFacet] = []
        func layerFacets(of asset: String) -> [String] { layers.map { "\(asset)/\($0)/Content" } }
        let home = (width: Self.points.width * 2, height: Self.points.height * 2)
        let market = Self.appStorePixels

        var icon = AssetCatalogLayeredFacet(
            name: name,
            renditions: [
                .init(
                    idiom: .universal, keyScale: 1, part: AssetCatalogKeys.partImage,
                    content: .stack(
                        width: Self.points.width, height: Self.points.height, scale: 1, layers: layerFacets(of: name))),
                .flattened(part: AssetCatalogKeys.partFlattenedImage, idiom: .tv, width: home.width, height: home.height, scale: 2, pixels: flattenedPixels),
            ])
        if radiosity {
            // One stream (CELM version 0), as the corpus's; its pixels are never judged.
            icon.renditions.append(
                .flattened(
                    part: AssetCatalogKeys.partRadiosityImage, idiom: .tv, width: 960, height: 640, scale: 2, pixels: .flat, storage: .single))
        }
        var layerRenditions = layers.map { layer in
            [
                AssetCatalogLayeredFacet.Rendition.image(
                    layerFormat, idiom: .tv, width: home.width, height: home.height, scale: 2, pixels: .flat, fileName: layer)
            ]
        }
        switch appStoreIcon {
        case .folded(let pixels):
            icon.renditions += [
                .init(
                    idiom: .marketing, keyScale: 1, part: AssetCatalogKeys.partImage,
                    content: .stack(
                        width: market.width, height: market.height, scale: 1, layers: layerFacets(of: name))),
                .flattened(part: AssetCatalogKeys.partFlattenedImage, idiom: .marketing, width: market.width, height: market.height, scale: 1, pixels: pixels),
            ]
            for index in layers.indices {
                layerRenditions[index].append(
                    .image(
                        layerFormat, idiom: .marketing, width: market.width, height: market.height, scale: 1, pixels: .flat,
                        fileName: layers[index] + " App Store"))
            }
        case .separate(let pixels):
            let separate = name + " - App Store"
            facets.append(
                AssetCatalogLayeredFacet(
                    name: separate,
                    renditions: [
                        .init(
                            idiom: .universal, keyScale: 1, part: AssetCatalogKeys.partImage,
                            content: .stack(
                                width: market.width, height: market.height, scale: 1, layers: layerFacets(of: separate))),
                        .flattened(part: AssetCatalogKeys.partFlattenedImage, idiom: .tv, width: market.width, height: market.height, scale: 1, pixels: pixels),
                    ]))
            for (layer, facet) in zip(layers, layerFacets(of: separate)) {
                facets.append(
                    AssetCatalogLayeredFacet(
                        name: facet,
                        renditions: [
                            .image(layerFormat, idiom: .tv, width: market.width, height: market.height, scale: 1, pixels: .flat, fileName: layer + " App Store")
                        ]))
            }
        case .absent:
            break
        }
        facets.insert(icon, at: 0)
        for (facet, renditions) in zip(layerFacets(of: name), layerRenditions) {
            facets.append(AssetCatalogLayeredFacet(name: facet, renditions: renditions))
        }
        for image in [topShelf, topShelfWide].compactMap({ $0 }) {
            facets.append(
                AssetCatalogLayeredFacet(
                    name: image.name,
                    renditions: image.scales.map { scale in
                        .image(
                            image.format, idiom: .tv, width: image.width * scale, height: image.height * scale, scale: scale, pixels: image.pixels,
                            fileName: image.name)
                    }))
        }
        return facets
    }

    private func validate() throws(AssetCatalogWriterError) {
        func fail(_ reason: String) -> AssetCatalogWriterError { .invalidAsset(name: name, reason: reason) }
        try AssetCatalogLayeredFacet.validateLayers(layers, of: name, count: 2...5, platform: "tvOS")
        for image in [topShelf, topShelfWide].compactMap({ $0 }) {
            guard !image.scales.isEmpty, image.scales.allSatisfy({ (1...2).contains($0) }), Set(image.scales).count == image.scales.count else {
                throw fail("\(image.name): scales \(image.scales); 1, 2 or both")
            }
            guard image.width > 0, image.height > 0 else { throw fail("\(image.name): \(image.width)×\(image.height) pixels") }
            if image.format == .jpeg, !image.pixels.isOpaque { throw fail("\(image.name): a JPEG has no alpha channel; its pixels are opaque") }
        }
    }
}
