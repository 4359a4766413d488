/// What a rule looks at: the whole archive, or each bundle of some kinds and extension points.
public enum RuleScope: Sendable, Hashable {
    /// The package as a whole; path globs are relative to the container root.
    case archive
    /// Each bundle whose kind is in `kinds` (all kinds when nil) and, when
    /// `extensionPoints` is given, whose extension point is one of them.
    case bundles(kinds: Set<BundleKind>?, extensionPoints: Set<String>?)

    package func includes(_ bundle: InspectedBundle) -> Bool {
        switch self {
        case .archive:
            return false
        case .bundles(let kinds, let points):
            if let kinds, !kinds.contains(bundle.kind) { return false }
            if let points {
                guard let point = bundle.extensionPoint, points.contains(point) else { return false }
            }
            return true
        }
    }

    /// In words, for the catalogue and `--explain`: "app, appex bundles with extension points …".
    package var summary: String {
        switch self {
        case .archive:
            return "the whole archive"
        case .bundles(let kinds, let points):
            var parts: [String] = []
            if let kinds { parts.append(kinds.map(\.rawValue).sorted().joined(separator: ", ") + " bundles") }
            if let points { parts.append("extension points " + points.sorted().joined(separator: ", ")) }
            return parts.joined(separator: " with ")
        }
    }
}
