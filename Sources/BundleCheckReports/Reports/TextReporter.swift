import BundleCheckFormats
import BundleCheckModel

/// The report for people: one block per input, its bundles beneath it and each
/// bundle's findings beneath the bundle, laid out like compiler diagnostics:
///
///     Build/Example.ipa (ipa, zip, 1.5 MB)
///
///       appex Payload/Example.app/PlugIns/Share.appex
///             com.example.app.share 1.2.0 (41), extension com.apple.share-services, SDK iphoneos26.1 (23B77), Xcode 26.1 (17B55)
///         error[version-mismatch]: CFBundleVersion "41" differs from the app's "42"
///           --> Payload/Example.app/PlugIns/Share.appex/Info.plist:12  /CFBundleVersion
///           Apple: ITMS-90473
///
///     1 input, 2 bundles: 1 error, 0 warnings, 0 notes
///     FAILED: 1 error in 1 of 1 input
///     Run 'bundlecheck --explain <rule>' for why a rule matters and how to fix it, e.g. bundlecheck --explain version-mismatch.
///
/// Within a bundle, errors come first, then warnings, then notes, so a CI log shows the worst
/// at the top. The verdict follows the exit status (`failOn`). Findings that belong to no bundle are listed under the input's header. Findings a
/// baseline or the configuration suppressed are not listed; the summary says how many there
/// were, and names the configuration file when one was used. Text that
/// comes from the package (paths, identifiers, messages quoting plist values) is
/// printed with control and bidirectional-override characters escaped, so a crafted
/// Info.plist cannot move the cursor, recolour the log or reorder what it shows.
/// Apart from the colour escapes, which only appear when `color` is true, the
/// report's own decoration is plain ASCII.
public struct TextReporter: Reporter {
    let color: Bool
    /// What fails the run, for the verdict line.
    let failOn: FailureThreshold

    /// Leave out the inventory (the distribution line, bundles' details, bundles without
    /// findings): `--quiet`, for CI logs that only need what is wrong.
    let quiet: Bool

    /// `--write-baseline`: the run accepts its findings, and the verdict says so.
    let writesBaseline: Bool

    /// Places listed under a group of identical findings before "and N more places".
    static let placesShown = 5

    public init(color: Bool, failOn: FailureThreshold = .error, quiet: Bool = false, writesBaseline: Bool = false) {
        self.color = color
        self.failOn = failOn
        self.quiet = quiet
        self.writesBaseline = writesBaseline
    }

    public func render(_ report: Report) -> String {
        let style = TerminalStyle(isEnabled: color)
        var blocks = report.inputs.map { input($0, style: style) }
        blocks.append(summary(of: report, style: style))
        return blocks.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }

    // MARK: Inputs

    private func input(_ input: InputReport, style: TerminalStyle) -> [String] {
        var details: [String] = []
        if let kind = input.kind { details.append(kind.rawValue) }
        // An installer package is its own container: "pkg" once, not twice.
        if let container = input.container, container.rawValue != input.kind?.rawValue { details.append(container.rawValue) }
        if input.error == nil || input.size > 0 { details.append(ReportText.byteCount(input.size)) }
        var header = style.bold(ReportText.printable(input.path))
        if !details.isEmpty {
            header += " (" + details.joined(separator: ", ") + ")"
        }
        var lines = [header]
        if let error = input.error {
            lines.append("  " + style.red("error") + ": " + ReportText.printable(error.description))
        }
        if !quiet, let distribution = input.distribution {
            lines.append("  " + ReportText.printable(Self.distribution(distribution, of: input)))
        }

        let bundlePaths = Set(input.bundles.map(\.path))
        let standing = Self.severityOrder(input.findings.filter { !$0.suppressed })
        let unattached = standing.filter { finding in
            finding.bundle.map { !bundlePaths.contains($0) } ?? true
        }
        for group in FindingGroup.grouping(unattached) {
            lines += self.findings(group, indent: 2, style: style)
        }
        for bundle in input.bundles {
            let findings = standing.filter { $0.bundle == bundle.path }
            if quiet, findings.isEmpty { continue }
            lines.append("")
            lines += self.bundle(bundle, findings: findings, style: style)
        }
        return lines
    }

    /// What the signing rules assumed about how the input ships, e.g. `checked for app-store
    /// distribution by default (give --distribution if it ships otherwise)`, `checked for
    /// developer-id distribution, as its Developer ID Application certificate says (…)`, or for an archive
    /// `archive: development-signed; export re-signs it, so distribution checks are skipped
    /// (give --distribution to check them)`.
    static func distribution(_ assumption: DistributionAssumption, of input: InputReport) -> String {
        let checked = assumption.checked.map { "checked for \($0.rawValue) distribution" }
        if input.kind == .xcarchive {
            let signing = "archive: " + archiveSigning(input.bundles)
            guard let checked else {
                return signing + "; export re-signs it, so distribution checks are skipped (give --distribution to check them)"
            }
            return signing + "; " + checked + ", as stated"
        }
        guard let checked else { return "distribution checks are skipped" }
        switch assumption.basis {
        case .stated: return checked + ", as stated" + foreign(assumption, of: input)
        case .signature(let evidence): return checked + ", as its \(evidence) says (give --distribution if it ships otherwise)"
        case .inputKind: return checked + " by default (give --distribution if it ships otherwise)"
        }
    }

    /// `, which is not how macOS apps ship (mac-app-store, developer-id or development)`, when the
    /// stated distribution is none of the app's platform's: its profile-kind advice cannot be followed.
    static func foreign(_ assumption: DistributionAssumption, of input: InputReport) -> String {
        guard let checked = assumption.checked, let platform = InspectedBundle.packagePlatform(of: input.bundles),
            !platform.distributions.contains(checked)
        else { return "" }
        let names = platform.distributions.map(\.rawValue)
        let choices = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
        return ", which is not how \(platform.name) apps ship (\(choices))"
    }

    /// `development-signed`, from the profiles of the archive's apps.
    static func archiveSigning(_ bundles: [InspectedBundle]) -> String {
        var kinds: [String] = []
        for app in bundles where app.parent == nil {
            if let kind = app.signing?.profile?.kind.rawValue, !kinds.contains(kind) { kinds.append(kind) }
        }
        switch kinds.count {
        case 0: return "no provisioning profile"
        case 1: return kinds[0] + "-signed"
        default: return "signed with " + kinds.joined(separator: " and ") + " profiles"
        }
    }

    // MARK: Bundles

    private func bundle(_ bundle: InspectedBundle, findings: [Finding], style: TerminalStyle) -> [String] {
        let kind = bundle.kind.rawValue
        // The platform is the report's own word (the platform table's), never the package's text.
        let header = "  " + kind + " " + style.bold(ReportText.printable(bundle.path)) + " (\(bundle.platform))"
        let groups = FindingGroup.grouping(findings)
        if quiet {
            return [header] + groups.flatMap { self.findings($0, indent: 4, style: style) }
        }
        // The details line starts under the path, so the kinds stand out on the left.
        let details = String(repeating: " ", count: 2 + kind.count + 1) + ReportText.printable(Self.details(of: bundle))
        var lines = [header, details]
        let indent = String(repeating: " ", count: 2 + kind.count + 1)
        if let signing = bundle.signing, let summary = Self.signing(signing) {
            lines.append(indent + ReportText.printable(summary))
        }
        if let sizes = bundle.sizes {
            lines.append(indent + ReportText.printable(Self.sizes(sizes, executable: bundle.signing?.executable)))
        }
        if let accepts = bundle.accepts {
            lines.append(indent + ReportText.printable(Self.accepted(accepts)))
        }
        if let manifest = bundle.privacyManifest {
            lines.append(indent + ReportText.printable(Self.privacy(manifest)))
        }
        if let catalog = bundle.assetCatalog {
            lines.append(indent + ReportText.printable(Self.assetCatalog(catalog)))
        }
        for group in groups {
            lines += self.findings(group, indent: 4, style: style)
        }
        return lines
    }

    /// `1 group, 1 vector layer, 2 gradients, 4 colours; fallbacks 7 in any; 1.5 MB stored`.
    static func iconComposerParts(_ icon: AssetCatalogSummary.IconComposerIcon) -> String {
        let parts = [
            ReportText.count(icon.groups.count, "group"), ReportText.count(icon.vectorLayers.count, "vector layer"),
            ReportText.count(icon.gradients.count, "gradient"), ReportText.count(icon.colors.count, "colour"),
        ]
        let fallbacks =
            icon.fallbacks.isEmpty ? "no fallbacks" : "fallbacks " + icon.fallbacks.map { "\($0.sizes.count) in \($0.appearance)" }.joined(separator: ", ")
        return parts.joined(separator: ", ") + "; " + fallbacks + "; " + ReportText.byteCount(UInt64(icon.bytes.total)) + " stored"
    }

    /// `Assets.car 212 KB, 3 renditions; App Store icon AppIcon 1024×1024 (marketing), opaque`,
    /// then the other appearances it comes in (`also dark, tinted`); a layered icon's layers and
    /// a tvOS app's top-shelf images follow.
    static func assetCatalog(_ catalog: AssetCatalogSummary) -> String {
        let name = PackagePath.name(catalog.path) + " " + ReportText.byteCount(catalog.size)
        if catalog.problem != nil { return name + ", unreadable" }
        var text = name + ", " + ReportText.count(catalog.renditionCount, "rendition")
        let others = catalog.appStoreIconAppearances.map(\.appearance).filter { $0 != catalog.appStoreIcon?.appearance }
        if let icon = catalog.appStoreIcon {
            let opacity = icon.opaque.map { $0 ? ", opaque" : ", not opaque" } ?? ""
            let kind = icon.iconStack ? ", Icon Composer stack" : icon.layered ? ", layered" : ""
            text += "; App Store icon \(icon.iconSet) \(icon.pixelWidth)×\(icon.pixelHeight) (\(icon.idiom)\(kind))" + opacity
            if !others.isEmpty { text += ", also " + others.joined(separator: ", ") }
            if let composer = catalog.namedSet?.iconComposer {
                text += "; an Icon Composer icon in " + composer.appearances.joined(separator: ", ") + ": " + Self.iconComposerParts(composer)
            }
        } else if let set = catalog.namedSet {
            if catalog.appStoreIconExpected {
                text +=
                    "; icon set \(set.name), no App Store icon" + (others.isEmpty ? "" : " in the any appearance (only " + others.joined(separator: ", ") + ")")
            } else {
                var parts = [ReportText.count(set.images.count, "image")]
                if set.layerStacks > 0 { parts.append(ReportText.count(set.layerStacks, "layer stack")) }
                if let icon = set.iconComposer {
                    parts.append("an Icon Composer icon in " + icon.appearances.joined(separator: ", ") + ": " + Self.iconComposerParts(icon))
                } else if set.isIconComposerIcon {
                    parts.append("an Icon Composer icon in " + set.iconStacks.map(\.appearance).joined(separator: ", "))
                }
                text += "; icon set \(set.name) (" + parts.joined(separator: ", ") + ")"
            }
        } else if let name = catalog.namedIconSet {
            text += "; no icon set \(name)"
        }
        if let layers = catalog.namedSet?.layeredImages.first?.layers, !layers.isEmpty {
            text += "; layers " + layers.map { $0.role ?? $0.name ?? "?" }.joined(separator: ", ")
        }
        if !catalog.topShelfImages.isEmpty {
            text += "; top shelf " + catalog.topShelfImages.map { $0.held ? $0.name : "\($0.name) (missing)" }.joined(separator: ", ")
        }
        return text
    }

    /// `3.1 GB in 1,204 files (2.1 MB zipped), 2.5 GB its own; __TEXT 1.2 MB`: what the listing
    /// declares, and the executable's `__TEXT` sections across its slices.
    static func sizes(_ sizes: BundleSizes, executable: MachOFile?) -> String {
        let total = sizes.total
        var text = "\(ReportText.byteCount(total.uncompressed)) in \(ReportText.count(total.files, "file"))"
        // Only a zip's listing says what its entries take stored.
        if let stored = total.stored { text += " (\(ReportText.byteCount(stored)) zipped)" }
        if sizes.own != total { text += ", \(ReportText.byteCount(sizes.own.uncompressed)) its own" }
        let textSize = executable?.textSectionsSize ?? 0
        if textSize > 0 { text += "; __TEXT " + ReportText.byteCount(textSize) }
        return text
    }

    /// `arm64, signed by team PN7X2Q9K4M, certificate 'Apple Distribution: PaiNotes (PN7X2Q9K4M)'
    /// until 2027-01-01, app-store profile, app groups group.x`; nil when
    /// the bundle has neither an executable nor a profile to speak of.
    static func signing(_ signing: BundleSigning) -> String? {
        var parts: [String] = []
        if let executable = signing.executable {
            parts.append(executable.architectures.joined(separator: "+"))
            if signing.isSigned {
                parts.append("signed" + (signing.teamIdentifier.map { " by team \($0)" } ?? ""))
            } else {
                parts.append("unsigned")
            }
        }
        if let certificate = signing.signingCertificate {
            let name = certificate.quotedName
            let unlisted = signing.signingCertificateListed == false ? ", not one its profile lists" : ""
            parts.append("certificate \(name) until \(certificate.notAfter.formatted(.iso8601.year().month().day()))\(unlisted)")
        }
        if let profile = signing.profile {
            parts.append("\(profile.kind.rawValue) profile")
        }
        if let groups = signing.entitlements?.appGroups, !groups.isEmpty {
            parts.append("app groups " + groups.joined(separator: ", "))
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `accepts com.adobe.pdf (at most 1), public.text`, or `accepts nothing`.
    static func accepted(_ accepts: [ActivationRuleAcceptedType]) -> String {
        guard !accepts.isEmpty else { return "accepts nothing" }
        return "accepts "
            + accepts.map { type in
                type.type + (type.max.map { " (at most \($0))" } ?? "")
            }.joined(separator: ", ")
    }

    /// `privacy manifest: UserDefaults (CA92.1), FileTimestamp (C617.1); no tracking; collects CrashData`.
    static func privacy(_ summary: PrivacyManifestSummary) -> String {
        func short(_ name: String, _ prefix: String) -> String {
            name.hasPrefix(prefix) && name.count > prefix.count ? String(name.dropFirst(prefix.count)) : name
        }
        var parts = [
            summary.accessedAPIs.isEmpty
                ? "no required-reason APIs"
                : summary.accessedAPIs.map { api in
                    short(api.category, "NSPrivacyAccessedAPICategory") + " (" + (api.reasons.isEmpty ? "no reason" : api.reasons.joined(separator: ", ")) + ")"
                }.joined(separator: ", ")
        ]
        switch summary.tracking {
        case true?: parts.append("tracking (" + ReportText.count(summary.trackingDomains.count, "domain") + ")")
        case false?: parts.append("no tracking")
        case nil: break
        }
        if !summary.collectedDataTypes.isEmpty {
            parts.append("collects " + summary.collectedDataTypes.map { short($0, "NSPrivacyCollectedDataType") }.joined(separator: ", "))
        }
        return "privacy manifest: " + parts.joined(separator: "; ")
    }

    /// `com.example.app 1.2.0 (42), extension com.apple.share-services, SDK iphoneos26.1 (23B77), Xcode 26.1 (17B55)`.
    static func details(of bundle: InspectedBundle) -> String {
        guard bundle.infoPlist != nil else {
            return "no readable Info.plist"
        }
        var parts = [bundle.bundleIdentifier ?? "(no bundle identifier)"]
        switch (bundle.shortVersion, bundle.version) {
        case (nil, nil):
            parts[0] += " (no version)"
        case (let shortVersion, let version):
            parts[0] += " \(shortVersion ?? "?") (\(version ?? "?"))"
        }
        if let extensionPoint = bundle.extensionPoint {
            parts.append("extension \(extensionPoint)")
        }
        if let toolchain = bundle.toolchain {
            parts += Self.toolchain(toolchain)
        }
        return parts.joined(separator: ", ")
    }

    /// `SDK iphoneos26.1 (23B77)` and `Xcode 26.1 (17B55)`, with whichever parts the Info.plist has.
    static func toolchain(_ toolchain: BundleToolchain) -> [String] {
        var parts: [String] = []
        let sdk = toolchain.sdkName ?? [toolchain.sdkPlatform, toolchain.platformVersion].compactMap { $0 }.joined()
        if !sdk.isEmpty || toolchain.sdkBuild != nil {
            parts.append((sdk.isEmpty ? "SDK" : "SDK \(sdk)") + (toolchain.sdkBuild.map { " (\($0))" } ?? ""))
        }
        if toolchain.xcode != nil || toolchain.xcodeBuild != nil {
            parts.append("Xcode" + (toolchain.xcodeDescription.map { " \($0)" } ?? "") + (toolchain.xcodeBuild.map { " (\($0))" } ?? ""))
        }
        return parts
    }

    // MARK: Findings

    /// One finding, or a group of identical ones: the message once (with how many places),
    /// then the first `placesShown` locations.
    private func findings(_ group: FindingGroup, indent: Int, style: TerminalStyle) -> [String] {
        let finding = group.first
        let margin = String(repeating: " ", count: indent)
        let label = style.severity(finding.severity, finding.severity.rawValue)
        let places = group.findings.count > 1 ? " (\(group.findings.count) places)" : ""
        var lines = [margin + label + "[" + ReportText.printable(finding.rule) + "]: " + ReportText.printable(finding.message) + places]
        let locations = group.findings.compactMap(Self.location(of:))
        for location in locations.prefix(Self.placesShown) {
            lines.append(margin + "  --> " + ReportText.printable(location))
        }
        if locations.count > Self.placesShown {
            lines.append(margin + "  ... and " + ReportText.count(locations.count - Self.placesShown, "more place"))
        }
        // The excerpt (a predicate line and its caret) is printed line by line, each escaped.
        for line in finding.excerpt?.split(separator: "\n", omittingEmptySubsequences: false) ?? [] {
            lines.append(margin + "    | " + ReportText.printable(String(line)))
        }
        if !finding.appleCodes.isEmpty {
            lines.append(margin + "  Apple: " + ReportText.printable(finding.appleCodes.joined(separator: ", ")))
        }
        return lines
    }

    /// `file:line  /key/path`, with whichever parts the finding has; nil when it has none.
    static func location(of finding: Finding) -> String? {
        var file = finding.file
        if let line = finding.line {
            file = (file ?? "") + ":\(line)"
        }
        let keyPath = finding.keyPath.map { pointer in
            pointer.displayed + (finding.column.map { " (column \($0))" } ?? "")
        }
        let parts = [file, keyPath].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }

    /// Errors, warnings, then notes; the report's order within each severity.
    static func severityOrder(_ findings: [Finding]) -> [Finding] {
        // Sorting by (severity, position) keeps it stable whatever the sort algorithm.
        findings.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
    }

    // MARK: Summary

    private func summary(of report: Report, style: TerminalStyle) -> [String] {
        let counts = report.summary
        let bundles = report.inputs.reduce(0) { $0 + $1.bundles.count }
        let failed = report.inputs.filter { $0.error != nil }.count
        var line = ReportText.count(report.inputs.count, "input") + ", " + ReportText.count(bundles, "bundle") + ": "
        line += [
            Self.count(counts.errors, .error, style: style),
            Self.count(counts.warnings, .warning, style: style),
            Self.count(counts.notes, .note, style: style),
        ].joined(separator: ", ")
        if counts.suppressed > 0 {
            line += "; " + Self.suppressed(report.inputs.flatMap(\.findings).compactMap(\.suppression?.kind))
        }
        if failed > 0 {
            line += "; " + style.red(ReportText.count(failed, "input")) + " could not be checked"
        }
        let verdict = ReportVerdict(report, failOn: failOn)
        var lines = [line]
        if writesBaseline {
            lines.append(verdict.uncheckedInputs > 0 ? style.red(verdict.baselineLine) : verdict.baselineLine)
        } else {
            lines.append(verdict.isFailure ? style.red(verdict.line) : verdict.line)
        }
        if let file = report.configurationFile {
            // Found in a parent folder, it may not be the file the reader expects.
            lines.insert("configuration: " + ReportText.printable(file), at: 0)
        }
        if let rule = ReportVerdict.exampleRule(of: report) {
            lines.append(ReportVerdict.explainHint(rule: ReportText.printable(rule)))
        }
        return lines
    }

    /// `2 findings suppressed by the baseline`, or by whom each was when both did:
    /// `3 findings suppressed: 1 by the baseline, 2 by the configuration`.
    static func suppressed(_ kinds: [Suppression.Kind]) -> String {
        let total = ReportText.count(kinds.count, "finding") + " suppressed"
        let byKind = Suppression.Kind.allCases.compactMap { kind -> (Suppression.Kind, Int)? in
            let count = kinds.count { $0 == kind }
            return count > 0 ? (kind, count) : nil
        }
        if byKind.count == 1 {
            return total + " by the " + byKind[0].0.rawValue
        }
        return total + ": " + byKind.map { "\($0.1) by the \($0.0.rawValue)" }.joined(separator: ", ")
    }

    /// `2 warnings`, in the severity's colour unless there are none.
    private static func count(_ number: Int, _ severity: Severity, style: TerminalStyle) -> String {
        let text = ReportText.count(number, severity.rawValue)
        return number > 0 ? style.severity(severity, text) : text
    }
}
