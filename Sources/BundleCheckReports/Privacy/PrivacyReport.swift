import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel

/// `bundlecheck privacy`: what the privacy manifests of a package and every bundle and SDK in
/// it declare, gathered as Xcode's privacy report does on a Mac (Organizer, Generate Privacy
/// Report), and beside it what bundlecheck saw the binaries use.
///
/// Every declaration keeps where it comes from: the manifest and the JSON pointer of its key
/// in it (`/NSPrivacyCollectedDataTypes/0`), so each line of the report can be checked against
/// the file. It lists what the manifests declare, not what the app does.
package struct PrivacyReport: Sendable {
    /// Where a declaration is written: a manifest and the key in it.
    package struct Source: Sendable, Hashable {
        package let manifest: String
        package let pointer: JSONPointer
    }

    package struct Manifest: Sendable {
        package let path: String
        /// The bundle whose code it speaks for (or, when it does not count, that holds it).
        package let bundle: String
        package let placement: PrivacyManifest.Placement
        /// Why it declares nothing: unreadable, or not where Apple reads manifests.
        package let problem: String?
    }

    /// One bundle's declaration of a collected data type.
    package struct DataDeclaration: Sendable {
        package let bundle: String
        package let source: Source
        package let linked: Bool?
        package let tracking: Bool?
        package let purposes: [String]
    }

    /// A collected data type over the package: linked or tracking when any declaration says so.
    package struct CollectedData: Sendable {
        package let type: String
        package let linked: Bool?
        package let tracking: Bool?
        package let purposes: [String]
        package let declarations: [DataDeclaration]
    }

    package struct TrackingDeclaration: Sendable {
        package let bundle: String
        package let source: Source
        package let tracks: Bool
    }

    package struct TrackingDomain: Sendable {
        package let domain: String
        package let bundle: String
        package let source: Source
    }

    package struct ReasonDeclaration: Sendable {
        package let reason: String
        /// What Apple's approved reason allows (`Rules/data/privacy-api-reasons.yml`); nil for a code Apple does not list.
        package let meaning: String?
        package let bundle: String
        package let source: Source
    }

    /// Where the binaries were seen using a category, and whether that bundle declares it.
    package struct APIUse: Sendable {
        package let bundle: String
        package let binaries: [String]
        package let declared: Bool
    }

    package struct APICategory: Sendable {
        package let category: String
        package let reasons: [ReasonDeclaration]
        package let uses: [APIUse]
    }

    /// A bundle with no manifest that counts, and the findings that say it needs one.
    package struct MissingManifest: Sendable {
        package let bundle: String
        package let reasons: [(rule: String, message: String)]
    }

    package let input: String
    package let error: BundleCheckError?
    package let manifests: [Manifest]
    package let tracking: [TrackingDeclaration]
    package let trackingDomains: [TrackingDomain]
    package let collectedData: [CollectedData]
    package let apiCategories: [APICategory]
    package let missingManifests: [MissingManifest]
    /// Whether the run kept what shows the binaries' required-reason API uses (the
    /// `required-reason-api` rule ran); without it, `uses` are not known.
    package let scannedBinaries: Bool
    /// Whether both rules that say a bundle needs a manifest ran; without them,
    /// `missingManifests` is not known (empty says nothing).
    package let checkedManifestNeeds: Bool

    /// True when a manifest says it tracks, false when manifests say so and none tracks, nil when none says.
    package var tracks: Bool? {
        tracking.isEmpty ? nil : tracking.contains(where: \.tracks)
    }

    /// The rules whose findings say a bundle needs a manifest.
    package static let needsManifestRules = ["sdk-privacy-manifest-missing", "required-reason-api"]

    /// `rulesRun`: the ids of the rules the run ran (nil: every rule shipped).
    package init(_ input: InputReport, rulesRun: [String]? = nil) {
        self.input = input.path
        error = input.error
        var manifests: [Manifest] = []
        var tracking: [TrackingDeclaration] = []
        var domains: [TrackingDomain] = []
        var data: [(type: String, declaration: DataDeclaration)] = []
        // Grouped by category as they come, in the order first seen: a manifest may list
        // thousands, and each is looked up once.
        var reasons: [String: [ReasonDeclaration]] = [:]
        var categories: [String] = []
        for bundle in input.bundles {
            for manifest in bundle.privacyManifests {
                let root = manifest.document?.root.dictionaryValue
                let problem: String? =
                    if !manifest.counts {
                        "not where Apple reads a manifest for \(bundle.name): it declares nothing"
                    } else if manifest.document == nil {
                        "unreadable: \(manifest.unreadableReason ?? "the file cannot be read")"
                    } else if root == nil {
                        "its root is no dictionary"
                    } else { nil }
                manifests.append(Manifest(path: manifest.path, bundle: bundle.path, placement: manifest.placement, problem: problem))
                guard manifest.counts, let root else { continue }
                func source(_ pointer: JSONPointer) -> Source { Source(manifest: manifest.path, pointer: pointer) }
                if let tracks = root["NSPrivacyTracking"]?.boolValue {
                    tracking.append(TrackingDeclaration(bundle: bundle.path, source: source(JSONPointer("NSPrivacyTracking")), tracks: tracks))
                }
                for (index, value) in (root["NSPrivacyTrackingDomains"]?.arrayValue ?? []).enumerated() {
                    guard let domain = value.stringValue else { continue }
                    domains.append(
                        TrackingDomain(domain: domain, bundle: bundle.path, source: source(JSONPointer("NSPrivacyTrackingDomains").appending(index))))
                }
                for (index, entry) in (root["NSPrivacyCollectedDataTypes"]?.arrayValue ?? []).enumerated() {
                    guard let fields = entry.dictionaryValue, let type = fields["NSPrivacyCollectedDataType"]?.stringValue else { continue }
                    let declaration = DataDeclaration(
                        bundle: bundle.path, source: source(JSONPointer("NSPrivacyCollectedDataTypes").appending(index)),
                        linked: fields["NSPrivacyCollectedDataTypeLinked"]?.boolValue, tracking: fields["NSPrivacyCollectedDataTypeTracking"]?.boolValue,
                        purposes: (fields["NSPrivacyCollectedDataTypePurposes"]?.arrayValue ?? []).compactMap(\.stringValue))
                    data.append((type, declaration))
                }
                for (index, entry) in (root["NSPrivacyAccessedAPITypes"]?.arrayValue ?? []).enumerated() {
                    guard let fields = entry.dictionaryValue, let category = fields["NSPrivacyAccessedAPIType"]?.stringValue else { continue }
                    if reasons[category] == nil {
                        reasons[category] = []
                        categories.append(category)
                    }
                    let known = PrivacyAPICategory.named(category)
                    let pointer = JSONPointer("NSPrivacyAccessedAPITypes").appending(index).appending("NSPrivacyAccessedAPITypeReasons")
                    for (position, value) in (fields["NSPrivacyAccessedAPITypeReasons"]?.arrayValue ?? []).enumerated() {
                        guard let reason = value.stringValue else { continue }
                        let meaning = known?.reasons.first { $0.code == reason }?.meaning
                        reasons[category, default: []].append(
                            ReasonDeclaration(reason: reason, meaning: meaning, bundle: bundle.path, source: source(pointer.appending(position))))
                    }
                }
            }
        }
        self.manifests = manifests
        self.tracking = tracking
        trackingDomains = domains
        collectedData = Self.merged(data)

        // The categories the binaries use, beside those declared; a bundle declares a category
        // when a manifest that counts for it names the category.
        scannedBinaries = input.bundles.contains { $0.requiredReasonAPIs != nil }
        for bundle in input.bundles {
            for use in bundle.requiredReasonAPIs ?? [] where reasons[use.category] == nil {
                reasons[use.category] = []
                categories.append(use.category)
            }
        }
        // What each bundle's manifests declare, merged once per bundle rather than per category.
        var declaredCategories: [String: Set<String>] = [:]
        for bundle in input.bundles {
            if let summary = bundle.privacyManifest { declaredCategories[bundle.path] = Set(summary.accessedAPIs.map(\.category)) }
        }
        apiCategories = categories.map { category in
            APICategory(
                category: category, reasons: reasons[category] ?? [],
                uses: input.bundles.compactMap { bundle in
                    guard let use = bundle.requiredReasonAPIs?.first(where: { $0.category == category }) else { return nil }
                    let declared = declaredCategories[bundle.path]?.contains(category) ?? false
                    return APIUse(bundle: bundle.path, binaries: use.binaries, declared: declared)
                })
        }
        checkedManifestNeeds = rulesRun.map { ran in Self.needsManifestRules.allSatisfy(ran.contains) } ?? true
        // What the configuration or the baseline accepted is not asked for again.
        let needs = Dictionary(
            grouping: input.findings.filter { !$0.suppressed && Self.needsManifestRules.contains($0.rule) }, by: { $0.bundle ?? "" })
        missingManifests = input.bundles.compactMap { bundle in
            guard declaredCategories[bundle.path] == nil else { return nil }
            let findings = needs[bundle.path] ?? []
            var seen: Set<String> = []
            let reasons = findings.filter { seen.insert($0.message).inserted }.map { (rule: $0.rule, message: $0.message) }
            return reasons.isEmpty ? nil : MissingManifest(bundle: bundle.path, reasons: reasons)
        }
    }

    /// Each type once, in the order first declared, its flags and purposes merged; each
    /// declaration looked at once, however many a hostile manifest holds.
    private static func merged(_ data: [(type: String, declaration: DataDeclaration)]) -> [CollectedData] {
        var types: [String] = []
        var byType: [String: [DataDeclaration]] = [:]
        for entry in data {
            if byType[entry.type] == nil { types.append(entry.type) }
            byType[entry.type, default: []].append(entry.declaration)
        }
        return types.map { type in
            let declarations = byType[type] ?? []
            func any(_ flag: (DataDeclaration) -> Bool?) -> Bool? {
                let stated = declarations.compactMap(flag)
                return stated.isEmpty ? nil : stated.contains(true)
            }
            var purposes: [String] = []
            var seen: Set<String> = []
            for purpose in declarations.flatMap(\.purposes) where seen.insert(purpose).inserted { purposes.append(purpose) }
            return CollectedData(type: type, linked: any(\.linked), tracking: any(\.tracking), purposes: purposes, declarations: declarations)
        }
    }
}

extension PrivacyReport {
    /// `EmailAddress` for `NSPrivacyCollectedDataTypeEmailAddress`, as people read the keys;
    /// a value that does not start with `prefix` as written.
    package static func shortName(_ value: String, dropping prefix: String) -> String {
        value.hasPrefix(prefix) && value.count > prefix.count ? String(value.dropFirst(prefix.count)) : value
    }

    package static let dataTypePrefix = "NSPrivacyCollectedDataType"
    package static let purposePrefix = "NSPrivacyCollectedDataTypePurpose"
    package static let categoryPrefix = "NSPrivacyAccessedAPICategory"

    /// The statement every form of the report opens with.
    package static let disclaimer =
        "This report lists what the privacy manifests in the package declare, not what the app does: check it against what the app and its SDKs really collect before answering App Store Connect's privacy questions."
}
