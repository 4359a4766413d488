import Foundation
import BundleCheckFormats
import BundleCheckModel

/// `profile-kind` and `profile-expired`: the provisioning profile fits the distribution and is
/// still valid on the date of the run (`--now`).
struct ProfileCheck: Check {
    var id: String { mode.rawValue }
    var evidenceNeeds: [BinaryMatcher] { [] }

    enum Mode: String {
        case kind = "profile-kind"
        case expired = "profile-expired"
    }

    let mode: Mode

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, let profile = signing.profile else { return nil }
            switch mode {
            case .kind:
                guard profile.kind != context.settings.checkedDistribution else { return nil }
                let location = bundle.location(file: signing.profilePath)
                return rule.finding(Self.kind(bundle, profile, context.settings.checkedDistribution), at: location)
            case .expired:
                guard profile.isExpired(at: context.settings.now), let expiry = profile.expirationDate else { return nil }
                let location = bundle.location(file: signing.profilePath, keyPath: JSONPointer("ExpirationDate"))
                return rule.finding(Self.expired(bundle, profile, expiry), at: location)
            }
        }
    }
}

extension ProfileCheck {
    static func kind(_ bundle: InspectedBundle, _ profile: ProvisioningProfile, _ distribution: Distribution) -> String {
        "\(bundle.name) carries the \(profile.kind.rawValue) profile '\(profile.name ?? "unnamed")', but the package is checked for \(distribution.rawValue) distribution; export with a profile of that kind, or check with --distribution \(profile.kind.rawValue) if that is how it ships"
    }

    static func expired(_ bundle: InspectedBundle, _ profile: ProvisioningProfile, _ expiry: Date) -> String {
        "the provisioning profile '\(profile.name ?? "unnamed")' of \(bundle.name) expired on \(expiry.formatted(.iso8601)); renew it in the developer portal and export again"
    }
}
