import BundleCheckFormats
import BundleCheckModel

/// `asset-catalog-malformed`: an app's `Assets.car` that bundlecheck could not list, or whose
/// App Store icon's pixels are damaged (not merely in a compression it does not decode). The
/// message says what was wrong and where (the block, the part); the other checks still run,
/// and the icon rules judge nothing they cannot read.
struct AssetCatalogMalformedCheck: Check {
    static let ruleID = "asset-catalog-malformed"
    let id = ruleID
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard let catalog = bundle.assetCatalog else { return nil }
            if let problem = catalog.problem {
                return rule.finding(
                    "the asset catalog \(PackagePath.name(catalog.path)) of \(bundle.name) cannot be read: \(problem)", at: bundle.location(file: catalog.path))
            }
            guard let icon = catalog.appStoreIcon, icon.pixelsMalformed, let problem = icon.pixelProblem else { return nil }
            return rule.finding(
                "the App Store icon of the \(icon.iconSet) set in \(PackagePath.name(catalog.path)) of \(bundle.name) cannot be decoded: \(problem)",
                at: bundle.location(file: catalog.path)
            )
        }
    }
}
