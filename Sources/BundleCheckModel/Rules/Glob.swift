/// A glob over `/`-separated paths: `*` and `?` within one component, `[abc]`
/// classes, `**` for any number of components. Other characters, `(`, `{`, `$`
/// included, stand for themselves.
///
/// Unlike a shell, `*` matches a leading `.`: `**/*` must see `.DS_Store`.
/// The pattern is compiled once, at `init`, into per-component matchers.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// Derived from `pattern`, so equality and hashing look at the pattern alone.
    let components: [GlobComponent]

    public init(_ pattern: String) {
        self.pattern = pattern
        self.components = Self.split(pattern).map { GlobComponent.compile($0).component }
    }

    public var description: String { pattern }

    public static func == (lhs: Glob, rhs: Glob) -> Bool {
        lhs.pattern == rhs.pattern
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
    }

    /// What is wrong with `pattern`, or nil when it is a well-formed glob.
    ///
    /// Refused: the empty pattern, a leading `/` (paths are relative), empty
    /// components (`a//b`, `a/`), `**` sharing a component with other characters
    /// (`a**`), an unclosed `[`, and a backwards range (`[z-a]`).
    public static func validate(_ pattern: String) -> String? {
        if pattern.isEmpty { return "the pattern is empty" }
        if pattern.hasPrefix("/") {
            return "the pattern starts with '/', but paths are relative to the bundle or the package root"
        }
        for component in split(pattern) {
            if let problem = GlobComponent.compile(component).problem { return problem }
        }
        return nil
    }

    /// Whether the `/`-separated relative `path` matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        matches(components: Self.split(path))
    }

    /// Matches a path already split into components, so that many globs can share one split.
    package func matches(components path: [Substring]) -> Bool {
        // A `**` can take any number of components and every other component
        // exactly one, so on a mismatch only the latest `**` takes one more.
        var index = 0
        var position = 0
        var lastAnyDepth: (index: Int, position: Int)?
        while position < path.count {
            if index < components.count {
                if components[index] == .anyDepth {
                    lastAnyDepth = (index, position)
                    index += 1
                    continue
                }
                if components[index].matches(path[position]) {
                    index += 1
                    position += 1
                    continue
                }
            }
            guard let anyDepth = lastAnyDepth else { return false }
            lastAnyDepth = (anyDepth.index, anyDepth.position + 1)
            index = anyDepth.index + 1
            position = anyDepth.position + 1
        }
        while index < components.count, components[index] == .anyDepth {
            index += 1
        }
        return index == components.count
    }

    static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false)
    }
}
