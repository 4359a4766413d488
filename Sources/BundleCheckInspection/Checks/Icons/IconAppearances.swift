import BundleCheckFormats
import BundleCheckModel

/// The appearance facts of `Rules/data/icon-appearances.yml`: what the reports call each
/// appearance a catalog names (`any`, `dark`, `tinted`, `light`), and which appearances stand
/// for Xcode's Any Appearance well, the one App Store Connect judges (ITMS-91111).
struct IconAppearances {
    /// The word for an appearance the catalog does not name: appearance 0 is any.
    static let any = "any"

    /// By `APPEARANCEKEYS` name.
    let names: [String: String]
    /// Words that stand for any where an icon has nothing in `any` itself, first found first.
    let anyElse: [String]

    static let table = "icon-appearances"
    static let shipped = DataTables.read(table, IconAppearances.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        var names: [String: String] = [:]
        for (name, word) in try entries("names").pairs() {
            names[name] = try word.string()
        }
        self.names = names
        anyElse = try entries("any-else").strings()
    }

    /// What the reports call the appearance of `rendition`: the table's word for the name the
    /// catalog gives it, the name itself when the table does not know it, `any` for an unnamed
    /// appearance 0, and `appearance N` for another unnamed one.
    func word(for rendition: CARRendition, in catalog: AssetCatalog) -> String {
        let id = rendition.key[.appearance]
        guard let name = catalog.appearances[id] else { return id == 0 ? Self.any : "appearance \(id)" }
        return names[name] ?? name
    }

    /// The appearances, most preferred first, whose items count as the any appearance: `any`,
    /// then each of `anyElse` (what the Mac's icon stacks are drawn in by default).
    var anyOrder: [String] { [Self.any] + anyElse }

    /// The items of `items` in the first appearance of `anyOrder` that any of them has.
    func anyAppearance<Item>(of items: [Item], _ word: (Item) -> String) -> [Item] {
        for appearance in anyOrder {
            let matching = items.filter { word($0) == appearance }
            if !matching.isEmpty { return matching }
        }
        return []
    }
}
