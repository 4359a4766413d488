import BundleCheckFormats
import BundleCheckModel

/// The category UTIs of `Rules/data/mac-app-categories.yml` that `LSApplicationCategoryType`
/// may name for the Mac App Store.
struct MacAppCategories {
    let categories: [String]

    static let table = "mac-app-categories"
    static let shipped = DataTables.read(table, MacAppCategories.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        categories = try table.root("categories").strings()
    }
}
