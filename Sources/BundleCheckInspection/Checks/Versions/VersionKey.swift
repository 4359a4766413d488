import BundleCheckFormats
import BundleCheckModel

/// The two version keys every app, extension, watch app and app clip must carry.
enum VersionKey: String, CaseIterable, Sendable {
    case shortVersion = "CFBundleShortVersionString"
    case version = "CFBundleVersion"

    var pointer: JSONPointer { JSONPointer(rawValue) }

    /// What Apple prints when the key is missing: ITMS-90056 for CFBundleVersion, 90057 for the marketing version.
    var missingCode: String {
        switch self {
        case .version: "ITMS-90056"
        case .shortVersion: "ITMS-90057"
        }
    }

    /// What Apple prints for a malformed value: ITMS-90060 for the marketing version, ITMS-90058
    /// for CFBundleVersion (frameworks included: Sentry.framework's 8.22.3-beta.0, getsentry/sentry-cocoa#3786).
    var formatCode: String {
        switch self {
        case .shortVersion: "ITMS-90060"
        case .version: "ITMS-90058"
        }
    }

    /// Bundles whose versions must match their containing app's; frameworks carry their vendor's
    /// versions (they must still have well-formed ones).
    static func matchesContainer(_ kind: BundleKind) -> Bool {
        kind != .framework
    }
}

/// Apple's version-number grammar: one to three period-separated non-negative integers.
enum VersionNumber {
    /// Why `text` is not a valid version, or nil when it is.
    static func problem(in text: String) -> String? {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        // A bad component (`0-beta`) says more than the count it inflates.
        for component in components {
            if component.isEmpty {
                return "has an empty component"
            }
            if !component.allSatisfy({ $0.isASCII && $0.isNumber }) {
                return "component '\(component)' is not a non-negative integer"
            }
        }
        if components.count > 3 {
            return "has \(components.count) components; at most three are allowed"
        }
        return nil
    }
}

extension CheckContext {
    /// Each version key of each bundle with a readable Info.plist (every kind carries both keys,
    /// frameworks too), with that plist's value for the key (nil when absent).
    func versionValues() -> [(bundle: InspectedBundle, key: VersionKey, value: PlistValue?)] {
        bundles.flatMap { bundle in
            guard let plist = bundle.infoPlist else { return [(bundle: InspectedBundle, key: VersionKey, value: PlistValue?)]() }
            return VersionKey.allCases.map { key in (bundle, key, plist.value(at: key.pointer)) }
        }
    }
}
