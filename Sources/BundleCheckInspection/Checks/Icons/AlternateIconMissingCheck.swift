import BundleCheckFormats
import BundleCheckModel

/// `alternate-icon-missing` (ITMS-90895, ITMS-90032): an alternate icon the Info.plist lists
/// (`CFBundleIcons/CFBundleAlternateIcons`, and `CFBundleIcons~ipad`'s) that the app does not
/// hold: a `CFBundleIconName` naming no set of its asset catalog (ITMS-90895, judged when the
/// catalog was read, or when the app has none), or a `CFBundleIconFiles` name with no loose
/// PNG behind it (ITMS-90032, as `app-icon-missing` reads the primary icon's names).
struct AlternateIconMissingCheck: Check {
    static let ruleID = "alternate-icon-missing"
    /// A set the catalog does not hold; a name in CFBundleIconFiles without a file.
    static let missingAssetCode: AppleCodeKey = "missing-asset"
    static let missingFileCode: AppleCodeKey = "missing-file"
    let id = ruleID
    /// The apps' catalogs, listed.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true) }
    var appleCodeKeys: [AppleCodeKey] { [Self.missingAssetCode, Self.missingFileCode] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter { $0.kind == .app && $0.infoPlist != nil }.flatMap { bundle in
            missingAssets(of: bundle, in: context, as: rule) + missingFiles(of: bundle, in: context, as: rule)
        }
    }

    private func missingAssets(of bundle: InspectedBundle, in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let catalogPath = bundle.layout.resource(AssetCatalogLoader.fileName)
        let alternates: [(iconsKey: String, entry: String, iconSet: String)]
        let catalogName = PackagePath.name(catalogPath)
        let whyMissing: String
        if let catalog = bundle.assetCatalog {
            guard catalog.problem == nil else { return [] }
            alternates = catalog.alternateIcons.filter { !$0.held }.map { ($0.iconsKey, $0.entry, $0.iconSet) }
            whyMissing = "no such set is in \(catalogName)"
        } else if !context.paths.isFile(catalogPath) {
            alternates = AssetCatalogNames(of: bundle).alternateIcons
            whyMissing = "the app has no \(catalogName)"
        } else {
            return []
        }
        let codes = rule.appleCodes(for: Self.missingAssetCode)
        return alternates.map { alternate in
            rule.finding(
                "\(alternate.iconsKey)/CFBundleAlternateIcons entry \(alternate.entry) of \(bundle.name) names the icon set \(alternate.iconSet), but \(whyMissing); setAlternateIconName(\"\(alternate.entry)\") fails and App Store Connect reports the missing asset (\(codes.joined(separator: ", ")))",
                at: bundle.location(
                    file: bundle.infoPlistPath, keyPath: JSONPointer(alternate.iconsKey, "CFBundleAlternateIcons", alternate.entry, "CFBundleIconName")),
                identity: "\(alternate.iconsKey)/\(alternate.entry)", appleCodes: codes
            )
        }
    }

    /// One finding per entry, naming the names no file stands for.
    private func missingFiles(of bundle: InspectedBundle, in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let sizes = AppIconSizes.shipped
        let codes = rule.appleCodes(for: Self.missingFileCode)
        return sizes.families.flatMap { family -> [Finding] in
            let alternates = bundle.infoPlist?.value(at: JSONPointer(family.iconsKey, "CFBundleAlternateIcons"))?.dictionaryValue?.entries ?? []
            return alternates.compactMap { pair -> Finding? in
                let pointer = JSONPointer(family.iconsKey, "CFBundleAlternateIcons", pair.key, "CFBundleIconFiles")
                let stems = AppIconMissingCheck.stems(at: pointer, of: bundle, suffix: family.suffix, scales: sizes.scales)
                let missing = stems.filter { stem in !stem.candidates.contains { context.paths.isFile(bundle.layout.resource($0.name)) } }
                guard !missing.isEmpty else { return nil }
                let names = missing.map(\.name).joined(separator: ", ")
                return rule.finding(
                    "\(family.iconsKey)/CFBundleAlternateIcons entry \(pair.key) of \(bundle.name) lists icon files with no PNG in the app: \(names) (looked for \(missing[0].candidates.map(\.name).joined(separator: ", "))); App Store Connect rejects the upload (\(codes.joined(separator: ", ")) Invalid Image Path)",
                    at: bundle.location(file: bundle.infoPlistPath, keyPath: pointer), identity: "\(family.iconsKey)/\(pair.key)/files",
                    appleCodes: codes
                )
            }
        }
    }
}
