/// The four ways an iOS app is distributed. A provisioning profile allows one of them
/// (its kind), and a run checks the package for one of them (`--distribution`, or the
/// configuration's `distribution`), so the `profile-kind` check compares the two directly.
public enum Distribution: String, Sendable, Hashable, CaseIterable {
    case appStore = "app-store"
    case adHoc = "ad-hoc"
    case development
    case enterprise
}

/// A provisioning profile's kind: the distribution it allows. The same type by design, so the
/// names can never drift apart.
public typealias ProfileKind = Distribution
