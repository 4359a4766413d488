import BundleCheckFormats
import BundleCheckModel

/// `profile-app-id`: the bundle's provisioning profile is for its App ID: the profile's
/// application identifier (`TEAM.com.example.app`, or a wildcard `TEAM.*`, `TEAM.com.example.*`)
/// covers the bundle's team and identifier. iOS refuses to install a bundle whose profile is for
/// another App ID.
struct ProfileApplicationIdentifierCheck: Check {
    let id = "profile-app-id"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, let profile = signing.profile,
                let identifier = bundle.bundleIdentifier, !UnexpandedVariable.occurs(in: identifier),
                let team = profile.teamIdentifier ?? signing.teamIdentifier,
                !profile.applicationIdentifierMatches(team: team, bundleIdentifier: identifier)
            else { return nil }
            let location = bundle.location(file: signing.profilePath, keyPath: JSONPointer("Entitlements", "application-identifier"))
            return rule.finding(Self.otherAppID(bundle, profile, "\(team).\(identifier)"), at: location)
        }
    }
}

extension ProfileApplicationIdentifierCheck {
    static func otherAppID(_ bundle: InspectedBundle, _ profile: ProvisioningProfile, _ expected: String) -> String {
        "the provisioning profile of \(bundle.name) is for '\(profile.applicationIdentifier ?? "no App ID")', which does not cover '\(expected)'; embed a profile made for this bundle's App ID"
    }
}
