import BundleCheckFormats
import BundleCheckModel

/// The IPA layout facts of `Rules/data/ipa-layout.yml`: what may sit beside `Payload/`.
struct IPALayout {
    let allowed: Set<String>
    let code: String

    static let table = "ipa-layout"
    static let shipped = DataTables.read(table, IPALayout.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        allowed = Set(try entries("allowed").strings())
        code = try entries("code").string()
    }
}
