import BundleCheckFormats
import BundleCheckModel

/// `icon-fallbacks-missing` (a warning): an Icon Composer icon the app names (its icon, or an
/// alternate icon) without the flattened fallback images `Rules/data/app-icon-sizes.yml` lists
/// for its platform, while the app deploys to a version that cannot draw icon stacks. Those
/// systems show only the fallbacks, so the icon is blank or generic there. One finding per
/// set, naming the sizes missing from its any appearance.
struct IconFallbacksMissingCheck: Check {
    let id = "icon-fallbacks-missing"
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard bundle.kind.isApplication, let catalog = bundle.assetCatalog, catalog.problem == nil,
                let fallbacks = AppIconSizes.shipped.iconComposerFallbacks[bundle.platform.platform.id],
                let target = bundle.deploymentTarget, target < fallbacks.stacksDrawnFrom
            else { return [] }
            return Self.namedSets(of: catalog).compactMap { named -> Finding? in
                guard named.set.isIconComposerIcon else { return nil }
                let missing = Self.missing(fallbacks, in: named.set)
                guard !missing.isEmpty else { return nil }
                let platform = bundle.platform.platform.name
                let held = Self.anyAppearanceSizes(of: named.set, scale: fallbacks.scale)
                let has = held.isEmpty ? "it has none" : "it has \(Self.sizes(held, scale: fallbacks.scale))"
                return rule.finding(
                    "the Icon Composer icon \(named.set.name) (\(named.role)) in \(PackagePath.name(catalog.path)) of \(bundle.name) has no flattened fallback image of \(Self.sizes(missing, scale: fallbacks.scale)) in the any appearance (\(has)); \(platform) before \(fallbacks.stacksDrawnFrom) cannot draw icon stacks and shows only those images, and the app deploys to \(platform) \(target)",
                    at: bundle.location(file: catalog.path), identity: named.set.name
                )
            }
        }
    }

    /// The sets the Info.plist names that the catalog holds: the icon, then each alternate icon once.
    static func namedSets(of catalog: AssetCatalogSummary) -> [(set: AssetCatalogSummary.IconSet, role: String)] {
        var named: [(set: AssetCatalogSummary.IconSet, role: String)] = catalog.namedSet.map { [($0, "the app's icon")] } ?? []
        for alternate in catalog.alternateIcons where alternate.held && !named.contains(where: { $0.set.name == alternate.iconSet }) {
            guard let set = catalog.iconSets.first(where: { $0.name == alternate.iconSet }) else { continue }
            named.append((set, "alternate icon \(alternate.entry)"))
        }
        return named
    }

    /// The sizes in points the table lists that no any-appearance image of the set has at the table's scale.
    static func missing(_ fallbacks: AppIconSizes.IconComposerFallbacks, in set: AssetCatalogSummary.IconSet) -> [Int] {
        let held = Set(anyAppearanceSizes(of: set, scale: fallbacks.scale))
        return fallbacks.points.filter { !held.contains($0) }
    }

    /// The square images' sizes in points, at `scale`, in the any appearance, smallest first.
    static func anyAppearanceSizes(of set: AssetCatalogSummary.IconSet, scale: Int) -> [Int] {
        let sizes = set.images.filter { image in
            image.appearance == IconAppearances.any && image.scale == scale && image.pixelWidth == image.pixelHeight && image.pixelWidth % scale == 0
        }.map { $0.pixelWidth / scale }
        return Array(Set(sizes)).sorted()
    }

    /// `512 points @2x`, `512, 1024 points @2x`.
    static func sizes(_ points: [Int], scale: Int) -> String {
        points.map(String.init).joined(separator: ", ") + " points @\(scale)x"
    }
}
