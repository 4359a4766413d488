import BundleCheckFormats
import BundleCheckModel

/// `app-group-prefix`: app groups start with `group.` (the developer portal refuses others;
/// macOS-style team-prefixed groups do not work on iOS). Where the platform allows it (the
/// Mac, `ApplePlatform.allowsTeamAppGroups`), a group may instead start with the team id.
struct AppGroupPrefixCheck: Check {
    let id = "app-group-prefix"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle in
            // A group is read from the signature and again from the profile: one finding per
            // group and bundle, where it is first read.
            var seen = Set<String>()
            let platform = bundle.platform.platform
            let team = bundle.signing?.teamIdentifier
            return (bundle.signedAppGroups + bundle.provisionedAppGroups)
                .filter { !$0.group.hasPrefix("group.") && !platform.isTeamAppGroup($0.group, team: team) }
                .filter { !UnexpandedVariable.occurs(in: $0.group) && seen.insert($0.group).inserted }
                .map { rule.finding(Self.badPrefix($0.group, bundle), at: $0.location, identity: $0.location.file) }
        }
    }
}

extension AppGroupPrefixCheck {
    static func badPrefix(_ group: String, _ bundle: InspectedBundle) -> String {
        let platform = bundle.platform.platform
        guard platform.allowsTeamAppGroups else {
            return "app group '\(group)' of \(bundle.name) does not start with 'group.'; \(platform.name) app group identifiers must, e.g. 'group.\(group)'"
        }
        let team = bundle.signing?.teamIdentifier ?? "the team id"
        return
            "app group '\(group)' of \(bundle.name) starts neither with 'group.' nor with its team id \(team); \(platform.name) app group identifiers are 'group.\(group)' or '\(team).\(group)'"
    }
}
