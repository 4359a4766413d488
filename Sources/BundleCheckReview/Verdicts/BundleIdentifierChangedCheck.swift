import BundleCheckInspection
import BundleCheckModel

/// `bundle-identifier-changed` (ITMS-90054): NEW's app has another CFBundleIdentifier than OLD's.
/// An app record's bundle identifier is fixed once a build is uploaded, so NEW would be
/// refused, or belongs to another app record altogether.
struct BundleIdentifierChangedCheck: ReleaseCheck {
    let name = ReleaseCheckName.bundleIdentifierChanged

    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding] {
        comparison.appPairs.compactMap { old, new, _ in
            guard let was = old.bundleIdentifier, let now = new.bundleIdentifier, was != now else { return nil }
            return rule.finding(
                "CFBundleIdentifier of \(new.name) changed from '\(was)' to '\(now)': an app's bundle identifier cannot change from one version to the next (\(rule.appleCodesText)); keep '\(was)', or upload to the app record of '\(now)' and compare with its own last build",
                at: ReleaseComparison.location(new, key: "CFBundleIdentifier")
            )
        }
    }
}
