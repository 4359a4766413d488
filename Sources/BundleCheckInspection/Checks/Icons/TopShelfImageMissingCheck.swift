import BundleCheckFormats
import BundleCheckModel

/// `top-shelf-image-missing`: a tvOS top-shelf image the Info.plist names (`TVTopShelfImage`)
/// is not in the catalog, or is there at no size Apple gives for it at its scale
/// (`Rules/data/tv-top-shelf-images.yml`). Judged only when the catalog was read.
struct TopShelfImageMissingCheck: Check {
    static let ruleID = "top-shelf-image-missing"
    let id = ruleID
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let table = TopShelfImages.shipped
        return context.bundles.flatMap { bundle -> [Finding] in
            guard bundle.kind == .app, let catalog = bundle.assetCatalog, catalog.problem == nil else { return [] }
            return catalog.topShelfImages.compactMap { entry -> Finding? in
                let pointer = JSONPointer(components: [table.dictionary, entry.key])
                let location = bundle.location(file: bundle.infoPlistPath, keyPath: pointer)
                guard entry.held else {
                    return rule.finding(
                        "\(table.dictionary)/\(entry.key) of \(bundle.name) names \(entry.name), which \(PackagePath.name(catalog.path)) does not hold; the top shelf shows nothing for the app",
                        at: location, identity: entry.key
                    )
                }
                guard let sizes = table.image(key: entry.key)?.sizes, !entry.images.isEmpty else { return nil }
                // A size of 0×0 is one the reader could not tell (slices that are not one rectangle).
                let wrong = entry.images.filter { image in
                    image.pixelWidth > 0 && image.pixelHeight > 0 && (sizes[image.scale].map { $0 != [image.pixelWidth, image.pixelHeight] } ?? false)
                }
                guard !wrong.isEmpty else { return nil }
                let held = wrong.map { "\($0.pixelWidth)×\($0.pixelHeight) at \($0.scale)x" }.joined(separator: ", ")
                let asked = sizes.sorted { $0.key < $1.key }.map { "\($0.value[0])×\($0.value[1]) at \($0.key)x" }.joined(separator: ", ")
                return rule.finding(
                    "the top-shelf image \(entry.name) (\(entry.key)) of \(bundle.name) is \(held); Apple's size is \(asked)",
                    at: location, identity: entry.key
                )
            }
        }
    }
}
