import BundleCheckFormats
import BundleCheckModel

/// `required-reason-api` (ITMS-91053): a binary of a bundle (its executable or a loose library)
/// imports a symbol or calls a selector that `Rules/data/privacy-api-symbols.yml` lists, and the
/// manifests that count for that bundle do not declare the category. Each bundle answers for
/// its own binaries: an extension's use is not covered by the app's manifest, a framework's by
/// neither. Names are compared exactly (`_stat` is not `_statfs`).
struct RequiredReasonAPICheck: Check {
    let id = "required-reason-api"
    /// The symbols and selectors of the required-reason APIs, in executables and loose libraries.
    var reads: CheckReads { CheckReads(evidence: PrivacyAPICategory.evidenceNeeds, libraryEvidence: PrivacyAPICategory.evidenceNeeds) }
    /// How many of the names found a message quotes before "and N more".
    static let quoted = 3

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard !bundle.runsAppleStub, let signing = bundle.signing else { return [] }
            let declared = Self.declaredCategories(bundle.privacyManifests.filter(\.counts))
            let declaredElsewhere = Self.declaredCategories(bundle.privacyManifests.filter { !$0.counts })
            let declaredByApp = bundle.kind == .app ? [] : Self.declaredCategories(context.app(of: bundle).privacyManifests.filter(\.counts))
            return signing.binaries.flatMap { binary -> [Finding] in
                PrivacyAPICategory.uses(in: binary).compactMap { use -> Finding? in
                    let category = use.category
                    guard !declared.contains(category.name) else { return nil }
                    var notes: [String] = []
                    if declaredElsewhere.contains(category.name) { notes.append(Self.notCounting(bundle)) }
                    if declaredByApp.contains(category.name) { notes.append(Self.notCovered(bundle, by: context.app(of: bundle))) }
                    return rule.finding(
                        Self.undeclared(category, names: use.names, binary: binary, bundle: bundle, notes: notes),
                        at: bundle.location(file: binary.path),
                        identity: PackagePath.name(binary.path) + ":" + category.name
                    )
                }
            }
        }
    }

    /// The categories `manifests` name, a short form (`UserDefaults`) counting as the category
    /// it stands for: `privacy-api-category-invalid` reports the spelling, once.
    static func declaredCategories(_ manifests: [PrivacyManifest]) -> Set<String> {
        var names = Set<String>()
        for manifest in manifests {
            for entry in manifest.document?.root.dictionaryValue?["NSPrivacyAccessedAPITypes"]?.arrayValue ?? [] {
                guard let written = entry.dictionaryValue?["NSPrivacyAccessedAPIType"]?.stringValue else { continue }
                names.insert(written)
                if PrivacyAPICategory.named(written) == nil, let meant = PrivacyManifestValidator.meant(written, among: PrivacyAPICategory.shipped) {
                    names.insert(meant.name)
                }
            }
        }
        return names
    }

    /// `_stat, _fstat, _lstat and 4 more`.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(quoted).joined(separator: ", ")
        return names.count > quoted ? "\(shown) and \(names.count - quoted) more" : shown
    }
}

extension RequiredReasonAPICheck {
    static func undeclared(_ category: PrivacyAPICategory, names: [String], binary: BundleBinary, bundle: InspectedBundle, notes: [String]) -> String {
        let manifests = bundle.privacyManifests.filter(\.counts)
        let place =
            manifests.isEmpty
            ? "\(bundle.name) has no privacy manifest"
            : "\(bundle.name)'s privacy manifest does not declare it"
        // SDK-only reasons fit a framework; an app's own code has the others.
        let fitting = category.reasons.filter { bundle.kind == .framework || !$0.sdksOnly }
        let reasons = fitting.map { "\($0.code) (\($0.meaning))" }.joined(separator: "; ")
        var text = "\(PackagePath.name(binary.path)) uses \(category.name) (\(list(names))), but \(place)"
        if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
        return text + "; declare it in \(bundle.name)/\(PrivacyManifest.fileName) with the reasons that apply: \(reasons)"
    }

    static func notCounting(_ bundle: InspectedBundle) -> String {
        "a manifest elsewhere in \(bundle.name) declares it, but not in a place that counts"
    }

    static func notCovered(_ bundle: InspectedBundle, by app: InspectedBundle) -> String {
        "\(app.name)'s manifest declares it, but that covers only \(app.name)'s own code, not \(bundle.name)"
    }
}
