import BundleCheckFormats
import BundleCheckModel

/// The IPA layout facts of `Rules/data/ipa-layout.yml`: what may sit beside `Payload/`.
struct IPALayout {
    let allowed: Set<String>
    let code: String
    let unreadableLines: [Int]

    static let table = "ipa-layout"
    static let shipped = IPALayout(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var fields = DataTableFields(entries)
        allowed = Set(fields.strings("allowed"))
        code = fields.string("code")
        unreadableLines = fields.unreadableLines
    }
}
