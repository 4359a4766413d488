/// An app icon as a catalog holds it: the renditions of one facet (`AppIcon`), by idiom, each
/// image with its size in points from the multisize image set of its idiom.
///
/// In the corpus's iOS catalog (Xcode 14.3) an icon set is, per idiom (phone, pad, marketing,
/// and phone of subtype 1792), a multisize image set (part 218) listing its sizes and one image
/// rendition (part 220) per size and scale, its `dimension2` the size's index in that set; most
/// are internal links into atlases, the 1024-pixel marketing one and a few others bitmaps of
/// their own. The macOS catalog (Xcode 12.5) is the same without idioms. A tvOS layered icon
/// is a layer stack instead, its layers other facets (`App Icon/Front/Content`). An Icon
/// Composer icon (Xcode 26) is an icon stack per appearance (layout 1019, part 245) beside the
/// flattened fallback images, which are the set's images.
///
/// actool 14 and later compile a single-size set to one 1024-pixel image per device idiom with
/// its own multisize image set (the sentry-cli corpus IPA: idiom phone, no marketing image), and
/// its dark and tinted variants to the same keys in another appearance.
package struct CARIconSet: Sendable {
    package let name: String
    package let images: [Image]
    package let layerStacks: [CARRendition]
    /// Icon Composer icon stacks (layout 1019), one per appearance.
    package let iconStacks: [CARRendition]

    package struct Image: Sendable {
        package let rendition: CARRendition
        /// The size in points the set's multisize image set gives this image's index; nil when
        /// no set of its idiom and subtype lists the index.
        package let pointSize: (width: UInt32, height: UInt32)?

        package var idiom: CARIdiom { rendition.key.idiom }
        package var scale: UInt32 { rendition.header.scaleFactor / 100 }
        package var pixelWidth: UInt32 { rendition.pixelSize.width }
        package var pixelHeight: UInt32 { rendition.pixelSize.height }
    }

    /// The marketing (App Store) image: the one App Store Connect requires to be opaque.
    package var marketingImage: Image? { images.first { $0.idiom == .marketing } }
}

extension AssetCatalog {
    /// The icon set named `name`, its multisize image sets' payloads read from `source` (small
    /// blocks); nil when the catalog has no such facet.
    package func iconSet(named name: String = "AppIcon", in source: some BOMBlockSource) throws(AssetCatalogError) -> CARIconSet? {
        guard let facet = facet(named: name) else { return nil }
        let members = renditions(of: facet)
        var sizes: [[UInt16]: [UInt16: (UInt32, UInt32)]] = [:]
        for rendition in members where rendition.header.layout == .multisizeImageSet {
            guard case .multisizeImageSet(let set) = try payload(of: rendition, in: source) else { continue }
            let group = [rendition.key[.idiom], rendition.key[.subtype]]
            for entry in set.entries { sizes[group, default: [:]][entry.index] = (entry.width, entry.height) }
        }
        var images: [CARIconSet.Image] = []
        var stacks: [CARRendition] = []
        var iconStacks: [CARRendition] = []
        for rendition in members {
            if rendition.header.layout == .layerStack {
                stacks.append(rendition)
            } else if rendition.header.layout == .iconStack {
                iconStacks.append(rendition)
            } else if rendition.header.layout.isImage || rendition.header.layout == .internalLink {
                let group = [rendition.key[.idiom], rendition.key[.subtype]]
                let size = sizes[group]?[rendition.key[.dimension2]]
                images.append(CARIconSet.Image(rendition: rendition, pointSize: size.map { (width: $0.0, height: $0.1) }))
            }
        }
        return CARIconSet(name: name, images: images, layerStacks: stacks, iconStacks: iconStacks)
    }
}
