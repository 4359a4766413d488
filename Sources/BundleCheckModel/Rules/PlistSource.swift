/// Which property list of a bundle a `plist` matcher reads.
public enum PlistSource: String, Sendable, Hashable, CaseIterable {
    case infoPlist = "info-plist"
    /// The entitlements of the code signature, else of `archived-expanded-entitlements.xcent`.
    case entitlements
    /// The property list inside `embedded.mobileprovision` (keys `Entitlements`, `ExpirationDate`, …).
    case profile
}
