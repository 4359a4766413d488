/// An attribute and its value, as a facet (`FACETKEYS`) and the keys inside links and layer
/// references list them: 16 bits each, little-endian.
package struct CARAttributePair: Sendable, Hashable, CustomStringConvertible {
    package let attribute: CARAttribute
    package let value: UInt16

    package init(_ attribute: CARAttribute, _ value: UInt16) {
        self.attribute = attribute
        self.value = value
    }

    package var description: String { "\(attribute)=\(value)" }

    /// `count` pairs from `offset`, the count checked against the cap first.
    static func read(_ bytes: CARBytes, at offset: Int, count: Int, limits: AssetCatalogLimits) throws(AssetCatalogError) -> [CARAttributePair] {
        guard count <= limits.maxAttributePairs else {
            throw .tooManyAttributePairs(part: bytes.part, block: bytes.block, count: count, limit: limits.maxAttributePairs)
        }
        try bytes.require(offset, count * 4)
        var pairs: [CARAttributePair] = []
        for index in 0..<count {
            let at = offset + index * 4
            pairs.append(CARAttributePair(CARAttribute(rawValue: try bytes.uint16(at: at)), try bytes.uint16(at: at + 2)))
        }
        return pairs
    }
}
