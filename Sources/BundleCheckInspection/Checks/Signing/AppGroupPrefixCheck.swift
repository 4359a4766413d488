import BundleCheckFormats
import BundleCheckModel

/// `app-group-prefix`: iOS app groups start with `group.` (the developer portal refuses others;
/// macOS-style team-prefixed groups do not work on iOS).
struct AppGroupPrefixCheck: Check {
    let id = "app-group-prefix"
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle in
            // A group is read from the signature and again from the profile: one finding per
            // group and bundle, where it is first read.
            var seen = Set<String>()
            return (bundle.signedAppGroups + bundle.provisionedAppGroups)
                .filter { !$0.group.hasPrefix("group.") && !UnexpandedVariable.occurs(in: $0.group) && seen.insert($0.group).inserted }
                .map { rule.finding(Self.badPrefix($0.group, bundle), at: $0.location, identity: $0.location.file) }
        }
    }
}

extension AppGroupPrefixCheck {
    static func badPrefix(_ group: String, _ bundle: InspectedBundle) -> String {
        "app group '\(group)' of \(bundle.name) does not start with 'group.'; \(bundle.platform.platform.name) app group identifiers must, e.g. 'group.\(group)'"
    }
}
