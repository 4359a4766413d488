import BundleCheckFormats
import BundleCheckModel

/// The two version keys every app, extension, watch app and app clip must carry.
enum VersionKey: String, CaseIterable, Sendable {
    case shortVersion = "CFBundleShortVersionString"
    case version = "CFBundleVersion"

    var pointer: JSONPointer { JSONPointer(rawValue) }

    /// The keys `version-missing` and `version-format` pick their codes by.
    static var appleCodeKeys: [AppleCodeKey] { allCases.map(\.appleCodeKey) }

    /// The key of the code Apple prints for this version key in `version-missing` and
    /// `version-format` (`apple-codes: {version: …, short-version: …}`): Apple tells the two apart.
    var appleCodeKey: AppleCodeKey {
        switch self {
        case .version: "version"
        case .shortVersion: "short-version"
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
