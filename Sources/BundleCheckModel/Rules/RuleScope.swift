/// What a rule looks at: the whole archive, or each bundle of some kinds and extension points;
/// either limited to the bundles of some platforms.
public struct RuleScope: Sendable, Hashable {
    public enum Subject: Sendable, Hashable {
        /// The package as a whole; path globs are relative to the container root.
        case archive
        /// Each bundle whose kind is in `kinds` (all kinds when nil) and, when
        /// `extensionPoints` is given, whose extension point is one of them.
        case bundles(kinds: Set<BundleKind>?, extensionPoints: Set<String>?)
        /// This build against the previous one: only `bundlecheck diff` runs such a rule, and
        /// only a built-in release check of the review layer implements one.
        case release
    }

    public let subject: Subject
    /// Platform ids (`ios`, `tvos` …, `Rules/data/platforms.yml`) whose bundles the rule judges;
    /// nil for every platform. An archive rule judges a package one of whose bundles is built
    /// for one of them.
    public let platforms: Set<String>?

    public init(_ subject: Subject, platforms: Set<String>? = nil) {
        self.subject = subject
        self.platforms = platforms
    }

    public static let archive = RuleScope(.archive)
    public static let release = RuleScope(.release)

    public static func bundles(kinds: Set<BundleKind>?, extensionPoints: Set<String>?, platforms: Set<String>? = nil) -> RuleScope {
        RuleScope(.bundles(kinds: kinds, extensionPoints: extensionPoints), platforms: platforms)
    }

    public var isArchive: Bool {
        if case .archive = subject { return true }
        return false
    }

    /// Whether the rule compares two builds (`scope: release`): a check of one package never runs it.
    public var isRelease: Bool {
        if case .release = subject { return true }
        return false
    }

    /// Whether the rule looks at `bundle` (never, for an archive rule: it looks at the package).
    package func includes(_ bundle: InspectedBundle) -> Bool {
        switch subject {
        case .archive, .release:
            return false
        case .bundles(let kinds, let points):
            if let kinds, !kinds.contains(bundle.kind) { return false }
            if let points {
                guard let point = bundle.extensionPoint, points.contains(point) else { return false }
            }
            return judges(bundle.platform)
        }
    }

    /// Whether a finding a built-in check placed in `bundle` stays: the bundle is in scope, or
    /// for an archive rule, built for one of its platforms.
    package func includesFinding(in bundle: InspectedBundle) -> Bool {
        isArchive ? judges(bundle.platform) : includes(bundle)
    }

    /// Whether the rule judges a package of these bundles at all: one of them is of its platforms.
    package func includes(packageOf bundles: [InspectedBundle]) -> Bool {
        !isRelease && (platforms == nil || bundles.contains { judges($0.platform) })
    }

    package func judges(_ platform: BundlePlatform) -> Bool {
        platforms?.contains(platform.id) ?? true
    }

    /// What it looks at in words, for the catalogue and `--explain`: "app, appex bundles with
    /// extension points …" (the platforms are `platformSummary`).
    package var summary: String {
        switch subject {
        case .archive:
            return "the whole archive"
        case .release:
            return "this build against the previous one (bundlecheck diff)"
        case .bundles(let kinds, let points):
            var parts: [String] = []
            if let kinds { parts.append(kinds.map(\.rawValue).sorted().joined(separator: ", ") + " bundles") }
            if let points { parts.append("extension points " + points.sorted().joined(separator: ", ")) }
            return parts.isEmpty ? "every bundle" : parts.joined(separator: " with ")
        }
    }

    /// The ids of the platforms judged, in the platform table's order (every platform's when
    /// the rule names none).
    package var platformIDs: [String] {
        ApplePlatforms.shipped.platforms.map(\.id).filter { platforms?.contains($0) ?? true }
    }

    /// `iOS, tvOS, watchOS`, in the platform table's order, or `every platform`.
    package var platformSummary: String {
        let table = ApplePlatforms.shipped.platforms
        guard let platforms, !Set(table.map(\.id)).isSubset(of: platforms) else { return "every platform" }
        return table.filter { platforms.contains($0.id) }.map(\.name).joined(separator: ", ")
    }
}
