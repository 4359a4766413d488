/// The compiled asset catalogue a fixture app of each platform carries unless its description
/// says otherwise, `EXTENDED_METADATA` naming the platform as real catalogues do. Each is
/// written once, when first asked for (a 1024-pixel image takes a while to encode in a debug
/// build):
///
/// - iOS: the single-size set the Info.plist names, `AppIcon`, as Xcode 16.4 compiles it for
///   an iPhone app (`FixtureAssetCatalog.appIcon`): one opaque 1024×1024 icon of idiom phone
///   and its size list;
/// - watchOS: `AppIcon` of one opaque 1024×1024 image of idiom universal
///   (`FixtureIconSet.singleSizeUniversal`, the writer's first guess): no compiled watch
///   catalogue is in the corpus to say which idiom actool gives a watch's single-size icon;
/// - macOS: `AppIcon` with its ten Mac sizes, 16 to 512 points at 1x and 2x
///   (`FixtureIconSet.macAllSizes`), as the corpus's Mac app has it;
/// - tvOS: the brand asset `App Icon` (`FixtureBrandAsset()`): its stack of three JPEG layers,
///   the App Store icon folded in (its flattened image flat and opaque), the top-shelf images
///   `Top Shelf Image` and `Top Shelf Image Wide` at 1x and 2x as JPEGs (what `built(for:)`'s
///   `TVTopShelfImage` names);
/// - visionOS: the layered icon `AppIcon` (`FixtureLayeredIcon()`): three JPEG layers, the
///   back one 1024 pixels @2x, its flattened image flat and opaque.
extension FixtureAssetCatalog {
    static func defaultBytes(for os: FixturePlatform.OS) -> [UInt8] {
        switch os {
        case .iOS: FixtureBundle.assetCatalogue
        case .tvOS: tvOSDefault
        case .watchOS: watchOSDefault
        case .visionOS: visionOSDefault
        case .macOS, .macCatalyst: macDefault
        }
    }

    private static let tvOSDefault = written(.brandAsset(), os: .tvOS)
    private static let watchOSDefault = written(FixtureAssetCatalog(iconSets: [.singleSizeUniversal(pixels: .flat)]), os: .watchOS)
    private static let visionOSDefault = written(.layeredIcon(), os: .visionOS)
    private static let macDefault: [UInt8] = {
        // Flat pixels in every size: the Mac examples stay small.
        var set = FixtureIconSet.macAllSizes()
        for index in set.renditions.indices { set.renditions[index].pixels = .flat }
        return written(FixtureAssetCatalog(iconSets: [set]), os: .macOS)
    }()

    private static func written(_ catalog: FixtureAssetCatalog, os: FixturePlatform.OS) -> [UInt8] {
        var catalog = catalog
        catalog.deploymentPlatform = deploymentPlatform(for: os)
        do {
            return try catalog.bytes()
        } catch {
            preconditionFailure("the default \(os) asset catalogue cannot be written: \(error)")
        }
    }
}
