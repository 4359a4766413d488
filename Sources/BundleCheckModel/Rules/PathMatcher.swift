/// Globs over entry paths, files and folders alike (folders are derived from entry paths).
///
/// Relative to the bundle for bundle-scoped rules (the contents of nested bundles
/// excluded, the nested bundle folders themselves included), or to the container
/// root for archive-scoped ones. When a folder matches, nothing beneath it is
/// reported again.
public struct PathMatcher: Sendable {
    public let globs: [Glob]
    public let exclude: [Glob]

    public init(globs: [Glob], exclude: [Glob] = []) {
        self.globs = globs
        self.exclude = exclude
    }
}
