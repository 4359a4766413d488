import BundleCheckFormats
import BundleCheckModel

/// The IPA layout facts of `Rules/data/ipa-layout.yml`: what may sit beside `Payload/`.
struct IPALayout {
    let allowed: Set<String>
    let code: String
    let unreadableLines: [Int]

    static let shipped = IPALayout(entries: DataTables.named("ipa-layout").entries)

    init(entries: YAMLNode) {
        let allowed = entries["allowed"]?.sequence?.compactMap(\.scalar) ?? []
        let code = entries["code"]?.scalar ?? ""
        self.allowed = Set(allowed)
        self.code = code
        unreadableLines = allowed.isEmpty || code.isEmpty ? [entries.line] : []
    }
}
