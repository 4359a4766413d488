import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel

/// A check of a release rule (`scope: release`): it judges NEW against OLD. Its name, the id of
/// its rule file, is one of the inspection layer's `ReleaseCheckName`s.
protocol ReleaseCheck: Sendable {
    var name: ReleaseCheckName { get }
    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding]
}

extension ReleaseCheck {
    var id: String { name.rawValue }
}

enum ReleaseChecks {
    /// The check of each name; a name added without its check does not build.
    static func check(_ name: ReleaseCheckName) -> any ReleaseCheck {
        switch name {
        case .buildNumberNotHigher: BuildNumberNotHigherCheck()
        case .versionNotHigher: VersionNotHigherCheck()
        case .bundleIdentifierChanged: BundleIdentifierChangedCheck()
        case .signingTeamChanged: SigningTeamChangedCheck()
        case .extensionVersionStale: ExtensionVersionStaleCheck()
        case .changeNotAllowed: ChangeNotAllowedCheck()
        case .growthOverLimit: GrowthOverLimitCheck()
        }
    }

    static let registry: [any ReleaseCheck] = ReleaseCheckName.allCases.map(check)

    static func named(_ id: String) -> (any ReleaseCheck)? { ReleaseCheckName(rawValue: id).map(check) }
}

/// What a release check may look at: both records, the paired bundles with their changes, and
/// what the configuration says of the review.
struct ReleaseComparison: Sendable {
    let old: BuildRecord
    let new: BuildRecord
    let bundles: [BundleDiff]
    let packageSize: SizeDiff?
    let settings: ReviewConfiguration

    /// The pairs of top-level apps found on both sides.
    var appPairs: [(old: BundleRecord, new: BundleRecord, pair: BundlePair)] {
        bundles.compactMap { diff in
            guard let old = diff.pair.old, let new = diff.pair.new, new.parent == nil, new.kind == "app", old.parent == nil, old.kind == "app" else {
                return nil
            }
            return (old, new, diff.pair)
        }
    }

    /// The pair whose NEW bundle is at `path`.
    func pair(ofNew path: String) -> BundlePair? {
        bundles.first { $0.pair.new?.path == path }?.pair
    }

    /// Where a finding about `record`'s Info.plist key points.
    static func location(_ record: BundleRecord, key: String? = nil) -> FindingLocation {
        FindingLocation(bundle: record.path, file: key == nil ? nil : record.infoPlist, keyPath: key.map { JSONPointer($0) })
    }
}
