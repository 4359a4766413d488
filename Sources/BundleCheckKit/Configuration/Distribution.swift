/// The configuration's `distribution`: how the package will be distributed.
///
/// Read by the signing rules (which profile and entitlements fit); nothing reads it yet.
public enum Distribution: String, Sendable, Hashable, CaseIterable {
    case appStore = "app-store"
    case adHoc = "ad-hoc"
    case development
    case enterprise
}
