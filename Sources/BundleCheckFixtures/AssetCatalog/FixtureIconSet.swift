/// An app icon set of a fixture asset catalogue (`AppIcon`): a facet of the icon part (220),
/// its renditions, and for each idiom a "multisize image set" rendition (part 218, `SISM`)
/// listing the point sizes it has, which CoreUI picks an icon size from.
///
/// Each icon's key says which size it is by its `dimension2`: the index of its point size
/// among all the set's sizes in ascending order, from the compiler's first index
/// (`FixtureAssetCatalog.Compiler.firstSizeIndex`: Xcode 14.3's shorebird catalogue numbers
/// 20, 29, 40, 60, 76, 83.5, 90 and 1024 points 0 to 7, Xcode 16.4 its one size 1). A dark or
/// tinted icon is keyed as its any-appearance twin but for its appearance; the size lists are
/// of appearance 0 and list every appearance's sizes.
public struct FixtureIconSet: Sendable, Hashable, Codable {
    /// The facet's name, what `CFBundleIconName` names.
    public var name: String
    /// The identifier attribute joining the facet and its renditions; nil takes the one
    /// `AssetCatalogKeys.identifier(for:)` derives from the name (6849 for `AppIcon`, as actool gives it).
    public var identifier: UInt16?
    public var renditions: [FixtureIconRendition]
    /// An Icon Composer icon's stacks and group, beside `renditions` (its fallback images).
    public var composition: FixtureIconComposition?

    public init(name: String, identifier: UInt16? = nil, renditions: [FixtureIconRendition], composition: FixtureIconComposition? = nil) {
        self.name = name
        self.identifier = identifier
        self.renditions = renditions
        self.composition = composition
    }

    /// A set of Xcode 14's "single size" kind (one 1024×1024 source image) as actool compiles
    /// it, after Xcode 16.4's catalogue in the corpus (sentry-cli's single-size-icon.ipa): per
    /// idiom of `idioms` a 1024×1024 icon at scale 1 keyed Display P3 (its size index the
    /// compiler's first, 1 in Xcode 16.4), and a size list of the one size (written by the
    /// catalogue for each idiom). `pixels` are the any-appearance icon's; nil leaves it out, the
    /// `appearances` (dark, tinted) kept: a set whose only 1024 image is dark. Each of
    /// `appearances` is an icon of `variantPixels`, keyed as the any one but for its appearance.
    ///
    /// The corpus's catalogue holds phone alone; its app says `UIDeviceFamily` [1, 2] and its
    /// `EXTENDED_METADATA` that the catalogue was thinned for idiom 1, so that what actool
    /// wrote for the iPad is not known: `[.phone, .pad]` writes the iPad's as the iPhone's.
    /// No catalogue with a dark or tinted icon is in the corpus either: those shapes are guesses.
    /// The icons are ARGB (8 bits a channel); the corpus's is `RGBW`, 16-bit half floats in
    /// extended-range colour, which the writer does not make. Write the set with the compiler
    /// and key format `xcode16_4`, which `FixtureAssetCatalog.appIcon` does.
    public static func singleSize(
        _ name: String = "AppIcon", idioms: [FixtureIconRendition.Idiom] = [.phone], appearances: [FixtureAppearance] = [],
        pixels: FixtureIconRendition.Pixels? = .opaque, variantPixels: FixtureIconRendition.Pixels = .flat,
        compression: FixtureIconRendition.Compression = .lzfse
    ) -> FixtureIconSet {
        var renditions: [FixtureIconRendition] = []
        for idiom in idioms {
            let suffix = idiom == .phone || idioms.count == 1 ? "" : "~\(idiom.rawValue)"
            if let pixels {
                renditions.append(
                    FixtureIconRendition(
                        idiom: idiom, points: 1024, scale: 1, pixels: pixels, compression: compression, fileName: "Icon-App-1024x1024@1x\(suffix).png",
                        displayGamut: .displayP3))
            }
            for appearance in appearances {
                renditions.append(
                    FixtureIconRendition(
                        idiom: idiom, points: 1024, scale: 1, pixels: variantPixels, compression: compression,
                        fileName: "Icon-App-\(appearance.shortName)-1024x1024@1x\(suffix).png", appearance: appearance, displayGamut: .displayP3))
            }
        }
        return FixtureIconSet(name: name, renditions: renditions)
    }

    /// The single-size set as the writer first wrote it: one 1024×1024 image of idiom
    /// universal, as the set's `Contents.json` names it (`"idiom": "universal", "platform":
    /// "ios", "size": "1024x1024"`), stored as the shorebird catalogue stores its 1024-point
    /// marketing icon. A guess no real file confirms: actool writes `singleSize`'s shape.
    public static func singleSizeUniversal(
        _ name: String = "AppIcon", pixels: FixtureIconRendition.Pixels = .opaque, compression: FixtureIconRendition.Compression = .lzfse
    ) -> FixtureIconSet {
        FixtureIconSet(
            name: name,
            renditions: [
                FixtureIconRendition(idiom: .universal, points: 1024, scale: 1, pixels: pixels, compression: compression, fileName: "Icon-App-1024x1024@1x.png")
            ])
    }

    /// A set of the "all sizes" kind (Xcode 13 and earlier, still an option), as actool 14.3
    /// compiled Flutter's template set in the shorebird catalogue: iPhone 20, 29, 40 and 60
    /// points at 2x and 3x (29 also at 1x), iPad 20, 29, 40 and 76 at 1x and 2x and 83.5 at 2x,
    /// the 1024-point App Store (marketing) icon, and the 60@3x image again at 2x as 90 points
    /// for subtype 1792. With `packsSmallIcons`, as there, the iPhone and iPad icons but the
    /// 29@1x and the subtype's are packed into atlases (`Storage.packed`); the App Store icon
    /// always stands alone. `pixels` is the App Store icon's; the others are opaque.
    public static func allSizes(
        _ name: String = "AppIcon", pixels: FixtureIconRendition.Pixels = .opaque, compression: FixtureIconRendition.Compression = .lzfse,
        packsSmallIcons: Bool = true
    ) -> FixtureIconSet {
        let packed: FixtureIconRendition.Storage = packsSmallIcons ? .packed : .chunked
        func icon(_ idiom: FixtureIconRendition.Idiom, _ points: Double, _ scale: Int, _ storage: FixtureIconRendition.Storage) -> FixtureIconRendition {
            FixtureIconRendition(idiom: idiom, points: points, scale: scale, compression: compression, storage: storage)
        }
        var renditions: [FixtureIconRendition] = []
        for (points, scales) in [(20.0, [2, 3]), (29, [1, 2, 3]), (40, [2, 3]), (60, [2, 3])] {
            renditions += scales.map { icon(.phone, points, $0, points == 29 && $0 == 1 ? .chunked : packed) }
        }
        renditions.append(
            FixtureIconRendition(
                idiom: .phone, subtype: 1792, points: 90, scale: 2, compression: compression, fileName: "Icon-App-60x60@3x.png"))
        for (points, scales) in [(20.0, [1, 2]), (29, [1, 2]), (40, [1, 2]), (76, [1, 2]), (83.5, [2])] {
            renditions += scales.map { icon(.pad, points, $0, packed) }
        }
        renditions.append(FixtureIconRendition(idiom: .marketing, points: 1024, scale: 1, pixels: pixels, compression: compression))
        return FixtureIconSet(name: name, renditions: renditions)
    }

    /// A macOS set as actool 12.5 compiled the corpus's Mac app (icyleaf/app-info macos.zip):
    /// idiom universal, 16, 32, 128, 256 and 512 points each at 1x and 2x (ten images, the
    /// largest 512@2x, 1024 pixels), one size list. For a deployment target of 10.13 or later
    /// actool puts the icon in the catalog and writes a partial `.icns` beside it (the corpus's
    /// holds 16, 32@2x, 128 and 128@2x only). The corpus stores them as gray-and-alpha (`GA8`);
    /// these are ARGB. `pixels` is the 512@2x image's; the others are opaque.
    public static func macAllSizes(
        _ name: String = "AppIcon", pixels: FixtureIconRendition.Pixels = .opaque, compression: FixtureIconRendition.Compression = .lzfse
    ) -> FixtureIconSet {
        var renditions: [FixtureIconRendition] = []
        for points in [16.0, 32, 128, 256, 512] {
            for scale in [1, 2] {
                let largest = points == 512 && scale == 2
                renditions.append(
                    FixtureIconRendition(idiom: .universal, points: points, scale: scale, pixels: largest ? pixels : .opaque, compression: compression))
            }
        }
        return FixtureIconSet(name: name, renditions: renditions)
    }

    /// A watchOS set of the "all sizes" kind, as a watch app's own catalogue holds it: the
    /// watch's icons (idiom watch, @2x), each screen's by its subtype (320 the 38 mm watch's,
    /// 390 the 42 mm's), the companion's 29 points and the 44 mm's 108 for every screen
    /// (subtype 0: the later screens' subtypes are not known here), then the 1024-point App
    /// Store icon (`watch-marketing` in the set's Contents.json, compiled as idiom marketing).
    /// A multisize image set lists each idiom and subtype's sizes, as for iOS. No watch
    /// catalogue is in the corpus: the shape is the iOS set's with the watch's sizes. `pixels`
    /// is the App Store icon's; the others are opaque.
    public static func watchAllSizes(
        _ name: String = "AppIcon", pixels: FixtureIconRendition.Pixels = .opaque, compression: FixtureIconRendition.Compression = .lzfse
    ) -> FixtureIconSet {
        let sizes: [(points: Double, subtype: UInt16)] = [(24, 320), (27.5, 390), (29, 0), (40, 320), (44, 390), (86, 320), (98, 390), (108, 0)]
        var renditions = sizes.map { FixtureIconRendition(idiom: .watch, subtype: $0.subtype, points: $0.points, scale: 2, compression: compression) }
        renditions.append(FixtureIconRendition(idiom: .marketing, points: 1024, scale: 1, pixels: pixels, compression: compression))
        return FixtureIconSet(name: name, renditions: renditions)
    }
}

/// An image set of a fixture asset catalogue: a facet of the image part (181) and its bitmaps,
/// what real catalogues hold most of (a launch image, artwork), here for realism and bulk.
public struct FixtureImageSet: Sendable, Hashable, Codable {
    public var name: String
    /// As `FixtureIconSet.identifier`.
    public var identifier: UInt16?
    /// Their `points` are not read: an image's key has no size index.
    public var renditions: [FixtureIconRendition]

    public init(name: String, identifier: UInt16? = nil, renditions: [FixtureIconRendition]) {
        self.name = name
        self.identifier = identifier
        self.renditions = renditions
    }
}
