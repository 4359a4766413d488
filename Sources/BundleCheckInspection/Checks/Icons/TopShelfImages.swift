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
    let unreadableLines: [Int]

    static let table = "tv-top-shelf-images"
    static let shipped = TopShelfImages(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var images: [Image] = []
        for item in entries["images"]?.sequence ?? [] {
            var sizes: [Int: [Int]] = [:]
            for size in item["sizes"]?.sequence ?? [] {
                let pixels = (size["pixels"]?.sequence ?? []).compactMap { $0.scalar.flatMap(Int.init) }
                guard let scale = size["scale"]?.scalar.flatMap(Int.init), pixels.count == 2 else {
                    unreadable.append(size.line)
                    continue
                }
                sizes[scale] = pixels
            }
            guard let key = item["key"]?.scalar, !sizes.isEmpty else {
                unreadable.append(item.line)
                continue
            }
            images.append(Image(key: key, sizes: sizes))
        }
        let dictionary = entries["dictionary"]?.scalar, alpha = entries["alpha-code"]?.scalar
        if images.isEmpty || dictionary == nil || alpha == nil { unreadable.append(entries.line) }
        self.dictionary = dictionary ?? ""
        alphaCode = alpha ?? ""
        self.images = images
        unreadableLines = unreadable
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
