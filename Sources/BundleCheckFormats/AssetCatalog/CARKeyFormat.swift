/// An `Assets.car`'s `KEYFORMAT` variable: which attributes a rendition key holds, in order.
///
/// The tag `kfmt`, a version (0 in every corpus catalog), the number of attributes, then each
/// attribute's id as 32 bits. Each catalog picks its own: the macOS one of Xcode 12.5 lists 5
/// (element, part, identifier, dimension2, scale), the iOS one of Xcode 14.3 8, one of 2015 13.
package struct CARKeyFormat: Sendable, Hashable {
    package let version: UInt32
    package let attributes: [CARAttribute]

    package init(version: UInt32 = 0, attributes: [CARAttribute]) {
        self.version = version
        self.attributes = attributes
    }

    /// Bytes a rendition key of this format holds: 16 bits an attribute.
    package var keyLength: Int { attributes.count * 2 }

    package static func read(_ block: BOMBlock, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARKeyFormat {
        let bytes = CARBytes(block, part: "key format (KEYFORMAT)")
        try bytes.requireTag("kfmt")
        let version = try bytes.uint32(at: 4)
        let count = try bytes.uint32(at: 8)
        guard UInt64(count) <= UInt64(limits.maxKeyAttributes) else { throw .tooManyKeyAttributes(count: count, limit: limits.maxKeyAttributes) }
        try bytes.require(12, Int(count) * 4)
        var attributes: [CARAttribute] = []
        for index in 0..<Int(count) {
            let id = try bytes.uint32(at: 12 + index * 4)
            guard let narrow = UInt16(exactly: id) else { throw .attributeIDTooLarge(index: index, id: id) }
            attributes.append(CARAttribute(rawValue: narrow))
        }
        return CARKeyFormat(version: version, attributes: attributes)
    }
}
