/// What kind of package an input holds.
public enum InputKind: String, Sendable, Hashable, CaseIterable {
    /// An IPA (or any zip) with a `Payload/` folder.
    case ipa
    /// An Xcode archive, as a directory or zipped.
    case xcarchive
    /// A bare `.app` bundle, as a directory or zipped.
    case app
}
