import BundleCheckFormats
import BundleCheckModel

/// Where a signing fact was read, for findings: the file, and the key path inside it.
struct SigningLocation {
    let file: String?
    let keyPath: JSONPointer?
}

extension InspectedBundle {
    /// The app groups the bundle is signed with (signature or .xcent), with where each one stands.
    var signedAppGroups: [(group: String, location: SigningLocation)] {
        guard let signing, let entitlements = signing.entitlements else { return [] }
        let key = JSONPointer(Entitlements.appGroupsKey)
        return entitlements.appGroups.enumerated().map { index, group in
            (group, SigningLocation(file: signing.entitlementsPath, keyPath: key.appending(index)))
        }
    }

    /// The app groups the bundle's provisioning profile allows, with where each one stands.
    var provisionedAppGroups: [(group: String, location: SigningLocation)] {
        guard let signing, let profile = signing.profile else { return [] }
        let key = JSONPointer("Entitlements", Entitlements.appGroupsKey)
        return profile.appGroups.enumerated().map { index, group in
            (group, SigningLocation(file: signing.profilePath, keyPath: key.appending(index)))
        }
    }

    /// Apps and extensions: the bundles Apple signs with entitlements and a profile.
    var isSignedKind: Bool {
        kind != .framework
    }
}

extension RuleDefinition {
    /// A finding about a signing fact, in the file it was read from (executable, .xcent or profile).
    func finding(in bundle: InspectedBundle, at location: SigningLocation, message: String, appleCodes: [String], identity: String? = nil) -> Finding {
        Finding(
            rule: id, severity: severity, message: message,
            bundle: bundle.path, file: location.file, keyPath: location.keyPath, line: nil,
            appleCodes: appleCodes, identity: identity
        )
    }
}
