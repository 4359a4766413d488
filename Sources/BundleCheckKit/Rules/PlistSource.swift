/// Which property list of a bundle a `plist` matcher reads.
///
/// The signing issue adds `entitlements` and `profile` once it parses them.
public enum PlistSource: String, Sendable, Hashable, CaseIterable {
    case infoPlist = "info-plist"
}
