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
    let unreadableLines: [Int]

    static let table = "layered-icons"
    static let shipped = LayeredIcons(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var platforms: [String: Requirement] = [:]
        for pair in entries["platforms"]?.mapping ?? [] {
            let pixels = (pair.value["back-layer-pixels"]?.sequence ?? []).compactMap { $0.scalar.flatMap(Int.init) }
            guard let id = pair.key.scalar, ApplePlatforms.shipped.platform(id: id) != nil,
                let scale = pair.value["back-layer-scale"]?.scalar.flatMap(Int.init), pixels.count == 2,
                let code = pair.value["code"]?.scalar
            else {
                unreadable.append(pair.key.line)
                continue
            }
            platforms[id] = Requirement(backLayerScale: scale, backLayerPixels: pixels, code: code)
        }
        if platforms.isEmpty { unreadable.append(entries.line) }
        self.platforms = platforms
        unreadableLines = unreadable
    }

    func requirement(for bundle: InspectedBundle) -> Requirement? {
        platforms[bundle.platform.platform.id]
    }
}
