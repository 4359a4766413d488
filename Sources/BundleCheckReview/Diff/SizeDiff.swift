import BundleCheckFormats
import BundleCheckInspection
import BundleCheckReports

/// How a bundle's size moved: its files uncompressed (what Apple's size limits count) and as
/// stored in a zip, and the files that grew by more than the review's threshold.
public struct SizeDiff: Sendable, Hashable {
    public let old: Int64?
    public let new: Int64?
    public let oldStored: Int64?
    public let newStored: Int64?
    /// Files that grew past the threshold, the most grown first.
    public let grownFiles: [FileGrowth]

    /// NEW minus OLD, uncompressed; nil when a side did not record it.
    public var growth: Int64? {
        guard let old, let new else { return nil }
        return new.subtractingReportingOverflow(old).overflow ? nil : new - old
    }

    public struct FileGrowth: Sendable, Hashable {
        public let path: String
        /// nil when OLD's report did not list the file among its largest: it was then at most
        /// the smallest size that list shows, so `growth` is a lower bound (`isLowerBound`).
        public let old: Int64?
        public let new: Int64
        public let growth: Int64
        public let isLowerBound: Bool
    }

    /// A bundle's sizes from its two records; nil when neither recorded sizes.
    static func between(_ old: BundleRecord?, _ new: BundleRecord?, threshold: Int64) -> SizeDiff? {
        let oldTotal = old.flatMap { total($0, .uncompressed) }
        let newTotal = new.flatMap { total($0, .uncompressed) }
        guard oldTotal != nil || newTotal != nil else { return nil }
        var grown: [FileGrowth] = []
        if let old, let new {
            let oldFiles = largestFiles(old)
            // A file below OLD's list was at most as large as the list's smallest entry (or absent).
            let complete = oldFiles.count < BundleSizer.listedCount
            let floor = complete ? 0 : oldFiles.map(\.size).min() ?? 0
            for file in largestFiles(new) {
                if let before = oldFiles.first(where: { $0.path == file.path }) {
                    let growth = file.size &- before.size
                    if growth > threshold { grown.append(FileGrowth(path: file.path, old: before.size, new: file.size, growth: growth, isLowerBound: false)) }
                } else {
                    let growth = file.size &- floor
                    if growth > threshold { grown.append(FileGrowth(path: file.path, old: nil, new: file.size, growth: growth, isLowerBound: !complete)) }
                }
            }
        }
        return SizeDiff(
            old: oldTotal, new: newTotal,
            oldStored: old.flatMap { total($0, .stored) }, newStored: new.flatMap { total($0, .stored) },
            grownFiles: mostGrownFirst(grown)
        )
    }

    /// The most grown first; equal growths by path.
    static func mostGrownFirst(_ files: [FileGrowth]) -> [FileGrowth] {
        files.sorted { ($0.growth, $1.path) > ($1.growth, $0.path) }
    }

    private static func total(_ record: BundleRecord, _ member: ReportSchema.ByteCount) -> Int64? {
        record.recorded([ReportSchema.Bundle.sizes, ReportSchema.Sizes.total, member])?.integerValue
    }

    private static func largestFiles(_ record: BundleRecord) -> [(path: String, size: Int64)] {
        (record.recorded([ReportSchema.Bundle.sizes, ReportSchema.Sizes.largestFiles])?.arrayValue ?? []).compactMap { entry in
            guard let path = entry[ReportSchema.SizedPath.path]?.stringValue,
                let size = entry[ReportSchema.SizedPath.size]?[ReportSchema.ByteCount.uncompressed]?.integerValue
            else { return nil }
            return (path, size)
        }
    }
}
