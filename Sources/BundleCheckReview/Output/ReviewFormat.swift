/// The formats `bundlecheck diff` writes.
public enum ReviewFormat: String, Sendable, CaseIterable {
    case text
    case json
    case markdown
    case html
}
