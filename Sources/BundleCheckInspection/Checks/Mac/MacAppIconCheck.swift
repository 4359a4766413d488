import BundleCheckFormats
import BundleCheckModel

/// `mac-app-icon` (ITMS-90236): a Mac app's icon is the `.icns` its `CFBundleIconFile` names
/// in `Contents/Resources` (the extension may be left out), and it holds both a 512×512 image
/// (`ic09`) and a 512×512@2x one (`ic10`): "the application bundle does not contain an icon in
/// ICNS format, containing both a 512x512 and a 512x512@2x image". Xcode writes that file from
/// the asset catalog's icon set; an app that names only its set (`CFBundleIconName`) and has
/// its `Assets.car` is left to the catalog (`AppIconSetMissingCheck` looks the set up there).
/// For a deployment target of 10.13 or later actool puts the icon in the catalog and writes only
/// a partial `.icns` (the corpus's Xcode 12.5 app: 16, 32@2x, 128, 128@2x): an app whose named
/// set in `Assets.car` holds both 512-point images is not judged by its `.icns`. Xcode 26's
/// Icon Composer icons are stacks drawn at run time, with flattened fallbacks at @2x only (the
/// corpus's icon-composer catalog: 16 to 1024 points, 32 to 2048 pixels) and a partial `.icns`
/// (ic04, ic07, ic11, ic13): there the 512-pixel fallback (256 pt @2x) counts as the 512×512
/// image and the 1024-pixel one (512 pt @2x) as 512×512@2x. Only images of the any appearance
/// count. App Store Connect is the one that asks, so the check runs for the Mac App Store only.
/// Its rule's scope (`platforms: [macos, maccatalyst]`) keeps it to Mac bundles: the check does not ask again.
struct MacAppIconCheck: DistributionCheck {
    static let ruleID = "mac-app-icon"
    let id = ruleID
    var citesAppleCodes: Bool { true }
    /// The catalog's set, and the `.icns` whole.
    var reads: CheckReads { CheckReads(listsAssetCatalogs: true, wholeFiles: [.suffix(".icns", limit: Self.sizeLimit)]) }
    var distributions: Set<Distribution> { [.macAppStore] }

    static let pointer = JSONPointer("CFBundleIconFile")
    /// A 1024-pixel icon set in PNG is a few MiB; more is no icon.
    static let sizeLimit = 32 << 20
    /// What ITMS-90236 asks for: points and scale.
    static let required: [(points: Int, scale: Int, name: String)] = [(512, 1, "512×512 (ic09)"), (512, 2, "512×512@2x (ic10)")]

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, let plist = bundle.infoPlist else { return nil }
            let location = bundle.infoPlistLocation(Self.pointer)
            guard let name = plist.value(at: Self.pointer)?.stringValue, !name.isEmpty else {
                let catalogued = bundle.infoString("CFBundleIconName") != nil && context.paths.isFile(bundle.layout.resource("Assets.car"))
                return catalogued ? nil : rule.finding(Self.noIcon(bundle, codes: rule.appleCodesText), at: location)
            }
            if UnexpandedVariable.occurs(in: name) { return nil }
            let path = bundle.layout.resource(name.hasSuffix(".icns") ? name : name + ".icns")
            guard context.paths.isFile(path) else { return rule.finding(Self.missingFile(bundle, name, path, codes: rule.appleCodesText), at: location) }
            guard let bytes = context.read(path, limit: Self.sizeLimit) else {
                return rule.finding(
                    Self.unreadable(bundle, path, "it is larger than \(Self.sizeLimit >> 20) MiB or cannot be read", codes: rule.appleCodesText),
                    at: bundle.location(file: path))
            }
            let icon: ICNSFile
            do throws(ICNSError) {
                icon = try ICNSFile.read(bytes)
            } catch {
                return rule.finding(Self.unreadable(bundle, path, error.description, codes: rule.appleCodesText), at: bundle.location(file: path))
            }
            let missing = Self.required.filter { !icon.holds(points: $0.points, scale: $0.scale) }.map(\.name)
            guard !missing.isEmpty, !Self.catalogHoldsRequiredImages(bundle) else { return nil }
            return rule.finding(Self.lacking(bundle, path, missing, codes: rule.appleCodesText), at: bundle.location(file: path))
        }
    }
}

extension MacAppIconCheck {
    /// Whether the set the app names in its catalog holds an image of each required size
    /// (512 points at 1x and 2x) in its any appearance, which App Store Connect takes as the
    /// icon; for an Icon Composer icon, whose fallbacks are all @2x, an image of each size's pixels.
    static func catalogHoldsRequiredImages(_ bundle: InspectedBundle) -> Bool {
        guard let catalog = bundle.assetCatalog, catalog.problem == nil, let set = catalog.namedSet else { return false }
        let images = IconAppearances.shipped.anyAppearance(of: set.images, \.appearance)
        return required.allSatisfy { size in
            images.contains { image in
                (set.isIconComposerIcon || image.scale == size.scale)
                    && image.pixelWidth == size.points * size.scale && image.pixelHeight == size.points * size.scale
            }
        }
    }

    // `codes`: the rule's Apple codes, as the message cites them.
    static func noIcon(_ bundle: InspectedBundle, codes: String) -> String {
        "\(bundle.name) names no icon: neither CFBundleIconFile nor an icon set in Assets.car; the Mac App Store asks for an ICNS icon with 512×512 and 512×512@2x images (\(codes)): add an AppIcon set to the asset catalog"
    }

    static func missingFile(_ bundle: InspectedBundle, _ name: String, _ path: String, codes: String) -> String {
        "CFBundleIconFile of \(bundle.name) names '\(name)', but \(PackagePath.name(path)) is not in its Resources; the Mac App Store asks for that ICNS icon (\(codes))"
    }

    static func unreadable(_ bundle: InspectedBundle, _ path: String, _ reason: String, codes: String) -> String {
        "the icon \(PackagePath.name(path)) of \(bundle.name) is no ICNS file the Mac App Store can read: \(reason) (\(codes))"
    }

    static func lacking(_ bundle: InspectedBundle, _ path: String, _ missing: [String], codes: String) -> String {
        let problem =
            "the icon \(PackagePath.name(path)) of \(bundle.name) has no \(missing.joined(separator: " and no ")) image; the Mac App Store asks for both (\(codes))"
        if let set = bundle.assetCatalog?.namedSet, set.isIconComposerIcon {
            return problem
                + ", and the Icon Composer icon \(set.name) in Assets.car lacks the flattened fallbacks that stand for them (512 and 1024 pixels): archive with Xcode's fallback generation on (actool's --enable-icon-stack-fallback-generation), and do not strip the fallbacks from the catalog"
        }
        return problem + ": give the AppIcon set its 512pt images at 1x and 2x"
    }
}
