import Foundation

/// A compiled asset catalogue (`Assets.car`) for fixtures, described in a few values and written
/// as Xcode 14 to 26 write one (`AssetCatalogWriter`): a BOM store whose variables are CoreUI's
/// (`CARHEADER`, `RENDITIONS`, `FACETKEYS`, `APPEARANCEKEYS`, `KEYFORMAT`, `EXTENDED_METADATA`,
/// `BITMAPKEYS`), its icon and image sets facets, their bitmaps renditions.
///
/// Everything here was learnt from the real catalogues of the corpus (Xcode 14.3's shorebird
/// one, an "all sizes" iOS AppIcon set, and Xcode 15.2's tvOS one first; Xcode 16.4's
/// single-size iOS set and Xcode 26.0's Icon Composer Mac icon since) and checked against
/// them field by field; the public write-ups (xcbuild's libcar, timac.org's notes) name the
/// fields. It is written apart from the reader, so that the two agreeing means something.
public struct FixtureAssetCatalog: Sendable, Hashable, Codable {
    /// Where the block table sits. Both real layouts come from CoreUI rewriting the
    /// `APPEARANCEKEYS` tree after its first write: the tree's old header (and the old block
    /// table) are left behind as freed extents, listed in the free list, their bytes stale.
    public enum Layout: String, Sendable, Hashable, Codable, CaseIterable {
        /// As Xcode 15.2's tvOS catalogue: the tree nodes early, the variables, the old block
        /// table, the moved `APPEARANCEKEYS` header and the block table at the end of the file.
        case indexAtEnd
        /// As Xcode 14.3's shorebird catalogue: the `APPEARANCEKEYS` header and the block table
        /// in the slot of the tree's old root, right after the first tree nodes, and the tree's
        /// new root at the very end of the file.
        case indexAfterFirstBlocks
    }

    public var iconSets: [FixtureIconSet]
    /// tvOS "App Icon & Top Shelf Image" brand assets, each several facets (its stack's, its
    /// layers', its top-shelf images'), written after the icon sets.
    public var brandAssets: [FixtureBrandAsset]
    /// visionOS layered icons, each a stack's facet and its layers', after the brand assets.
    public var layeredIcons: [FixtureLayeredIcon]
    public var imageSets: [FixtureImageSet]
    /// How many of `imageSets` come before the icon sets in the file (their renditions' blocks);
    /// the rest come after. Facets and keys are sorted whatever the order.
    public var imageSetsBeforeIconSets: Int
    public var layout: Layout
    public var compiler: Compiler
    /// Nil: the first of `KeyFormat.xcode14_3`, `xcode16_4` and `xcode26Mac` that holds every
    /// rendition's key (`writtenKeyFormat`).
    public var keyFormat: KeyFormat?
    /// `EXTENDED_METADATA`'s platform: `ios`, `atv` (tvOS), `macosx`, as real catalogues name them.
    public var deploymentPlatform: String
    /// `EXTENDED_METADATA`'s deployment target, `16.0`.
    public var deploymentTarget: String
    /// `APPEARANCEKEYS` lists the appearances the renditions have (any, dark, tinted; the
    /// Mac's system, dark, light, tinted), and those of these whose numbers none has: the
    /// default names appearance 0, which the size lists, atlases and layered assets have.
    /// Two names for one number cannot be written.
    public var appearances: [FixtureAppearance]
    /// Damage done on purpose, for the reader's tests, applied in order.
    public var hostile: [Hostile]

    public init(
        iconSets: [FixtureIconSet], brandAssets: [FixtureBrandAsset] = [], layeredIcons: [FixtureLayeredIcon] = [], imageSets: [FixtureImageSet] = [],
        imageSetsBeforeIconSets: Int = 0, layout: Layout = .indexAtEnd, compiler: Compiler = .xcode15_2, keyFormat: KeyFormat? = nil,
        deploymentPlatform: String = "ios", deploymentTarget: String = "16.0", appearances: [FixtureAppearance] = [.any], hostile: [Hostile] = []
    ) {
        self.iconSets = iconSets
        self.brandAssets = brandAssets
        self.layeredIcons = layeredIcons
        self.imageSets = imageSets
        self.imageSetsBeforeIconSets = imageSetsBeforeIconSets
        self.layout = layout
        self.compiler = compiler
        self.keyFormat = keyFormat
        self.deploymentPlatform = deploymentPlatform
        self.deploymentTarget = deploymentTarget
        self.appearances = appearances
        self.hostile = hostile
    }

    /// The default catalogue: the single-size set `AppIcon` (`FixtureIconSet.singleSize`) as
    /// Xcode 16.4 compiles it for an iPhone app (`idioms`), its 1024×1024 icon opaque unless
    /// `pixels` says otherwise (nil: none, the `appearances` kept), written with that Xcode's
    /// header and key format.
    public static func appIcon(
        _ name: String = "AppIcon", idioms: [FixtureIconRendition.Idiom] = [.phone], appearances: [FixtureAppearance] = [],
        pixels: FixtureIconRendition.Pixels? = .opaque, compression: FixtureIconRendition.Compression = .lzfse, layout: Layout = .indexAtEnd
    ) -> FixtureAssetCatalog {
        FixtureAssetCatalog(
            iconSets: [.singleSize(name, idioms: idioms, appearances: appearances, pixels: pixels, compression: compression)], layout: layout,
            compiler: .xcode16_4, keyFormat: .xcode16_4)
    }

    /// A Mac app's catalogue of an Icon Composer icon (`FixtureIconSet.iconComposerMac`), as
    /// Xcode 26.0 writes it: its header and key format, the platform `macosx`, the Mac
    /// appearances' names alone.
    public static func iconComposer(
        _ set: FixtureIconSet = .iconComposerMac(), deploymentTarget: String = FixturePlatform.macOS.minimumOSVersion, layout: Layout = .indexAtEnd
    ) -> FixtureAssetCatalog {
        FixtureAssetCatalog(
            iconSets: [set], layout: layout, compiler: .xcode26_0, keyFormat: .xcode26Mac, deploymentPlatform: deploymentPlatform(for: .macOS),
            deploymentTarget: deploymentTarget, appearances: [.macSystem])
    }

    /// An iOS app's catalogue of Icon Composer icons (`FixtureIconSet.iconComposerIOS`): Xcode
    /// 26.0's header, the platform `ios`, and Xcode 16.4's iOS key format, whose attributes
    /// hold every key the icon needs (appearance, idiom, part, identifier, size index). Which
    /// format actool 26 picks for iOS is not known: no real file confirms this shape.
    public static func iconComposerIOS(
        _ sets: [FixtureIconSet] = [.iconComposerIOS()], deploymentTarget: String = "17.0", layout: Layout = .indexAtEnd
    ) -> FixtureAssetCatalog {
        FixtureAssetCatalog(
            iconSets: sets, layout: layout, compiler: .xcode26_0, keyFormat: .xcode16_4, deploymentPlatform: deploymentPlatform(for: .iOS),
            deploymentTarget: deploymentTarget)
    }

    /// A tvOS app's catalogue: `asset` alone (by default the App Icon stack of three JPEG layers,
    /// the App Store icon folded in, both top-shelf images), the platform `atv`.
    public static func brandAsset(_ asset: FixtureBrandAsset = FixtureBrandAsset(), layout: Layout = .indexAtEnd) -> FixtureAssetCatalog {
        FixtureAssetCatalog(iconSets: [], brandAssets: [asset], layout: layout, deploymentPlatform: deploymentPlatform(for: .tvOS))
    }

    /// A visionOS app's catalogue: `icon` alone (by default `AppIcon`, three layers, the back
    /// one @2x), the platform `xros`.
    public static func layeredIcon(_ icon: FixtureLayeredIcon = FixtureLayeredIcon(), layout: Layout = .indexAtEnd) -> FixtureAssetCatalog {
        FixtureAssetCatalog(iconSets: [], layeredIcons: [icon], layout: layout, deploymentPlatform: deploymentPlatform(for: .visionOS))
    }

    /// `META`'s platform name for a fixture platform (`atv` for tvOS, as the corpus's tvOS
    /// catalogue has it; `macosx` for the Mac's; the others as their SDKs name them).
    public static func deploymentPlatform(for os: FixturePlatform.OS) -> String {
        switch os {
        case .iOS: "ios"
        case .tvOS: "atv"
        case .watchOS: "watchos"
        case .visionOS: "xros"
        case .macOS, .macCatalyst: "macosx"
        }
    }

    /// The key format the file is written in: `keyFormat`, or the one the renditions need: the
    /// Mac's for an Icon Composer set, Xcode 16.4's for a dark, tinted or Display P3 icon
    /// (a single-size set's), else Xcode 14.3's.
    var writtenKeyFormat: KeyFormat {
        if let keyFormat { return keyFormat }
        if iconSets.contains(where: { $0.composition != nil }) { return .xcode26Mac }
        let bitmaps = iconSets.flatMap(\.renditions) + imageSets.flatMap(\.renditions)
        return bitmaps.contains { $0.appearance.id != 0 || $0.displayGamut != .sRGB } ? .xcode16_4 : .xcode14_3
    }

    /// The file's bytes.
    public func bytes() throws(AssetCatalogWriterError) -> [UInt8] {
        try AssetCatalogWriter.bytes(of: self)
    }

    /// Writes the file at `path` as it is made, holding no more than one rendition's pixels and
    /// the small blocks at once (a catalogue of hundreds of MiB for benchmarks).
    public func write(toFile path: String) throws {
        try AssetCatalogWriter.write(self, toFile: path)
    }
}
