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

    /// Apple rejects a malformed marketing version with ITMS-90060; no code is known for CFBundleVersion.
    var formatCodes: [String] {
        switch self {
        case .shortVersion: ["ITMS-90060"]
        case .version: []
        }
    }

    /// Bundles that must carry the key and match their containing app; frameworks carry their vendor's versions.
    static func applies(to kind: BundleKind) -> Bool {
        kind != .framework
    }
}
