import BundleCheckFormats
import BundleCheckModel

/// `app-icon-missing` (ITMS-90713, ITMS-90022, ITMS-90023, ITMS-90032): an app without the icons
/// App Store Connect requires. What is read: the Info.plist's icon keys, whether `Assets.car`
/// exists, and the header of each loose icon PNG that `CFBundleIconFiles` names (the first
/// bytes only, CgBI files included). What is not: the asset catalogue's contents.
///
/// - Built with the iOS 11 SDK or later (any tvOS SDK), the app must name its icon set
///   (`CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconName`; on tvOS the string
///   `CFBundleIcons/CFBundlePrimaryIcon`); a named set needs `Assets.car`. The platforms judged,
///   their SDK limits and where they name the set are the table's.
/// - Each name in `CFBundleIconFiles` must have a file (ITMS-90032), and each file whose name
///   gives its size must be that many pixels (points × scale).
/// - An app whose icons are loose files only (no icon set) must have the required sizes among
///   them: 120×120 for iPhone, 152×152 and 167×167 for iPad (`Rules/data/app-icon-sizes.yml`).
struct AppIconMissingCheck: Check {
    let id = "app-icon-missing"

    /// A name in CFBundleIconFiles without a file; no icon set named where the SDK asks for one.
    static let missingFileCode: AppleCodeKey = "missing-file"
    static let iconNameCode: AppleCodeKey = "icon-name"
    /// Under which the rule lists the table's codes of each required size.
    static let requiredSizeCodes: AppleCodeKey = "required-sizes"
    var appleCodeKeys: [AppleCodeKey] { [Self.iconNameCode, Self.missingFileCode] }
    var tableAppleCodes: [TableAppleCodes] {
        [TableAppleCodes(AppIconSizes.shipped.families.flatMap(\.required).map(\.code), from: AppIconSizes.table, under: Self.requiredSizeCodes)]
    }

    /// The icon files a dictionary (`CFBundleIcons`, `CFBundleIcons~ipad`, or the top level) names.
    struct Source {
        let key: String
        let pointer: JSONPointer
        let stems: [AppIconStem]
        /// The families whose icons it lists.
        let families: [AppIconSizes.Family]
    }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter { $0.kind == .app && $0.infoPlist != nil }.flatMap { bundle -> [Finding] in
            guard let icons = AppIconSizes.shipped.platforms[bundle.platform.id] else { return [] }
            return check(bundle, icons, in: context, as: rule)
        }
    }

    /// What the loose icon files showed: the square sizes present for each device, and the
    /// sizes a reported problem already stands for (so that a missing size is not said twice).
    struct Tally {
        var found: [String: Set<Int>] = [:]
        var explained: Set<Int> = []
    }

    private func check(_ bundle: InspectedBundle, _ icons: AppIconSizes.PlatformIcons, in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let sizes = AppIconSizes.shipped
        let sources = Self.sources(of: bundle, sizes: sizes)
        var tally = Tally()
        let files =
            missingStems(of: bundle, sources, in: context, as: rule, tally: &tally)
            + fileProblems(of: bundle, sources, in: context, as: rule, tally: &tally)
        return files + declarationProblems(of: bundle, sources, sizes: sizes, icons: icons, tally: tally, in: context, as: rule)
    }

    /// ITMS-90032: one finding per dictionary for the stems no file stands for; a stem that
    /// CFBundleIcons and CFBundleIcons~ipad both name is reported under the first.
    private func missingStems(
        of bundle: InspectedBundle, _ sources: [Source], in context: CheckContext, as rule: RuleDefinition, tally: inout Tally
    ) -> [Finding] {
        var reported: Set<String> = []
        return sources.compactMap { source in
            let missing = source.stems.filter { stem in
                !stem.candidates.contains { context.paths.isFile(bundle.layout.resource($0.name)) } && reported.insert(stem.name).inserted
            }
            guard !missing.isEmpty else { return nil }
            for stem in missing {
                tally.explained.formUnion(stem.candidates.compactMap(stem.expectedPixels(of:)))
            }
            return rule.finding(
                Self.missingFiles(bundle, source.key, missing), at: bundle.infoPlistLocation(source.pointer),
                identity: source.key, appleCodes: rule.appleCodes(for: Self.missingFileCode)
            )
        }
    }

    /// Each loose icon file that is no PNG, or whose name gives a size its header does not have;
    /// the code is that of the required size it should have been, if any.
    private func fileProblems(
        of bundle: InspectedBundle, _ sources: [Source], in context: CheckContext, as rule: RuleDefinition, tally: inout Tally
    ) -> [Finding] {
        var findings: [Finding] = []
        var checked: Set<String> = []
        for source in sources {
            for stem in source.stems {
                for candidate in stem.candidates where context.paths.isFile(bundle.layout.resource(candidate.name)) {
                    let path = bundle.layout.resource(candidate.name)
                    guard let bytes = context.prefix(of: path, count: PNGHeader.prefixLength) else { continue }
                    let header = Result { () throws(PNGError) in try PNGHeader.read(bytes) }
                    if case .success(let png) = header, png.width == png.height {
                        for family in source.families { tally.found[family.device, default: []].insert(Int(png.width)) }
                    }
                    guard checked.insert(path).inserted, let expected = stem.expectedPixels(of: candidate) else { continue }
                    let message: String
                    switch header {
                    case .failure(let error):
                        message = Self.unreadable(candidate.name, error)
                    case .success(let png) where png.width != UInt32(expected) || png.height != UInt32(expected):
                        message = Self.wrongSize(candidate, stem, png, expected)
                    case .success:
                        continue
                    }
                    tally.explained.insert(expected)
                    let codes = source.families.flatMap(\.required).filter { $0.pixels == expected }.map(\.code)
                    findings.append(rule.finding(message, at: bundle.location(file: path), identity: path, appleCodes: codes))
                }
            }
        }
        return findings
    }

    /// The icon set and its catalogue (ITMS-90713), or, for apps whose icons are loose files,
    /// the sizes App Store Connect requires (ITMS-90022, ITMS-90023).
    private func declarationProblems(
        of bundle: InspectedBundle, _ sources: [Source], sizes: AppIconSizes, icons: AppIconSizes.PlatformIcons, tally: Tally,
        in context: CheckContext, as rule: RuleDefinition
    ) -> [Finding] {
        let families = sizes.families(of: bundle)
        let hasLooseIcons = sources.contains { !$0.stems.isEmpty }
        let requiredCodes = Self.unique(families.flatMap(\.required).map(\.code))
        if let name = Self.iconName(of: bundle, icons) {
            guard !context.paths.isFile(bundle.layout.resource("Assets.car")) else { return [] }
            return [
                rule.finding(
                    Self.noCatalogue(bundle, name.value), at: bundle.infoPlistLocation(name.pointer), appleCodes: rule.appleCodes(for: Self.iconNameCode))
            ]
        }
        if let sdk = Self.sdk(of: bundle), sdk >= icons.catalogueRequiredFrom {
            return [
                rule.finding(
                    Self.noIconName(bundle, sdk, icons, hasLooseIcons: hasLooseIcons), at: bundle.infoPlistLocation(icons.iconNamePointers[0]),
                    appleCodes: rule.appleCodes(for: Self.iconNameCode) + (hasLooseIcons ? [] : requiredCodes)
                )
            ]
        }
        guard hasLooseIcons else {
            return [rule.finding(Self.noIcon(bundle, families), at: bundle.infoPlistLocation(JSONPointer("CFBundleIcons")), appleCodes: requiredCodes)]
        }
        // Loose files are this app's only icons: they must hold the required sizes.
        return families.compactMap { family in
            let missing = family.required.filter { !(tally.found[family.device] ?? []).contains($0.pixels) && !tally.explained.contains($0.pixels) }
            guard !missing.isEmpty else { return nil }
            let pointer = sources.first { $0.families.contains(family) && !$0.stems.isEmpty }?.pointer ?? JSONPointer(family.iconsKey)
            return rule.finding(
                Self.missingSizes(bundle, family, missing.map(\.pixels)), at: bundle.infoPlistLocation(pointer),
                identity: family.device, appleCodes: Self.unique(missing.map(\.code))
            )
        }
    }

    /// The dictionaries that name icon files: one per family of the table, and the top-level
    /// `CFBundleIconFiles` of old apps, which serves every family.
    static func sources(of bundle: InspectedBundle, sizes: AppIconSizes) -> [Source] {
        var sources = sizes.families.map { family in
            let pointer = JSONPointer(family.iconsKey, "CFBundlePrimaryIcon", "CFBundleIconFiles")
            return Source(
                key: family.iconsKey, pointer: pointer, stems: stems(at: pointer, of: bundle, suffix: family.suffix, scales: sizes.scales), families: [family])
        }
        let topLevel = JSONPointer("CFBundleIconFiles")
        let legacy = stems(at: topLevel, of: bundle, suffix: "", scales: sizes.scales)
        if !legacy.isEmpty {
            sources.append(Source(key: "CFBundleIconFiles", pointer: topLevel, stems: legacy, families: sizes.families))
        }
        return sources
    }

    static func stems(at pointer: JSONPointer, of bundle: InspectedBundle, suffix: String, scales: [Int]) -> [AppIconStem] {
        let values = bundle.infoPlist?.value(at: pointer)?.arrayValue ?? []
        var seen: Set<String> = []
        return values.compactMap { value in
            guard let name = value.stringValue, !name.isEmpty, !UnexpandedVariable.occurs(in: name), seen.insert(name).inserted else { return nil }
            return AppIconStem(name: name, suffix: suffix, scales: scales)
        }
    }

    /// The icon set's name, from the first of the platform's places that names one.
    static func iconName(of bundle: InspectedBundle, _ icons: AppIconSizes.PlatformIcons) -> (value: String, pointer: JSONPointer)? {
        for pointer in icons.iconNamePointers {
            if let name = bundle.infoPlist?.value(at: pointer)?.stringValue, !name.allSatisfy(\.isWhitespace) { return (name, pointer) }
        }
        return nil
    }

    /// The SDK of its own platform the app was built with (a simulator's counts as its
    /// device's); nil when unknown or of another platform.
    static func sdk(of bundle: InspectedBundle) -> MachOVersion? {
        bundle.toolchain?.sdkVersion(for: bundle.platform.platform)
    }

    static func unique(_ codes: [String]) -> [String] {
        var seen: Set<String> = []
        return codes.filter { seen.insert($0).inserted }
    }
}

extension AppIconMissingCheck {
    static func noIconName(_ bundle: InspectedBundle, _ sdk: MachOVersion, _ icons: AppIconSizes.PlatformIcons, hasLooseIcons: Bool) -> String {
        let platform = bundle.platform.platform.name
        return "\(bundle.name) is built with the \(platform) \(sdk) SDK but names no icon set (\(icons.iconNamePointers[0].components.joined(separator: "/")))"
            + (hasLooseIcons ? "" : " and has no icon files")
            + "; since the \(platform) \(UploadMinimums.short(icons.catalogueRequiredFrom)) SDK the app icon must come from an asset catalogue. Add an AppIcon set and set ASSETCATALOG_COMPILER_APPICON_NAME"
    }

    static func noCatalogue(_ bundle: InspectedBundle, _ name: String) -> String {
        "\(bundle.name) names the icon set '\(name)' but holds no Assets.car, the compiled asset catalogue it would be in"
    }

    static func noIcon(_ bundle: InspectedBundle, _ families: [AppIconSizes.Family]) -> String {
        "\(bundle.name) declares no app icon (no CFBundleIconName, no CFBundleIconFiles); App Store Connect requires "
            + (families.isEmpty ? "an app icon from the asset catalogue" : required(families))
    }

    static func missingSizes(_ bundle: InspectedBundle, _ family: AppIconSizes.Family, _ pixels: [Int]) -> String {
        "\(bundle.name) has no " + pixels.map { "\($0)×\($0)" }.joined(separator: " or ")
            + " \(family.device) icon among the files CFBundleIconFiles names; App Store Connect requires " + required([family])
    }

    static func missingFiles(_ bundle: InspectedBundle, _ key: String, _ stems: [AppIconStem]) -> String {
        let example = stems[0].candidates.first { $0.scale == 2 } ?? stems[0].candidates[0]
        return "\(key) names icons \(bundle.name) holds no file for: " + stems.map(\.name).joined(separator: ", ")
            + " (no PNG named after them, such as \(example.name))"
    }

    static func unreadable(_ name: String, _ error: PNGError) -> String {
        "the icon \(name) is \(error)"
    }

    static func wrongSize(_ candidate: AppIconStem.Candidate, _ stem: AppIconStem, _ png: PNGHeader, _ expected: Int) -> String {
        let points = stem.points.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "?"
        return
            "the icon \(candidate.name) is \(png.width)×\(png.height) pixels; as the \(points)-point icon at @\(candidate.scale)x it must be \(expected)×\(expected)"
    }

    /// `a 120×120 icon for iPhone and 152×152 and 167×167 icons for iPad`.
    static func required(_ families: [AppIconSizes.Family]) -> String {
        families.map { family in
            let sizes = family.required.map { "\($0.pixels)×\($0.pixels)" }
            return (sizes.count == 1 ? "a \(sizes[0]) icon" : sizes.joined(separator: " and ") + " icons") + " for \(family.device)"
        }.joined(separator: " and ")
    }
}
