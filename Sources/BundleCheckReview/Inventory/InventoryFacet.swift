import BundleCheckFormats
import BundleCheckReports

/// One thing a release reviewer compares between two builds of a bundle: its build number,
/// its entitlements, the URL schemes it declares. `InventoryFacet.all` lists them in the order
/// the reports show them; the diff compares every facet the same way (`FacetComparison`).
public struct InventoryFacet: Sendable {
    /// The headings facets are grouped under, in the order reports show them.
    public enum Group: String, Sendable, CaseIterable {
        case identity
        case platform
        case capabilities
        case privacy
        case integration
        case signing
        case contents

        public var title: String {
            switch self {
            case .identity: "Versions and identity"
            case .platform: "Platform and toolchain"
            case .capabilities: "Entitlements"
            case .privacy: "Privacy"
            case .integration: "URL schemes, extensions and documents"
            case .signing: "Signing"
            case .contents: "Contents"
            }
        }
    }

    /// How a change reads: a scalar changes from one value to another; a list or a keyed facet
    /// gains and loses entries.
    public enum Shape: String, Sendable {
        case scalar
        case list
        case keyed
    }

    /// Stable id, used in the JSON diff and by the configuration's `diff: fail-on-new`.
    public let id: String
    /// What a person reads: `Build (CFBundleVersion)`.
    public let title: String
    public let group: Group
    public let shape: Shape
    /// The facet's value in one bundle's record; nil when the report did not record it.
    let read: @Sendable (FacetReader) throws(RecordShapeError) -> FacetValue?

    init(_ id: String, _ title: String, _ group: Group, _ shape: Shape, read: @escaping @Sendable (FacetReader) throws(RecordShapeError) -> FacetValue?) {
        self.id = id
        self.title = title
        self.group = group
        self.shape = shape
        self.read = read
    }

    public static func named(_ id: String) -> InventoryFacet? { all.first { $0.id == id } }
}

/// Typed reads of a bundle record's members for the facets, each refusing a member of the
/// wrong type with where it is.
struct FacetReader {
    let record: BundleRecord

    /// The member at `path`: nil when not recorded, `.null` when recorded as absent.
    func member(_ path: ReportPath) -> JSONValue? { record.recorded(path) }

    func error(_ path: ReportPath, _ expected: String) -> RecordShapeError {
        RecordShapeError(pointer: record.pointer + "/" + path.map { JSONPointer.escape($0.rawValue) }.joined(separator: "/"), expected: expected)
    }

    /// A string member as a scalar facet.
    func text(_ path: ReportPath) throws(RecordShapeError) -> FacetValue? {
        guard let value = member(path) else { return nil }
        switch value {
        case .null: return FacetValue.none
        case .string(let text): return .text(text)
        default: throw error(path, "a string or null")
        }
    }

    /// The strings of an array member, or nil.
    func strings(_ path: ReportPath) throws(RecordShapeError) -> [String]?? {
        guard let value = member(path) else { return nil }
        if value == .null { return .some(nil) }
        guard let elements = value.arrayValue else { throw error(path, "an array of strings or null") }
        var strings: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw error(path, "an array of strings or null") }
            strings.append(text)
        }
        return .some(strings)
    }

    /// An array-of-strings member as a list facet.
    func list(_ path: ReportPath) throws(RecordShapeError) -> FacetValue? {
        guard let strings = try strings(path) else { return nil }
        return strings.map(FacetValue.list) ?? FacetValue.none
    }

    /// The objects of an array member; nil when not recorded, empty when null.
    func objects(_ path: ReportPath) throws(RecordShapeError) -> [JSONValue]? {
        guard let value = member(path) else { return nil }
        if value == .null { return [] }
        guard let elements = value.arrayValue, elements.allSatisfy({ if case .object = $0 { true } else { false } }) else {
            throw error(path, "an array of objects or null")
        }
        return elements
    }

    /// A member of an object read by `objects`, as text: strings as written, other scalars in
    /// JSON; nil for null or a missing member.
    static func scalarText(_ value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: nil
        case .string(let text)?: text
        case let other?: JSONWriter(style: .compact).string(from: other)
        }
    }
}
