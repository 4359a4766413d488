import BundleCheckFormats
import BundleCheckModel

/// What a privacy manifest may hold: its keys and the type of each value
/// (`Rules/data/privacy-manifest-keys.yml`), and the collected data types and purposes it may
/// name (`Rules/data/privacy-collected-data.yml`).
struct PrivacyManifestSchema: Sendable {
    enum ValueType: String, Sendable, CaseIterable {
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

    /// What an empty array of a key is: valid, invalid (Apple refuses it), or doubtful (a
    /// note: Apple's documents advise against it, but no rejection of it is known).
    enum WhenEmpty: String, Sendable, CaseIterable {
        case valid
        case invalid
        case doubtful
    }

    /// One key: its type, what an empty array of it is, and the keys of each dictionary it
    /// holds (all required).
    struct Key: Sendable {
        let name: String
        let type: ValueType
        let whenEmpty: WhenEmpty
        let keys: [Key]
    }

    /// The top-level keys, each optional.
    let keys: [Key]
    let dataTypes: Set<String>
    let purposes: Set<String>

    static let keysTable = "privacy-manifest-keys"
    static let collectedDataTable = "privacy-collected-data"
    static let shipped = DataTables.read(keysTable) { keys throws(YAMLLoadError) in
        try PrivacyManifestSchema(keys, DataTables.named(collectedDataTable))
    }

    init(_ keys: DataTable, _ collectedData: DataTable) throws(YAMLLoadError) {
        self.keys = try Self.keys(keys.root)
        let collected = collectedData.root
        dataTypes = Set(try collected.optional("types")?.strings() ?? [])
        purposes = Set(try collected.optional("purposes")?.strings() ?? [])
    }

    func key(_ name: String) -> Key? {
        keys.first { $0.name == name }
    }

    /// The keys of a mapping, each with its type; an array of dictionaries lists its keys.
    private static func keys(_ field: YAMLField) throws(YAMLLoadError) -> [Key] {
        try field.pairs().map { name, value throws(YAMLLoadError) in
            let value = try value.allowing(keys: ["type", "empty", "keys"])
            return Key(
                name: name, type: try value("type").choice(ValueType.self), whenEmpty: try value.optional("empty")?.choice(WhenEmpty.self) ?? .valid,
                keys: try value.optional("keys").map { keys throws(YAMLLoadError) in try Self.keys(keys) } ?? [])
        }
    }
}
