/// The compiled asset catalogue a fixture app of each platform carries unless its description
/// says otherwise: one opaque 1024×1024 image in the set its Info.plist names (`AppIcon`; tvOS's
/// brand asset `App Icon`), `EXTENDED_METADATA` naming the platform as real catalogues do.
/// Each is written once, when first asked for (a 1024-pixel image takes a few seconds to
/// encode in a debug build).
///
/// tvOS's real brand asset is a layer stack with top-shelf images, and watchOS's and
/// visionOS's sets have shapes of their own; the writer does not know them yet ("Asset
/// catalogs II"), so those platforms get the iOS shape under their set's name.
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

    private static let tvOSDefault = written(set: "App Icon", os: .tvOS)
    private static let watchOSDefault = written(set: "AppIcon", os: .watchOS)
    private static let visionOSDefault = written(set: "AppIcon", os: .visionOS)
    private static let macDefault = written(set: "AppIcon", os: .macOS)

    private static func written(set name: String, os: FixturePlatform.OS) -> [UInt8] {
        var catalog = FixtureAssetCatalog.appIcon(name, pixels: .flat)
        catalog.deploymentPlatform = deploymentPlatform(for: os)
        do {
            return try catalog.bytes()
        } catch {
            preconditionFailure("the default \(os) asset catalogue cannot be written: \(error)")
        }
    }
}
