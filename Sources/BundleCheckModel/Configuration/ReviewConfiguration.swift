/// What the configuration's `diff:` section settles for `bundlecheck diff`:
///
///     diff:
///       old-build: uploaded          # approved (default): OLD is the build App Review approved last
///       fail-on-new: [entitlements, bundles]   # these changes fail the review (exit status 1)
///       fail-on-growth: 10 MiB       # so does growing more than this, uncompressed
///       growth-threshold: 1 MiB      # files that grew more are listed (default 1 MiB)
public struct ReviewConfiguration: Sendable, Equatable {
    public var oldBuild: OldBuildState
    /// The kinds of change that fail the review when NEW adds one, in the file's order.
    public var failOnNew: [ChangeGate]
    /// The growth of the package, uncompressed, that fails the review; nil for none.
    public var failOnGrowth: UInt64?
    /// A file that grew by more than this is listed.
    public var growthThreshold: UInt64

    public init(
        oldBuild: OldBuildState = .approved, failOnNew: [ChangeGate] = [], failOnGrowth: UInt64? = nil,
        growthThreshold: UInt64 = ReviewConfiguration.defaultGrowthThreshold
    ) {
        self.oldBuild = oldBuild
        self.failOnNew = failOnNew
        self.failOnGrowth = failOnGrowth
        self.growthThreshold = growthThreshold
    }

    /// 1 MiB: below it, a file's growth is noise in a review of a build.
    public static let defaultGrowthThreshold: UInt64 = 1 << 20

    public static let keys = ["old-build", "fail-on-new", "fail-on-growth", "growth-threshold"]
}

/// What the previous build a review compares with was: the default is the build App Review
/// approved last (what shipped), whose version NEW must pass (ITMS-90062); a build only uploaded
/// (to TestFlight, say) asks only for a new build number.
public enum OldBuildState: String, Sendable, Hashable, CaseIterable {
    case approved
    case uploaded
}

/// A kind of change the configuration can make fail: NEW adds one (`entitlements`: any
/// entitlement key or value NEW has and OLD lacks). The names are the review's facet ids.
public enum ChangeGate: String, Sendable, Hashable, CaseIterable {
    case bundles
    case entitlements
    case purposeStrings = "purpose-strings"
    case urlSchemes = "url-schemes"
    case queriedSchemes = "queried-schemes"
    case trackingDomains = "tracking-domains"
    case collectedDataTypes = "collected-data-types"
    /// A collected data type's linked, tracking or purposes changed: the privacy answers change.
    case collectedData = "collected-data"
    case requiredReasonAPIs = "required-reason-apis"
    case declaredReasons = "declared-reasons"
    case documentTypes = "document-types"
    case acceptedTypes = "accepted-types"
    case looseLibraries = "loose-libraries"
    case architectures
}
