import BundleCheckFormats
import BundleCheckModel

/// The tvOS top-shelf facts of `Rules/data/tv-top-shelf-images.yml`: the Info.plist dictionary
/// that names the images, each key's sizes by scale, and Apple's code for one with alpha.
struct TopShelfImages {
    struct Image: Equatable {
        /// `TVTopShelfPrimaryImage`.
        let key: String
        /// Pixels (width, height) by scale.
        let sizes: [Int: [Int]]
    }

    let dictionary: String
    let alphaCode: String
    let images: [Image]

    static let table = "tv-top-shelf-images"
    static let shipped = DataTables.read(table, TopShelfImages.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        dictionary = try entries("dictionary").string()
        alphaCode = try entries("alpha-code").string()
        var images: [Image] = []
        for item in try entries("images").items() {
            let keyField = try item("key")
            let key = try keyField.string()
            guard !images.contains(where: { $0.key == key }) else { throw keyField.error("'\(key)' is listed twice") }
            var sizes: [Int: [Int]] = [:]
            for size in try item("sizes").items() {
                let scaleField = try size("scale")
                let scale = try scaleField.positiveInteger()
                guard sizes[scale] == nil else { throw scaleField.error("scale \(scale) is listed twice") }
                sizes[scale] = try size("pixels").pixels()
            }
            images.append(Image(key: key, sizes: sizes))
        }
        self.images = images
    }

    /// The facets `bundle`'s Info.plist names as top-shelf images, by key, in the table's order.
    func named(by bundle: InspectedBundle) -> [(key: String, name: String)] {
        images.compactMap { image in
            guard let name = bundle.infoPlist?.value(at: JSONPointer(components: [dictionary, image.key]))?.stringValue, !name.isEmpty else { return nil }
            return (image.key, name)
        }
    }

    func image(key: String) -> Image? {
        images.first { $0.key == key }
    }
}
