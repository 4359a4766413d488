import BundleCheckFormats
import BundleCheckModel

extension InspectedBundle {
    /// The app groups the bundle is signed with (signature or .xcent), with where each one stands.
    var signedAppGroups: [(group: String, location: FindingLocation)] {
        guard let signing, let entitlements = signing.entitlements else { return [] }
        let key = JSONPointer(Entitlements.appGroupsKey)
        return entitlements.appGroups.enumerated().map { index, group in
            (group, location(file: signing.entitlementsPath, keyPath: key.appending(index)))
        }
    }

    /// The app groups the bundle's provisioning profile allows, with where each one stands.
    var provisionedAppGroups: [(group: String, location: FindingLocation)] {
        guard let signing, let profile = signing.profile else { return [] }
        let key = JSONPointer("Entitlements", Entitlements.appGroupsKey)
        return profile.appGroups.enumerated().map { index, group in
            (group, location(file: signing.profilePath, keyPath: key.appending(index)))
        }
    }

    /// Apps and extensions: the bundles Apple signs with entitlements and a profile.
    var isSignedKind: Bool {
        kind != .framework
    }
}
