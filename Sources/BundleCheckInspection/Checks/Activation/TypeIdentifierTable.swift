import BundleCheckFormats
import BundleCheckModel

/// The system type identifiers of `Rules/data/type-identifiers.yml`, which activation rules
/// and document types are checked against.
struct TypeIdentifierTable {
    let types: KnownTypeIdentifiers

    static let table = "type-identifiers"
    static let shipped = DataTables.read(table, TypeIdentifierTable.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        func guesses(_ key: String) throws(YAMLLoadError) -> [String: String] {
            var guesses: [String: String] = [:]
            for (guess, meant) in try entries(key).pairs() {
                guesses[guess] = try meant.string()
            }
            return guesses
        }
        types = KnownTypeIdentifiers(
            identifiers: try entries("identifiers").strings(), knownPrefixes: try entries("known-prefixes").strings(),
            likelyMeant: try guesses("likely-meant"), bareWords: try guesses("bare-words"))
    }
}

extension KnownTypeIdentifiers {
    /// The shipped table's identifiers.
    package static var shipped: KnownTypeIdentifiers { TypeIdentifierTable.shipped.types }
}
