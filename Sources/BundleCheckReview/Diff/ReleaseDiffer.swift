import BundleCheckModel
import BundleCheckReports

/// Compares two recorded builds: pairs their bundles, compares every facet of every pair, their
/// sizes and findings. The verdicts are the release rules', which `ReleaseReview` runs.
enum ReleaseDiffer {
    static func compare(
        _ old: BuildRecord, _ new: BuildRecord, growthThreshold: Int64
    ) -> (bundles: [BundleDiff], packageSize: SizeDiff?, findings: FindingsDiff) {
        let pairs = BundlePairing.pairs(old: old.bundles, new: new.bundles)
        let bundles = pairs.map { pair -> BundleDiff in
            let size = SizeDiff.between(pair.old, pair.new, threshold: growthThreshold)
            guard let before = pair.old, let after = pair.new else {
                return BundleDiff(pair: pair, status: pair.new == nil ? .removed : .added, changes: [], notRecorded: [], size: size)
            }
            var changes: [FacetChange] = []
            var notRecorded: [BundleDiff.NotRecorded] = []
            for facet in InventoryFacet.all {
                switch (before.value(of: facet), after.value(of: facet)) {
                case (let was?, let now?): changes += FacetComparison.changes(of: facet, old: was, new: now)
                case (nil, nil): notRecorded += [.old, .new].map { BundleDiff.NotRecorded(facet: facet.id, side: $0) }
                case (nil, _?): notRecorded.append(BundleDiff.NotRecorded(facet: facet.id, side: .old))
                case (_?, nil): notRecorded.append(BundleDiff.NotRecorded(facet: facet.id, side: .new))
                }
            }
            return BundleDiff(pair: pair, status: changes.isEmpty ? .unchanged : .changed, changes: changes, notRecorded: notRecorded, size: size)
        }
        return (bundles, packageSize(old, new, bundles: bundles), FindingsDiff.between(old, new, pairs: pairs))
    }

    /// The package's size: its top-level bundles' totals added up, and the files of the pairs of
    /// top-level bundles that grew past the threshold (their own size diffs, already made).
    static func packageSize(_ old: BuildRecord, _ new: BuildRecord, bundles: [BundleDiff]) -> SizeDiff? {
        func total(_ record: BuildRecord, _ member: ReportSchema.ByteCount) -> Int64? {
            let values = record.bundles.filter { $0.parent == nil }.map {
                $0.recorded([ReportSchema.Bundle.sizes, ReportSchema.Sizes.total, member])?.integerValue
            }
            guard !values.isEmpty, !values.contains(nil) else { return nil }
            return values.compactMap { $0 }.reduce(0, &+)
        }
        guard total(old, .uncompressed) != nil || total(new, .uncompressed) != nil else { return nil }
        let grown = bundles.filter { $0.pair.old?.parent == nil && $0.pair.new?.parent == nil }.compactMap(\.size).flatMap(\.grownFiles)
        return SizeDiff(
            old: total(old, .uncompressed), new: total(new, .uncompressed),
            oldStored: total(old, .stored), newStored: total(new, .stored),
            grownFiles: SizeDiff.mostGrownFirst(grown)
        )
    }

    /// Whether the two records are one build: every bundle paired, and each pair's executables
    /// have the same LC_UUIDs (a rebuild changes them; a re-export that only re-signs does not)
    /// with the same versions and identifier, or, for a bundle without an executable, nothing
    /// differs at all.
    static func isSameBuild(_ bundles: [BundleDiff]) -> Bool {
        let identity: Set<String> = ["version", "build", "bundle-identifier"]
        return bundles.allSatisfy { diff in
            guard let old = diff.pair.old, let new = diff.pair.new else { return false }
            if !old.uuids.isEmpty || !new.uuids.isEmpty {
                return old.uuids == new.uuids && !diff.changes.contains { identity.contains($0.facet) }
            }
            return diff.status == .unchanged && (diff.size?.growth ?? 0) == 0 && diff.size?.oldStored == diff.size?.newStored
        }
    }
}
