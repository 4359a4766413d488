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

    /// One collected data type with what the manifests say of it, merged: linked or tracking
    /// when any manifest says so, every purpose any gives.
    public struct CollectedData: Sendable, Hashable {
        public let type: String
        /// `NSPrivacyCollectedDataTypeLinked`; nil when no manifest states it as a boolean.
        public let linked: Bool?
        /// `NSPrivacyCollectedDataTypeTracking`; nil when no manifest states it as a boolean.
        public let tracking: Bool?
        /// `NSPrivacyCollectedDataTypePurposes` strings, in the order first given.
        public let purposes: [String]
    }

    /// The collected data types with their linked, tracking and purposes, in the order of `collectedDataTypes`.
    public let collectedData: [CollectedData]

    /// nil when no manifest counts for the bundle.
    package init?(manifests: [PrivacyManifest]) {
        let counting = manifests.filter(\.counts)
        guard !counting.isEmpty else { return nil }
        var categories: [String] = []
        var reasons: [String: [String]] = [:]
        var tracking: Bool?
        var domains: [String] = []
        var dataTypes: [String] = []
        var linked: [String: Bool] = [:], tracked: [String: Bool] = [:], purposes: [String: [String]] = [:]
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
                guard let fields = entry.dictionaryValue, let type = fields["NSPrivacyCollectedDataType"]?.stringValue else { continue }
                if !dataTypes.contains(type) { dataTypes.append(type) }
                if let says = fields["NSPrivacyCollectedDataTypeLinked"]?.boolValue { linked[type] = (linked[type] ?? false) || says }
                if let says = fields["NSPrivacyCollectedDataTypeTracking"]?.boolValue { tracked[type] = (tracked[type] ?? false) || says }
                let given = (fields["NSPrivacyCollectedDataTypePurposes"]?.arrayValue ?? []).compactMap(\.stringValue)
                purposes[type, default: []] += given.filter { !(purposes[type] ?? []).contains($0) }
            }
        }
        self.files = counting.map(\.path)
        self.accessedAPIs = categories.map { AccessedAPI(category: $0, reasons: reasons[$0] ?? []) }
        self.tracking = tracking
        self.trackingDomains = domains
        self.collectedDataTypes = dataTypes
        self.collectedData = dataTypes.map { CollectedData(type: $0, linked: linked[$0], tracking: tracked[$0], purposes: purposes[$0] ?? []) }
    }
}
