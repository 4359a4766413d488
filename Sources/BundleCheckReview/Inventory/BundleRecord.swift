import BundleCheckFormats
import BundleCheckReports

/// One bundle of a `BuildRecord`: the bundle object of the JSON report, read field by field.
///
/// A member the report lacks was not recorded (an older bundlecheck wrote it); a member that is
/// `null` was recorded as absent. The review tells the two apart, so a field an old report
/// never carried is shown as "not recorded", never as added.
public struct BundleRecord: Sendable {
    /// The bundle object as the report wrote it.
    public let object: JSONValue
    /// Where the object sits in its report, for messages about its members: `/inputs/0/bundles/2`.
    public let pointer: String
    /// Each facet's value by facet id, read once; a facet the report did not record is absent.
    private var facets: [String: FacetValue] = [:]

    /// Reads every facet of `InventoryFacet.all`, refusing a member of the wrong type up front.
    package init(object: JSONValue, pointer: String) throws(RecordShapeError) {
        self.object = object
        self.pointer = pointer
        for facet in InventoryFacet.all {
            if let value = try facet.read(FacetReader(record: self)) { facets[facet.id] = value }
        }
    }

    /// The facet's value; nil when the report did not record it.
    public func value(of facet: InventoryFacet) -> FacetValue? { facets[facet.id] }

    public var path: String { object[ReportSchema.Bundle.path]?.stringValue ?? "" }
    public var kind: String { object[ReportSchema.Bundle.kind]?.stringValue ?? "" }
    public var parent: String? { object[ReportSchema.Bundle.parent]?.stringValue }
    public var bundleIdentifier: String? { object[ReportSchema.Bundle.bundleIdentifier]?.stringValue }
    public var shortVersion: String? { object[ReportSchema.Bundle.shortVersion]?.stringValue }
    public var version: String? { object[ReportSchema.Bundle.version]?.stringValue }
    public var extensionPoint: String? { object[ReportSchema.Bundle.extensionPoint]?.stringValue }
    public var infoPlist: String? { object[ReportSchema.Bundle.infoPlist]?.stringValue }
    /// Apple's name for the listed SDK this framework is, and its vendor; nil for other bundles
    /// and in reports made before bundlecheck recorded it.
    public var listedSDK: (name: String, vendor: String?)? {
        guard let sdk = object[ReportSchema.Bundle.listedSDK], let name = sdk[ReportSchema.ListedSDK.name]?.stringValue else { return nil }
        return (name, sdk[ReportSchema.ListedSDK.vendor]?.stringValue)
    }
    /// The signing team the signature's entitlements name.
    public var teamIdentifier: String? { object[ReportSchema.Bundle.entitlements]?[ReportSchema.Entitlements.teamIdentifier]?.stringValue }
    /// Each executable slice's LC_UUID, which tells one build of a binary from another.
    public var uuids: [String] { object[ReportSchema.Bundle.uuids]?.arrayValue?.compactMap { $0[ReportSchema.SliceUUID.uuid]?.stringValue } ?? [] }

    /// The last component of the path: `Share.appex`.
    public var name: String { PackagePath.name(path) }

    /// The value at `path` of member names, spelt as the report writes them (`["toolchain", "sdk"]`);
    /// the project's own readers name them through `ReportSchema` (`recorded(_: ReportPath)`).
    public func recorded(_ path: [String]) -> JSONValue? {
        recorded(path.map { AnyReportMember(rawValue: $0) })
    }

    /// The value at `path` of member names, or nil when a member on the way is missing
    /// (not recorded); `.null` when the report recorded nothing there.
    package func recorded(_ path: ReportPath) -> JSONValue? {
        var value = object
        for (index, key) in path.enumerated() {
            guard let next = value[key.rawValue] else {
                // A recorded null on the way stands for the whole subtree: recorded as absent.
                return value == .null && index > 0 ? .null : nil
            }
            value = next
        }
        return value
    }
}
