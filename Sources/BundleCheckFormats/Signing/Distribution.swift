/// The ways an app is distributed: the four of iOS (and tvOS, watchOS, visionOS), and the
/// Mac's App Store and Developer ID (signed for notarization, outside the store). A provisioning
/// profile allows one of them (its kind), and a run checks the package for one of them
/// (`--distribution`, or the configuration's `distribution`), so the `profile-kind` check
/// compares the two directly. Development is both platforms'.
public enum Distribution: String, Sendable, Hashable, CaseIterable {
    case appStore = "app-store"
    case adHoc = "ad-hoc"
    case development
    case enterprise
    case macAppStore = "mac-app-store"
    case developerID = "developer-id"

    /// One of the App Stores, which re-sign what they are sent.
    public var isStore: Bool { self == .appStore || self == .macAppStore }
}

/// A provisioning profile's kind: the distribution it allows. The same type by design, so the
/// names can never drift apart.
public typealias ProfileKind = Distribution
