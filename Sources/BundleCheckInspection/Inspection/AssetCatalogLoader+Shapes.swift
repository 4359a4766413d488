import BundleCheckFormats
import BundleCheckModel

/// The platform shapes of what the loader looks for beyond a flat icon set: which images'
/// pixels to keep while the catalog streams by, tvOS's layered App Store icon, an App Store
/// icon compiled into the wrong facet, and the top-shelf images.
extension AssetCatalogLoader {
    struct PixelSize: Hashable {
        let width: Int
        let height: Int
    }

    /// The header sizes whose pixels the streamed read keeps, to be decoded later without a
    /// pass of their own: the App Store icon's when its alpha is judged, the top-shelf images'
    /// at each scale when theirs is (one of another size is fetched when decoded).
    static func decodedSizes(
        for bundle: InspectedBundle, names: AssetCatalogNames, requirement: AppStoreIcons.Requirement?, wants: AssetCatalogWants
    ) -> Set<PixelSize> {
        var sizes: Set<PixelSize> = []
        if wants.decodesAppStoreIcon, let requirement { sizes.insert(PixelSize(width: requirement.pixelWidth, height: requirement.pixelHeight)) }
        if wants.decodesTopShelfImages {
            for entry in names.topShelfImages {
                for pixels in TopShelfImages.shipped.image(key: entry.key).map({ Array($0.sizes.values) }) ?? [] {
                    sizes.insert(PixelSize(width: pixels[0], height: pixels[1]))
                }
            }
        }
        return sizes
    }

    /// The App Store icon as a stack: a tvOS layer stack (its pixels, the layers', not judged)
    /// or an Icon Composer icon stack (drawn at run time, nothing to judge).
    static func stackAppStoreIcon(_ stack: CARRendition, of set: CARIconSet, appearance: String, iconStack: Bool) -> AssetCatalogSummary.AppStoreIcon {
        AssetCatalogSummary.AppStoreIcon(
            iconSet: set.name, idiom: stack.key.idiom.description, appearance: appearance, iconStack: iconStack, pixelWidth: Int(stack.pixelSize.width),
            pixelHeight: Int(stack.pixelSize.height), layered: !iconStack, opaque: nil, firstTransparentPixel: nil, transparentPixels: 0, pixelProblem: nil,
            pixelsMalformed: false, preview: nil
        )
    }

    /// Another set of the catalog holding an image or layer stack of the App Store icon's size,
    /// of any idiom: where the App Store icon went when it was compiled apart from the set the
    /// app names (tvOS's `App Icon - App Store`, Meshtastic-Apple#2274), which App Store
    /// Connect does not read.
    /// Only for a layered icon: an iOS or watch catalog's other 1024-pixel images are alternate
    /// icons' App Store images, not a misplaced one.
    static func appStoreIconElsewhere(in sets: [AssetCatalogSummary.IconSet], except named: String?, for requirement: AppStoreIcons.Requirement) -> String? {
        guard requirement.layered else { return nil }
        return sets.first { set in
            guard set.name != named else { return false }
            let images = set.images.contains { $0.pixelWidth == requirement.pixelWidth && $0.pixelHeight == requirement.pixelHeight }
            let stacks = set.layeredImages.contains { $0.pixelWidth == requirement.pixelWidth && $0.pixelHeight == requirement.pixelHeight }
            return images || stacks
        }?.name
    }

    /// The largest square image of a set, up to 1024 pixels a side, drawn small: the picture of
    /// an icon whose platform has no App Store icon of its own (the Mac's 512pt@2x, visionOS's
    /// flattened layered icon). Nil when there is none or its pixels do not decode.
    static func previewIcon(
        of set: CARIconSet, in catalog: AssetCatalog, store: BOMStreamedStore, appearances: IconAppearances
    ) -> AssetCatalogSummary.IconPreview? {
        let squares = set.images.filter { $0.pixelWidth == $0.pixelHeight && $0.pixelWidth > 0 && $0.pixelWidth <= 1024 }
        let anyAppearance = appearances.anyAppearance(of: squares) { appearances.word(for: $0.rendition, in: catalog) }
        guard let largest = (anyAppearance.isEmpty ? squares : anyAppearance).max(by: { $0.pixelWidth < $1.pixelWidth }),
            let png = decode(largest.rendition, in: catalog, store: store).bitmap.flatMap(previewPNG)
        else { return nil }
        return AssetCatalogSummary.IconPreview(iconSet: set.name, pixelWidth: Int(largest.pixelWidth), pixelHeight: Int(largest.pixelHeight), png: png)
    }

    /// Appearances besides any whose pictures are drawn at most: Xcode's wells are dark and
    /// tinted; a hostile catalog may name hundreds.
    static let maximumAppearancePreviews = 4

    /// The set's largest square image (up to 1024 pixels a side) in each appearance but any,
    /// drawn small for the HTML report beside the any one: an icon's dark and tinted variants.
    static func appearancePreviews(
        of set: CARIconSet, in catalog: AssetCatalog, store: BOMStreamedStore, appearances: IconAppearances
    ) -> [AssetCatalogSummary.IconPreview] {
        let squares = set.images.filter { $0.pixelWidth == $0.pixelHeight && $0.pixelWidth > 0 && $0.pixelWidth <= 1024 }
        let standingForAny = Set(appearances.anyAppearance(of: squares) { appearances.word(for: $0.rendition, in: catalog) }.map(\.rendition.block))
        var byAppearance: [(word: String, image: CARIconSet.Image)] = []
        for image in squares where !standingForAny.contains(image.rendition.block) {
            let word = appearances.word(for: image.rendition, in: catalog)
            if let index = byAppearance.firstIndex(where: { $0.word == word }) {
                if image.pixelWidth > byAppearance[index].image.pixelWidth { byAppearance[index].image = image }
            } else if byAppearance.count < maximumAppearancePreviews {
                byAppearance.append((word, image))
            }
        }
        return byAppearance.compactMap { word, image in
            guard let png = decode(image.rendition, in: catalog, store: store).bitmap.flatMap(previewPNG) else { return nil }
            return AssetCatalogSummary.IconPreview(
                iconSet: set.name, appearance: word, pixelWidth: Int(image.pixelWidth), pixelHeight: Int(image.pixelHeight), png: png)
        }
    }

    /// The images of a top-shelf facet listed and decoded: Apple's are one per scale; more
    /// (appearances, or a hostile catalog's thousands naming one block) are not looked at.
    static let maximumTopShelfRenditions = 8

    /// A top-shelf image the Info.plist names: its facet's first images (the bitmaps and the
    /// links into atlases), each JPEG opaque by its format and, when `decoding`, each other
    /// image's pixels decoded one at a time (a wide one at 2x is 26.7 MiB decoded).
    static func topShelfImage(
        _ entry: (key: String, name: String), in catalog: AssetCatalog, store: BOMStreamedStore, decoding: Bool
    ) -> AssetCatalogSummary.TopShelfImage {
        let facet = catalog.facet(named: entry.name)
        let members = facet.map { catalog.renditions(of: $0) } ?? []
        var images: [AssetCatalogSummary.IconImage] = []
        var pixels: [AssetCatalogSummary.DecodedPixels?] = []
        let listed = members.filter { $0.header.layout.isImage || $0.header.layout == .internalLink }.prefix(maximumTopShelfRenditions)
        for rendition in listed {
            if rendition.hasNoAlphaChannel {
                images.append(image(rendition, in: catalog, opaque: true))
                pixels.append(nil)
            } else if decoding {
                let decoded = decode(rendition, in: catalog, store: store).pixels
                images.append(image(rendition, in: catalog, opaque: decoded.opaque))
                pixels.append(decoded)
            } else {
                images.append(image(rendition, in: catalog, opaque: nil))
                pixels.append(nil)
            }
        }
        return AssetCatalogSummary.TopShelfImage(key: entry.key, name: entry.name, held: facet != nil, images: images, pixels: pixels)
    }
}
