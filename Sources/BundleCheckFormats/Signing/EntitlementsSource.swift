/// Where a bundle's entitlements were read from, as the inventory reports it.
///
/// Compare an optional of this type with `EntitlementsSource.none` spelled out:
/// a bare `.none` would mean `Optional.none`.
public enum EntitlementsSource: String, Sendable, Hashable, CaseIterable {
    /// The XML entitlements blob of the executable's code signature.
    case signature
    /// `archived-expanded-entitlements.xcent` beside the executable (an `.xcarchive`, or an older IPA).
    case xcent
    /// Neither: the bundle is unsigned, or its signature carries no entitlements.
    case none
}
