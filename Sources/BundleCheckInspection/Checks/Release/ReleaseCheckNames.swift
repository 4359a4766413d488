/// The ids of the checks of the release rules (`scope: release`). `bundlecheck diff` runs them,
/// and their code is in BundleCheckReview (`ReleaseCheck.registry`), which comes after this
/// layer; the rule loader needs the names to accept their rule files. A test checks that the
/// two lists agree, and a check of one package never runs a release rule.
package enum ReleaseCheckNames {
    package static let all: Set<String> = [
        "build-number-not-higher",
        "version-not-higher",
        "bundle-identifier-changed",
        "signing-team-changed",
        "extension-version-stale",
        "change-not-allowed",
        "growth-over-limit",
    ]
}
