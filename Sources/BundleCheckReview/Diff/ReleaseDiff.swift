import BundleCheckModel

/// What a release review found between two builds: each bundle's changes, the sizes, the
/// findings new and fixed, and the verdicts only a comparison can give (ITMS-90189 …).
public struct ReleaseDiff: Sendable {
    public let old: BuildRecord
    public let new: BuildRecord
    /// Every pair of bundles, NEW's order first, then the bundles only OLD has.
    public let bundles: [BundleDiff]
    /// The top-level bundles' sizes added up.
    public let packageSize: SizeDiff?
    public let findings: FindingsDiff
    /// Findings of the release rules (`scope: release`) and of the configuration's `diff:` gates.
    public let verdicts: [Finding]
    /// What OLD stands for: the build App Review approved last, or one only uploaded.
    public let oldBuild: OldBuildState
    /// Whether the two sides are one build (`ReleaseDiffer.isSameBuild`: the same executables and
    /// versions, perhaps signed again). Comparing a build with itself gives no verdict.
    public let isSameBuild: Bool

    /// Whether anything a reviewer reads differs: a bundle, a size, a finding or a verdict.
    public var hasChanges: Bool {
        bundles.contains { $0.status != .unchanged } || (packageSize?.growth ?? 0) != 0
            || !findings.new.isEmpty || !findings.fixed.isEmpty || !verdicts.isEmpty
    }

    /// The bundles a table of sizes lists: those added or removed (with or without a size, as an
    /// older report records none) and those whose size changed.
    public var sizeRows: [BundleDiff] {
        bundles.filter { $0.status == .added || $0.status == .removed || ($0.size?.growth ?? 0) != 0 }
    }

    public var added: [BundleDiff] { bundles.filter { $0.status == .added } }
    public var removed: [BundleDiff] { bundles.filter { $0.status == .removed } }
    public var changed: [BundleDiff] { bundles.filter { $0.status == .changed } }
}
