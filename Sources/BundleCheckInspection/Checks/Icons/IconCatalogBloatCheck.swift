import BundleCheckFormats
import BundleCheckModel

/// `icon-catalog-bloat` (a note): the icon sets of an app's `Assets.car` (the app icon, its
/// alternate icons and every other icon set, with their fallback images, layer stacks and Icon
/// Composer parts) store more than `icon-catalog-threshold` bytes (20 MB by default). Every
/// device downloads them: App Store thinning keeps one idiom and scale of a bitmap, but an
/// icon set's renditions are the whole set. Names the largest sets.
struct IconCatalogBloatCheck: Check {
    let id = "icon-catalog-bloat"
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }
    /// Sets named in the message at most, largest first.
    static let namedSets = 3

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let threshold = context.settings.iconCatalogThreshold
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind.isApplication, let catalog = bundle.assetCatalog, catalog.problem == nil else { return nil }
            let total = UInt64(catalog.iconSets.map(\.storedBytes).reduce(0, +))
            guard total > threshold else { return nil }
            let largest = catalog.iconSets.sorted { ($0.storedBytes, $1.name) > ($1.storedBytes, $0.name) }.prefix(Self.namedSets)
            let named = largest.map { set in "\(set.name) \(ByteSizeText.decimal(UInt64(set.storedBytes)))" + Self.parts(of: set) }
            let sets = catalog.iconSets.count == 1 ? "icon set" : "\(catalog.iconSets.count) icon sets"
            let store = catalog.iconSets.count == 1 ? "stores" : "store"
            return rule.finding(
                "the \(sets) in \(PackagePath.name(catalog.path)) of \(bundle.name) \(store) \(ByteSizeText.decimalAndExact(total)), more than the \(ByteSizeText.decimal(threshold)) threshold; the largest: \(named.joined(separator: "; "))",
                at: bundle.location(file: catalog.path), identity: catalog.path
            )
        }
    }

    /// An Icon Composer icon's share: ` (fallbacks 11.2 MB, stacks 4 kB, layers 8 kB)`.
    static func parts(of set: AssetCatalogSummary.IconSet) -> String {
        guard let icon = set.iconComposer else { return "" }
        let parts = [("fallbacks", icon.bytes.fallbacks), ("stacks", icon.bytes.stacks), ("layers", icon.bytes.layers)]
        return " (" + parts.map { "\($0.0) \(ByteSizeText.decimal(UInt64($0.1)))" }.joined(separator: ", ") + ")"
    }
}
