/// One privacy purpose string (usage description) of an Info.plist, as written.
public struct PurposeString: Sendable, Hashable {
    /// The top-level key, `NSCameraUsageDescription`.
    public let key: String
    /// The text the system shows; nil when the value is not a string.
    public let text: String?

    package init(key: String, text: String?) {
        self.key = key
        self.text = text
    }
}
