import BundleCheckFormats
import BundleCheckModel

/// The system type identifiers of `Rules/data/type-identifiers.yml`, which activation rules
/// and document types are checked against.
struct TypeIdentifierTable {
    let types: KnownTypeIdentifiers
    let unreadableLines: [Int]

    static let shipped = TypeIdentifierTable(entries: DataTables.named("type-identifiers").entries)

    init(entries: YAMLNode) {
        var fields = DataTableFields(entries)
        types = KnownTypeIdentifiers(
            identifiers: fields.strings("identifiers"),
            knownPrefixes: fields.strings("known-prefixes"),
            likelyMeant: Dictionary(fields.pairs("likely-meant").map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }),
            bareWords: Dictionary(fields.pairs("bare-words").map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        )
        unreadableLines = fields.unreadableLines
    }
}

extension KnownTypeIdentifiers {
    /// The shipped table's identifiers.
    package static var shipped: KnownTypeIdentifiers { TypeIdentifierTable.shipped.types }
}
