import BundleCheckFormats
import BundleCheckModel

/// `app-store-icon-missing` (ITMS-90704 and ITMS-91111, ITMS-90719, ITMS-90471): the icon set
/// the app names holds no App Store icon in its any appearance, the image of the size and idiom
/// its platform asks for (`Rules/data/app-store-icons.yml`: iOS 1024×1024 as marketing or
/// universal, or as the device idiom of a family the app runs on, which is how actool compiles a
/// single-size set, or an Icon Composer icon stack of that size; watchOS likewise in the watch
/// app's catalog; tvOS the brand asset's 1280×768 marketing layer stack or its flattened image).
/// A dark or tinted variant alone is not the icon: App Store Connect asks for the "Any
/// Appearance" image well (ITMS-91111). An App Store icon compiled into another facet (tvOS's
/// `App Icon - App Store`) is named, since App Store Connect does not look there. Judged only
/// when the catalog was read and holds the named set: the other cases are `app-icon-missing`'s,
/// `app-icon-set-missing`'s and `asset-catalog-malformed`'s.
struct AppStoreIconMissingCheck: Check {
    static let ruleID = "app-store-icon-missing"
    let id = ruleID
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes(AppStoreIcons.shipped.platforms.values.flatMap(\.missingCodes), from: AppStoreIcons.table)] }

    /// Images of other sizes named in the message, the largest first.
    static let imagesNamed = 3

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard [.app, .watchApp].contains(bundle.kind), let catalog = bundle.assetCatalog, catalog.problem == nil, catalog.appStoreIcon == nil,
                let set = catalog.namedSet, let requirement = AppStoreIcons.shipped.requirement(for: bundle)
            else { return nil }
            let what = requirement.layered ? "\(requirement.size) App Store image stack" : "\(requirement.size) App Store icon"
            let elsewhere =
                catalog.appStoreIconElsewhere.map {
                    "; an image of that size is in \($0), a set of its own, which App Store Connect does not read: it must be compiled into \(set.name)"
                } ?? ""
            let fix =
                requirement.layered
                ? "put the App Store image stack (its layers of idiom marketing) inside the App Icon & Top Shelf Image brand asset, so that it compiles into \(set.name), and archive again"
                : "add the \(requirement.size) image to the Any Appearance well of the \(set.name) set (a single-size set needs only that image), and archive again"
            let codes = requirement.missingCodes.joined(separator: ", ")
            return rule.finding(
                "the \(set.name) set in \(PackagePath.name(catalog.path)) of \(bundle.name) has no \(what)\(catalog.appStoreIconAppearances.isEmpty ? "" : " in the any appearance") (\(Self.held(in: set, catalog: catalog, for: requirement)))\(elsewhere); App Store Connect rejects the upload (\(codes)): \(fix)",
                at: bundle.location(file: catalog.path), appleCodes: requirement.missingCodes
            )
        }
    }

    /// What the set holds instead: the icon in other appearances only, or the images and stacks
    /// of the idioms asked for at other sizes, or nothing of those idioms.
    static func held(in set: AssetCatalogSummary.IconSet, catalog: AssetCatalogSummary, for requirement: AppStoreIcons.Requirement) -> String {
        if !catalog.appStoreIconAppearances.isEmpty {
            let variants = catalog.appStoreIconAppearances.map { "\($0.appearance) (\($0.idiom)\($0.iconStack ? ", an icon stack" : ""))" }
            return "only a \(requirement.size) icon in the " + variants.joined(separator: " and ") + " appearance" + (variants.count == 1 ? "" : "s")
        }
        let images = set.images.filter { requirement.idioms.contains($0.idiom) }.sorted { $0.pixelWidth * $0.pixelHeight > $1.pixelWidth * $1.pixelHeight }
        var near = images.prefix(imagesNamed).map {
            "\($0.pixelWidth)×\($0.pixelHeight) (\($0.idiom)\($0.appearance == IconAppearances.any ? "" : ", \($0.appearance)"))"
        }
        if images.count > imagesNamed { near.append("\(images.count - imagesNamed) smaller") }
        near += set.layeredImages.filter { requirement.idioms.contains($0.idiom) }.map { "a \($0.pixelWidth)×\($0.pixelHeight) stack (\($0.idiom))" }
        return near.isEmpty ? "no image of idiom \(requirement.idioms.joined(separator: " or "))" : "only " + near.joined(separator: ", ")
    }
}
