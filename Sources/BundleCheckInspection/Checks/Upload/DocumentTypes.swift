import BundleCheckFormats
import BundleCheckModel

/// The document-type facts of `Rules/data/document-types.yml`: the keys App Store Connect reads
/// in `CFBundleDocumentTypes` and beside it, and its codes.
struct DocumentTypes {
    let documentTypesKey: String
    let nameKey: String
    let roleKey: String
    let rankKey: String
    let ranks: [String]
    let rankCode: String
    let openingKeys: [String]
    let openingCode: String
    let contentTypesKey: String
    let declarationKeys: [String]
    /// Lowercased: types that cover every file, and types handed over as text or a link.
    let umbrellaTypes: Set<String>
    let notDocuments: Set<String>

    static let table = "document-types"
    static let shipped = DataTables.read(table, DocumentTypes.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        documentTypesKey = try entries("document-types-key").string()
        nameKey = try entries("name-key").string()
        roleKey = try entries("role-key").string()
        rankKey = try entries("rank-key").string()
        ranks = try entries("ranks").strings()
        rankCode = try entries("rank-code").string()
        openingKeys = try entries("opening-keys").strings()
        openingCode = try entries("opening-code").string()
        contentTypesKey = try entries("content-types-key").string()
        declarationKeys = try entries("declaration-keys").strings()
        umbrellaTypes = Set(try entries("umbrella-types").strings().map { $0.lowercased() })
        notDocuments = Set(try entries("not-documents").strings().map { $0.lowercased() })
    }

    /// `bundle`'s document types in order, each entry that is a dictionary; nil when it has no
    /// readable Info.plist, empty when the key is absent or not an array.
    func documentTypes(of bundle: InspectedBundle) -> [BundleDocumentType]? {
        guard let plist = bundle.infoPlist else { return nil }
        let entries = plist.value(at: JSONPointer(documentTypesKey))?.arrayValue ?? []
        return entries.compactMap(\.dictionaryValue).map { entry in
            BundleDocumentType(
                name: entry[nameKey]?.stringValue, role: entry[roleKey]?.stringValue, rank: entry[rankKey]?.stringValue,
                contentTypes: (entry[contentTypesKey]?.arrayValue ?? []).compactMap(\.stringValue)
            )
        }
    }

    /// The content types `bundle`'s document types name, lowercased.
    func documentContentTypes(of bundle: InspectedBundle) -> Set<String> {
        Set((documentTypes(of: bundle) ?? []).flatMap(\.contentTypes).map { $0.lowercased() })
    }

    /// The type identifiers `bundle` declares itself (exported or imported), lowercased.
    func declaredTypes(of bundle: InspectedBundle) -> Set<String> {
        var declared: Set<String> = []
        for key in declarationKeys {
            for entry in bundle.infoPlist?.value(at: JSONPointer(key))?.arrayValue ?? [] {
                if let identifier = entry.dictionaryValue?["UTTypeIdentifier"]?.stringValue { declared.insert(identifier.lowercased()) }
            }
        }
        return declared
    }
}
