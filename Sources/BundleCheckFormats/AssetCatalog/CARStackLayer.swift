/// One layer of a layered image (tvOS's brand asset, visionOS's icon), resolved: the facet its
/// layer reference names (`App Icon/Back/Content`) and that facet's listed renditions, one per
/// idiom and scale. A layer's reference names only element, part and identifier, so every
/// rendition of its facet belongs to it; the corpus's tvOS stack is idiom universal and its
/// layers idiom tv, so they are not filtered by the stack's idiom.
package struct CARStackLayer: Sendable {
    /// Nil when no facet has the reference's identifier.
    package let facetName: String?
    package let reference: CARLayerReference
    package let renditions: [CARRendition]

    /// The layer's role from its facet's name, `Back` in `App Icon/Back/Content`; nil when the
    /// name is not of that form.
    package var role: String? {
        guard let parts = facetName?.split(separator: "/", omittingEmptySubsequences: false), parts.count >= 3, parts.last == "Content" else { return nil }
        return String(parts[parts.count - 2])
    }
}

extension AssetCatalog {
    /// The layers of a layer stack rendition, bottom first as the stack lists them.
    package func layers(of stack: CARRendition) -> [CARStackLayer] {
        stack.layers.map { reference in
            let identifier = reference.identifier
            let facet = identifier.flatMap { id in facets.first { $0.identifier == id } }
            let members = identifier.map { id in renditions.filter { $0.key.identifier == id } } ?? []
            return CARStackLayer(facetName: facet?.name, reference: reference, renditions: members)
        }
    }
}
