/// Which load command links a dylib.
public enum LinkedDylibKind: String, Sendable, Hashable, CaseIterable {
    /// `LC_LOAD_DYLIB`
    case load
    /// `LC_LOAD_WEAK_DYLIB`: missing at run time is allowed.
    case weak
    /// `LC_REEXPORT_DYLIB`
    case reexport
    /// `LC_LAZY_LOAD_DYLIB`
    case lazy
    /// `LC_LOAD_UPWARD_DYLIB`
    case upward
}
