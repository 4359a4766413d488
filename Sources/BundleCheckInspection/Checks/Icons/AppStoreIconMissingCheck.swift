import BundleCheckFormats
import BundleCheckModel

/// `app-store-icon-missing` (ITMS-90704): the icon set the app names holds no App Store icon,
/// the image of the size and idiom its platform asks for (`Rules/data/app-store-icons.yml`;
/// iOS: 1024×1024, idiom marketing, as Xcode compiles both all-sizes and single-size sets).
/// Judged only when the catalog was read and holds the named set: the other cases are
/// `app-icon-missing`'s, `app-icon-set-missing`'s and `asset-catalog-malformed`'s.
struct AppStoreIconMissingCheck: Check {
    static let ruleID = "app-store-icon-missing"
    let id = ruleID
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, let catalog = bundle.assetCatalog, catalog.problem == nil, catalog.appStoreIcon == nil,
                  let set = catalog.namedSet, let requirement = AppStoreIcons.shipped.requirement(for: bundle)
            else { return nil }
            let size = "\(requirement.pixelWidth)×\(requirement.pixelHeight)"
            let near = set.images.filter { requirement.idioms.contains($0.idiom) }.map { "\($0.pixelWidth)×\($0.pixelHeight) (\($0.idiom))" }
            let held = near.isEmpty ? "no image of idiom \(requirement.idioms[0])" : "only " + near.joined(separator: ", ")
            return rule.finding(
                "the \(set.name) set in \(PackagePath.name(catalog.path)) of \(bundle.name) has no \(size) App Store icon (\(held)); App Store Connect rejects the upload (\(requirement.missingCode))",
                at: bundle.location(file: catalog.path), appleCodes: [requirement.missingCode]
            )
        }
    }
}
