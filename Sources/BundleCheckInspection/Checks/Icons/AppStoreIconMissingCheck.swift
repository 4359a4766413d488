import BundleCheckFormats
import BundleCheckModel

/// `app-store-icon-missing` (ITMS-90704, ITMS-90719, ITMS-90471): the icon set the app names
/// holds no App Store icon, the image of the size and idiom its platform asks for
/// (`Rules/data/app-store-icons.yml`: iOS and watchOS 1024×1024, idiom marketing, as Xcode
/// compiles both all-sizes and single-size sets; tvOS the brand asset's 1280×768 marketing
/// layer stack or its flattened image). An App Store icon compiled into another facet (tvOS's
/// `App Icon - App Store`) is named, since App Store Connect does not look there. Judged only
/// when the catalog was read and holds the named set: the other cases are `app-icon-missing`'s,
/// `app-icon-set-missing`'s and `asset-catalog-malformed`'s.
struct AppStoreIconMissingCheck: Check {
    static let ruleID = "app-store-icon-missing"
    let id = ruleID
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard [.app, .watchApp].contains(bundle.kind), let catalog = bundle.assetCatalog, catalog.problem == nil, catalog.appStoreIcon == nil,
                  let set = catalog.namedSet, let requirement = AppStoreIcons.shipped.requirement(for: bundle)
            else { return nil }
            let what = requirement.layered ? "\(requirement.size) App Store image stack" : "\(requirement.size) App Store icon"
            let near = set.images.filter { requirement.idioms.contains($0.idiom) }.map { "\($0.pixelWidth)×\($0.pixelHeight) (\($0.idiom))" }
                + set.layeredImages.filter { requirement.idioms.contains($0.idiom) }.map { "a \($0.pixelWidth)×\($0.pixelHeight) stack (\($0.idiom))" }
            let held = near.isEmpty ? "no image of idiom \(requirement.idioms.joined(separator: " or "))" : "only " + near.joined(separator: ", ")
            let elsewhere = catalog.appStoreIconElsewhere.map {
                "; an image of that size is in \($0), a set of its own, which App Store Connect does not read: it must be compiled into \(set.name)"
            } ?? ""
            let fix = requirement.layered
                ? "put the App Store image stack (its layers of idiom marketing) inside the App Icon & Top Shelf Image brand asset, so that it compiles into \(set.name), and archive again"
                : "add the \(requirement.size) App Store image to the \(set.name) set, and archive again"
            return rule.finding(
                "the \(set.name) set in \(PackagePath.name(catalog.path)) of \(bundle.name) has no \(what) (\(held))\(elsewhere); App Store Connect rejects the upload (\(requirement.missingCode)): \(fix)",
                at: bundle.location(file: catalog.path), appleCodes: [requirement.missingCode]
            )
        }
    }
}
