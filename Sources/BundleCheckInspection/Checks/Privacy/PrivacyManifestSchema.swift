import BundleCheckFormats
import BundleCheckModel

/// What a privacy manifest may hold: its keys and the type of each value
/// (`Rules/data/privacy-manifest-keys.yml`), and the collected data types and purposes it may
/// name (`Rules/data/privacy-collected-data.yml`).
struct PrivacyManifestSchema: Sendable {
    enum ValueType: String, Sendable {
        case boolean
        case string
        case arrayOfString = "array of string"
        case arrayOfDictionary = "array of dictionary"

        /// Whether `value` has this type, its elements aside.
        func admits(_ value: PlistValue) -> Bool {
            switch (self, value) {
            case (.boolean, .bool), (.string, .string), (.arrayOfString, .array), (.arrayOfDictionary, .array): true
            default: false
            }
        }
    }

    /// One key: its type, whether Apple refuses it empty (arrays), and the keys of each
    /// dictionary it holds (all required).
    struct Key: Sendable {
        let name: String
        let type: ValueType
        let nonEmpty: Bool
        let keys: [Key]
    }

    /// The top-level keys, each optional.
    let keys: [Key]
    let dataTypes: Set<String>
    let purposes: Set<String>

    static let shipped = PrivacyManifestSchema(
        keys: DataTables.named("privacy-manifest-keys"),
        collectedData: DataTables.named("privacy-collected-data")
    )

    init(keys table: DataTable, collectedData: DataTable) {
        keys = Self.keys(table.entries)
        dataTypes = Set((collectedData.entries["types"]?.sequence ?? []).compactMap(\.scalar))
        purposes = Set((collectedData.entries["purposes"]?.sequence ?? []).compactMap(\.scalar))
    }

    func key(_ name: String) -> Key? {
        keys.first { $0.name == name }
    }

    private static func keys(_ node: YAMLNode?) -> [Key] {
        (node?.mapping ?? []).compactMap { pair in
            guard let name = pair.key.scalar, let type = pair.value["type"]?.scalar.flatMap(ValueType.init(rawValue:)) else { return nil }
            return Key(name: name, type: type, nonEmpty: pair.value["non-empty"]?.scalar == "true", keys: keys(pair.value["keys"]))
        }
    }
}
