import BundleCheckFormats
import BundleCheckModel

/// `app-icon-set-missing`: the icon set the Info.plist names (`CFBundleIconName`, or tvOS's
/// `CFBundlePrimaryIcon` string) is not among the facets of the app's `Assets.car`. The device
/// shows a blank icon and App Store Connect finds no App Store icon in the catalog. An app
/// that names no set, or has no catalog, is `app-icon-missing`'s; a catalog that cannot be
/// read is `asset-catalog-malformed`'s.
struct AppIconSetMissingCheck: Check {
    static let ruleID = "app-icon-set-missing"
    let id = ruleID
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard let catalog = bundle.assetCatalog, catalog.problem == nil, catalog.namedSet == nil,
                let (name, pointer) = AssetCatalogLoader.namedIconSetPlace(of: bundle)
            else { return nil }
            let others = catalog.iconSets.map(\.name)
            let held = others.isEmpty ? "it holds no icon set" : "its icon sets are " + others.map { "'\($0)'" }.joined(separator: ", ")
            return rule.finding(
                "\(bundle.name) names the icon set '\(name)', which \(PackagePath.name(catalog.path)) does not hold (\(held)); the app would have no icon",
                at: bundle.infoPlistLocation(pointer)
            )
        }
    }
}
