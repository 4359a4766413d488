/// A named asset of the catalog (an entry of `FACETKEYS`): its name as the asset catalog gives
/// it (`AppIcon`, `App Icon/Front/Content`) and the attributes its renditions share, among them
/// the `identifier` every rendition of the asset carries in its key.
///
/// The tree's key is the name (UTF-8, unterminated); its value a hot spot (two 16-bit values,
/// 0 in the corpus), the number of attributes (16 bits) and that many attribute pairs.
package struct CARFacet: Sendable, Hashable {
    package let name: String
    package let attributes: [CARAttributePair]

    package init(name: String, attributes: [CARAttributePair]) {
        self.name = name
        self.attributes = attributes
    }

    /// The identifier renditions of this facet carry; nil when the facet lists none.
    package var identifier: UInt16? { attributes.first { $0.attribute == .identifier }?.value }

    package subscript(attribute: CARAttribute) -> UInt16? { attributes.first { $0.attribute == attribute }?.value }

    static func read(name: BOMBlock, value: BOMBlock, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARFacet {
        guard let text = String(validating: name.bytes, as: UTF8.self) else { throw .malformedFacetName(block: name.id) }
        let bytes = CARBytes(value, part: "facet \"\(text)\"")
        let count = Int(try bytes.uint16(at: 4))
        return CARFacet(name: text, attributes: try CARAttributePair.read(bytes, at: 6, count: count, limits: limits))
    }
}
