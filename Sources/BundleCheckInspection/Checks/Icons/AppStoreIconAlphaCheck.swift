import BundleCheckFormats
import BundleCheckModel

/// `app-store-icon-alpha` (ITMS-90717): the App Store icon has pixels that are not fully
/// opaque. The catalog records opacity nowhere else (the CSI flag xcbuild calls "opaque" is
/// clear on the corpus's opaque icons), so the icon's pixels are decoded and each alpha
/// read. An icon whose pixels could not be decoded is not judged.
struct AppStoreIconAlphaCheck: Check {
    static let ruleID = "app-store-icon-alpha"
    let id = ruleID
    /// The App Store icon's pixels.
    var reads: CheckReads { CheckReads(decodesAppStoreIcon: true) }
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes(AppStoreIcons.shipped.platforms.values.flatMap(\.alphaCodes), from: AppStoreIcons.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard [.app, .watchApp].contains(bundle.kind), let catalog = bundle.assetCatalog, let icon = catalog.appStoreIcon, icon.opaque == false,
                let requirement = AppStoreIcons.shipped.requirement(for: bundle), !requirement.alphaCodes.isEmpty
            else { return nil }
            let amount = TransparencyWording.describe(
                transparent: icon.transparentPixels, width: icon.pixelWidth, height: icon.pixelHeight, first: icon.firstTransparentPixel)
            return rule.finding(
                "the App Store icon of the \(icon.iconSet) set in \(PackagePath.name(catalog.path)) of \(bundle.name) is transparent: \(amount); App Store Connect rejects an App Store icon with transparency (\(requirement.alphaCodes.joined(separator: ", ")))",
                at: bundle.location(file: catalog.path), appleCodes: requirement.alphaCodes
            )
        }
    }
}
