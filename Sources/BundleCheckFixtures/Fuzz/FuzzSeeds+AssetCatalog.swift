extension FuzzSeeds {
    /// Compiled asset catalogues (`FixtureAssetCatalog`), their pixels a few dozen wide so each
    /// stays a few KiB: a single-size icon set in each compression and in each layout, an "all
    /// sizes" set with its small icons packed into atlases (internal links), an image set beside
    /// an icon set with translucent and transparent pixels, unchunked streams, and each hostile
    /// shape. Those named `refused-` do not open as a catalogue (a cut file, a tree that loops
    /// or claims more entries than its node holds, a key format longer than its list); the lying
    /// dimensions and the short payload list, and fail only when their pixels are decoded.
    static func carSeeds() throws -> [(String, [UInt8])] {
        func icon(
            _ idiom: FixtureIconRendition.Idiom = .universal, points: Double = 1024, scale: Int = 1, pixels: Int = 24,
            _ alpha: FixtureIconRendition.Pixels = .opaque, compression: FixtureIconRendition.Compression = .lzfse,
            storage: FixtureIconRendition.Storage = .chunked
        ) -> FixtureIconRendition {
            FixtureIconRendition(
                idiom: idiom, points: points, scale: scale, pixelWidth: pixels, pixelHeight: pixels, pixels: alpha, compression: compression,
                storage: storage
            )
        }
        func catalogue(
            _ renditions: [FixtureIconRendition], layout: FixtureAssetCatalog.Layout = .indexAtEnd, hostile: [FixtureAssetCatalog.Hostile] = []
        ) throws -> [UInt8] {
            try FixtureAssetCatalog(iconSets: [FixtureIconSet(name: "AppIcon", renditions: renditions)], layout: layout, hostile: hostile).bytes()
        }
        var seeds: [(String, [UInt8])] = []
        for compression in FixtureIconRendition.Compression.allCases {
            seeds.append(("icon-\(compression.rawValue).car", try catalogue([icon(compression: compression)])))
        }
        seeds.append(
            (
                "icon-single-streams.car",
                try catalogue([icon(.marketing, storage: .single), icon(.phone, points: 60, scale: 2, compression: .lzvn, storage: .single)])
            ))
        seeds.append(("index-after-first-blocks.car", try catalogue([icon(.universal, .transparentPixel(x: 3, y: 5))], layout: .indexAfterFirstBlocks)))

        // An "all sizes" set, as actool packs one: its small icons internal links into atlases.
        var packed: [FixtureIconRendition] = []
        for (points, scales) in [(20.0, [2, 3]), (29, [1, 2]), (60, [2, 3])] {
            packed += scales.map { icon(.phone, points: points, scale: $0, pixels: Int(points) / 4 * $0, storage: $0 == 1 ? .chunked : .packed) }
        }
        packed += [icon(.pad, points: 76, scale: 2, pixels: 38, storage: .packed), icon(.marketing, pixels: 32)]
        seeds.append(("icon-all-sizes-packed.car", try catalogue(packed)))

        let images = FixtureImageSet(
            name: "Logo",
            renditions: [
                icon(.phone, points: 16, scale: 2, pixels: 32, .translucent(alpha: 128)),
                icon(.pad, points: 16, scale: 1, pixels: 16, .transparent, compression: .zlib),
            ])
        seeds.append(
            (
                "image-and-icon-sets.car",
                try FixtureAssetCatalog(
                    iconSets: [FixtureIconSet(name: "AppIcon", renditions: [icon(.marketing)])], imageSets: [images], imageSetsBeforeIconSets: 1,
                    layout: .indexAfterFirstBlocks, appearances: [.any, .dark]
                ).bytes()
            ))

        // An Icon Composer icon: stacks, a group, gradients, colours and an SVG layer.
        seeds.append(("icon-composer.car", try FixtureAssetCatalog.iconComposer(.iconComposerMac(fallbacks: .without1024, pixels: .flat)).bytes()))

        let plain = try catalogue([icon(compression: .lzfseRaw)])
        let hostile: [(String, FixtureAssetCatalog.Hostile)] = [
            ("refused-truncated.car", .truncated(length: plain.count * 2 / 3)),
            ("refused-renditions-tree-cycle.car", .renditionsTreeCycle),
            ("refused-wide-tree-node.car", .wideTreeNode(count: 600)),
            ("refused-key-format-count.car", .keyFormatCount(0x7FFF_FFFF)),
            ("lying-dimensions.car", .lyingDimensions(width: 1, height: 65536)),
            ("short-pixel-payload.car", .shortPixelPayload),
        ]
        for (name, shape) in hostile {
            seeds.append((name, try catalogue([icon(compression: .lzfseRaw)], hostile: [shape])))
        }
        return seeds
    }
}
