import BundleCheckFormats
import BundleCheckModel

/// The layered-icon facts of `Rules/data/layered-icons.yml`: per platform, the scale and size
/// the icon's background layer must have an image at, and Apple's code.
struct LayeredIcons {
    struct Requirement: Equatable {
        let backLayerScale: Int
        let backLayerPixels: [Int]
        /// `ITMS-90967`.
        let code: String
    }

    let platforms: [String: Requirement]

    static let table = "layered-icons"
    static let shipped = DataTables.read(table, LayeredIcons.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        var platforms: [String: Requirement] = [:]
        for (key, row) in try table.root("platforms").keyedPairs() {
            let id = try key.platformID()
            platforms[id] = Requirement(
                backLayerScale: try row("back-layer-scale").positiveInteger(), backLayerPixels: try row("back-layer-pixels").pixels(),
                code: try row("code").string())
        }
        self.platforms = platforms
    }

    func requirement(for bundle: InspectedBundle) -> Requirement? {
        platforms[bundle.platform.platform.id]
    }
}
