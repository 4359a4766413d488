import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `profile-kind`, `profile-expired` and `profile-expiring`: the provisioning profile fits the
/// distribution and is still valid on the date of the run (`--now`), with time to spare where
/// the installed build keeps the profile (ad-hoc, enterprise, development).
struct ProfileCheck: DistributionCheck {
    var id: String { mode.rawValue }

    enum Mode: String {
        case kind = "profile-kind"
        case expired = "profile-expired"
        case expiring = "profile-expiring"
    }

    let mode: Mode

    var distributions: Set<Distribution> {
        switch mode {
        case .kind, .expired: .all
        // The App Store re-signs what it is sent: the uploaded profile's expiry is not the user's.
        case .expiring: .installedAsSigned
        }
    }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        let archive = context.inputKind == .xcarchive
        let now = context.settings.now
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, let profile = signing.profile else { return nil }
            switch mode {
            case .kind:
                guard profile.kind != distribution else { return nil }
                let location = bundle.location(file: signing.profilePath)
                return rule.finding(Self.kind(bundle, profile, distribution, archive: archive), at: location)
            case .expired:
                guard profile.isExpired(at: now), let expiry = profile.expirationDate else { return nil }
                let location = bundle.location(file: signing.profilePath, keyPath: JSONPointer("ExpirationDate"))
                return rule.finding(Self.expired(bundle, profile, expiry, archive: archive), at: location)
            case .expiring:
                let window = TimeInterval(context.settings.profileExpiryWarningDays) * 86_400
                guard let expiry = profile.expirationDate, !profile.isExpired(at: now), expiry.timeIntervalSince(now) <= window else { return nil }
                let location = bundle.location(file: signing.profilePath, keyPath: JSONPointer("ExpirationDate"))
                return rule.finding(Self.expiring(bundle, profile, expiry, now: now, distribution: distribution), at: location)
            }
        }
    }
}

extension ProfileCheck {
    static func kind(_ bundle: InspectedBundle, _ profile: ProvisioningProfile, _ distribution: Distribution, archive: Bool) -> String {
        let name = "\(bundle.name) carries the \(profile.kind.rawValue) profile '\(profile.name ?? "unnamed")'"
        if archive {
            return
                "\(name), but the archive is checked for \(distribution.rawValue) distribution; exporting it for \(distribution.rawValue) re-signs it with a profile of that kind, so check the exported package"
        }
        return
            "\(name), but the package is checked for \(distribution.rawValue) distribution; export with a profile of that kind, or check with --distribution \(profile.kind.rawValue) if that is how it ships"
    }

    static func expired(_ bundle: InspectedBundle, _ profile: ProvisioningProfile, _ expiry: Date, archive: Bool) -> String {
        let fact = "the provisioning profile '\(profile.name ?? "unnamed")' of \(bundle.name) expired on \(expiry.formatted(.iso8601))"
        if archive {
            return "\(fact); renew it in the developer portal (Xcode does when it manages signing), export the archive again and check the exported package"
        }
        return "\(fact); renew it in the developer portal and export again"
    }

    static func expiring(_ bundle: InspectedBundle, _ profile: ProvisioningProfile, _ expiry: Date, now: Date, distribution: Distribution) -> String {
        let days = Int(expiry.timeIntervalSince(now) / 86_400)
        let when = days == 0 ? "within a day" : days == 1 ? "in 1 day" : "in \(days) days"
        return
            "the provisioning profile '\(profile.name ?? "unnamed")' of \(bundle.name) expires on \(expiry.formatted(.iso8601)), \(when); \(distribution.rawValue) installs stop launching then: renew it and ship a build signed with the new one before"
    }
}
