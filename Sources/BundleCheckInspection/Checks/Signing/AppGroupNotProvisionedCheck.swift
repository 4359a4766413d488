import BundleCheckFormats
import BundleCheckModel

/// `app-group-not-provisioned`: a signed app group that the bundle's provisioning profile does
/// not allow; iOS refuses to launch a binary whose entitlements exceed its profile. A Mac
/// group named after the team needs no profile (TN3125); a `group.` one does (macOS 15).
struct AppGroupNotProvisionedCheck: Check {
    let id = "app-group-not-provisioned"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard let profile = bundle.signing?.profile, bundle.signing?.entitlementsSource == .signature else { return [] }
            let allowed = Set(profile.appGroups)
            let team = bundle.signing?.teamIdentifier
            return bundle.signedAppGroups.filter { !allowed.contains($0.group) && !bundle.platform.platform.isTeamAppGroup($0.group, team: team) }.map {
                rule.finding(Self.notProvisioned($0.group, bundle, profile), at: $0.location)
            }
        }
    }
}

extension AppGroupNotProvisionedCheck {
    static func notProvisioned(_ group: String, _ bundle: InspectedBundle, _ profile: ProvisioningProfile) -> String {
        "\(bundle.name) is signed with app group '\(group)', which its provisioning profile '\(profile.name ?? "unnamed")' does not allow; enable the group for the App ID and regenerate the profile"
    }
}
