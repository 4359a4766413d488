/// The checks of the release rules (`scope: release`), named once: `bundlecheck diff` runs them,
/// and their code is in BundleCheckReview, which comes after this layer, where
/// `ReleaseChecks.check(_:)` gives each name its check in a `switch` over every case, so a name
/// without a check does not build. The rule loader needs the names to accept their rule files.
package enum ReleaseCheckName: String, CaseIterable, Sendable {
    case buildNumberNotHigher = "build-number-not-higher"
    case versionNotHigher = "version-not-higher"
    case bundleIdentifierChanged = "bundle-identifier-changed"
    case signingTeamChanged = "signing-team-changed"
    case extensionVersionStale = "extension-version-stale"
    case changeNotAllowed = "change-not-allowed"
    case growthOverLimit = "growth-over-limit"

    /// Whether the check's messages cite its rule's Apple code (ITMS-90062 and the like).
    var citesAppleCodes: Bool {
        switch self {
        case .buildNumberNotHigher, .versionNotHigher, .bundleIdentifierChanged: true
        case .signingTeamChanged, .extensionVersionStale, .changeNotAllowed, .growthOverLimit: false
        }
    }
}
