/// What a provisioning profile allows: the same four ways to distribute, with the
/// same raw values, as the configuration's `distribution`.
///
/// An alias rather than a second enum, so the `profile-kind` check compares the
/// two directly and the names can never drift apart.
public typealias ProfileKind = Distribution
