import BundleCheckFormats
import BundleCheckModel

/// `vision-icon-layers` (ITMS-90967): a visionOS app's icon, the set its Info.plist names,
/// must be a layered image whose background layer has an image at the scale and size
/// `Rules/data/layered-icons.yml` gives (2x, 1024×1024). The background layer is the one
/// whose facet ends `/Back/Content`; a stack without one has no background layer. One
/// finding per set.
struct VisionIconLayersCheck: Check {
    static let ruleID = "vision-icon-layers"
    let id = ruleID
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes(LayeredIcons.shipped.platforms.values.map(\.code), from: LayeredIcons.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, let catalog = bundle.assetCatalog, catalog.problem == nil, let set = catalog.namedSet,
                let requirement = LayeredIcons.shipped.requirement(for: bundle),
                let problem = Self.problem(with: set, requirement)
            else { return nil }
            return rule.finding(
                "the \(set.name) icon in \(PackagePath.name(catalog.path)) of \(bundle.name) \(problem); App Store Connect asks for a background layer at \(requirement.backLayerScale)x (\(requirement.code))",
                at: bundle.location(file: catalog.path), identity: set.name, appleCodes: [requirement.code]
            )
        }
    }

    /// What is wrong with the set's background layer, in words; nil when nothing is.
    static func problem(with set: AssetCatalogSummary.IconSet, _ requirement: LayeredIcons.Requirement) -> String? {
        guard !set.layeredImages.isEmpty else { return "is not a layered image (no image stack)" }
        let size = "\(requirement.backLayerPixels[0])×\(requirement.backLayerPixels[1])"
        for stack in set.layeredImages {
            guard !stack.layers.isEmpty else { return "is an image stack of no layers" }
            // Only a layer named Back is taken as the background: tvOS's stacks may leave it out
            // (the corpus's lists Middle and Front), and another layer is not one.
            guard let back = stack.layers.first(where: { $0.role == "Back" }), let name = back.name else {
                return "has no Back layer (its layers: \(stack.layers.map { $0.role ?? $0.name ?? "?" }.joined(separator: ", ")))"
            }
            let atScale = back.images.filter { $0.scale == requirement.backLayerScale }
            if atScale.contains(where: { [$0.pixelWidth, $0.pixelHeight] == requirement.backLayerPixels }) { continue }
            let held = back.images.map { "\($0.pixelWidth)×\($0.pixelHeight) at \($0.scale)x" }
            if held.isEmpty { return "has a background layer, \(name), with no image" }
            return "has its background layer, \(name), only as " + held.joined(separator: ", ") + ", not \(size) at \(requirement.backLayerScale)x"
        }
        return nil
    }
}
