import BundleCheckFormats

/// What a bundle's privacy manifests declare for its code, for the inventory: the manifests
/// that count (at its root and, for apps and extensions, in resource bundles directly inside),
/// merged. Read leniently: a value of the wrong type is left out here and reported by
/// `privacy-manifest-invalid`.
public struct PrivacyManifestSummary: Sendable, Hashable {
    /// One required-reason API category and the reasons declared for it.
    public struct AccessedAPI: Sendable, Hashable {
        /// As written (normally the full `NSPrivacyAccessedAPICategory…` name).
        public let category: String
        public let reasons: [String]
    }

    /// The manifests merged here, relative to the package root.
    public let files: [String]
    public let accessedAPIs: [AccessedAPI]
    /// True when a manifest says it tracks, false when they say they do not, nil when none says.
    public let tracking: Bool?
    public let trackingDomains: [String]
    /// `NSPrivacyCollectedDataType` values, e.g. `NSPrivacyCollectedDataTypeCrashData`.
    public let collectedDataTypes: [String]

    /// nil when no manifest counts for the bundle.
    package init?(manifests: [PrivacyManifest]) {
        let counting = manifests.filter(\.counts)
        guard !counting.isEmpty else { return nil }
        var categories: [String] = []
        var reasons: [String: [String]] = [:]
        var tracking: Bool?
        var domains: [String] = []
        var dataTypes: [String] = []
        for manifest in counting {
            guard let root = manifest.document?.root.dictionaryValue else { continue }
            for entry in root["NSPrivacyAccessedAPITypes"]?.arrayValue ?? [] {
                guard let category = entry.dictionaryValue?["NSPrivacyAccessedAPIType"]?.stringValue else { continue }
                if reasons[category] == nil { categories.append(category) }
                let declared = (entry.dictionaryValue?["NSPrivacyAccessedAPITypeReasons"]?.arrayValue ?? []).compactMap(\.stringValue)
                reasons[category, default: []] += declared.filter { !(reasons[category] ?? []).contains($0) }
            }
            if let says = root["NSPrivacyTracking"]?.boolValue { tracking = (tracking ?? false) || says }
            for domain in (root["NSPrivacyTrackingDomains"]?.arrayValue ?? []).compactMap(\.stringValue) where !domains.contains(domain) {
                domains.append(domain)
            }
            for entry in root["NSPrivacyCollectedDataTypes"]?.arrayValue ?? [] {
                guard let type = entry.dictionaryValue?["NSPrivacyCollectedDataType"]?.stringValue, !dataTypes.contains(type) else { continue }
                dataTypes.append(type)
            }
        }
        self.files = counting.map(\.path)
        self.accessedAPIs = categories.map { AccessedAPI(category: $0, reasons: reasons[$0] ?? []) }
        self.tracking = tracking
        self.trackingDomains = domains
        self.collectedDataTypes = dataTypes
    }
}
