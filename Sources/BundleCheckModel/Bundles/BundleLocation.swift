/// Where a bundle sits in a package, found from file paths alone.
public struct BundleLocation: Sendable, Hashable {
    /// Folder path relative to the package root, e.g. `Payload/X.app/PlugIns/S.appex`.
    public let path: String
    public let kind: BundleKind
    /// Path of the directly containing bundle; nil for a top-level app.
    public let parent: String?

    public init(path: String, kind: BundleKind, parent: String?) {
        self.path = path
        self.kind = kind
        self.parent = parent
    }
}
