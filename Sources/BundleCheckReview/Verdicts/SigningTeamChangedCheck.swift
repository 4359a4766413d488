import BundleCheckInspection
import BundleCheckModel

/// `signing-team-changed`: a bundle of NEW is signed by another team than in OLD. An app record
/// belongs to one team, so a build signed by another is refused unless the app was transferred;
/// app groups, keychain groups and iCloud containers are the team's and stop being shared.
/// Reported for each top-level app, and for a nested bundle only when its change is not its app's.
struct SigningTeamChangedCheck: ReleaseCheck {
    let name = ReleaseCheckName.signingTeamChanged

    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding] {
        func change(_ pair: BundlePair) -> (was: String, now: String)? {
            guard let was = pair.old?.teamIdentifier, let now = pair.new?.teamIdentifier, was != now else { return nil }
            return (was, now)
        }
        return comparison.bundles.compactMap { diff in
            guard let new = diff.pair.new, let (was, now) = change(diff.pair) else { return nil }
            if let parent = new.parent, let container = comparison.pair(ofNew: parent), let appChange = change(container), appChange == (was, now) {
                return nil
            }
            return rule.finding(
                "\(new.name) is signed by team \(now), OLD by team \(was): App Store Connect takes builds of an app only from the team that owns it, and the app's groups and containers stay with \(was); sign with \(was)'s certificate and profiles, or transfer the app first",
                at: ReleaseComparison.location(new), identity: now
            )
        }
    }
}
