/// A rendition's key: a 16-bit value for each attribute of the catalog's key format, in the
/// format's order, little-endian. An attribute the format does not list counts as 0, as it does
/// for CoreUI (a catalog without `idiom` in its key format is universal throughout).
///
/// The corpus's keys are exactly two bytes an attribute; bytes past those are not read.
package struct CARRenditionKey: Sendable, Hashable, CustomStringConvertible {
    package let format: [CARAttribute]
    package let values: [UInt16]

    package init(format: [CARAttribute], values: [UInt16]) {
        precondition(format.count == values.count, "a rendition key has one value per attribute of its format")
        self.format = format
        self.values = values
    }

    package subscript(attribute: CARAttribute) -> UInt16 {
        format.firstIndex(of: attribute).map { values[$0] } ?? 0
    }

    package var identifier: UInt16 { self[.identifier] }
    package var idiom: CARIdiom { CARIdiom(rawValue: self[.idiom]) }
    /// 1, 2, 3 for @1x…@3x; 0 for a vector original.
    package var scale: UInt16 { self[.scale] }

    /// Whether every attribute of `pairs` has its value here, and every other attribute of this
    /// key is 0: how an internal link's key names the rendition it points at.
    package func matches(_ pairs: [CARAttributePair]) -> Bool {
        let named = Dictionary(pairs.map { ($0.attribute, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard named.keys.allSatisfy({ format.contains($0) || named[$0] == 0 }) else { return false }
        return zip(format, values).allSatisfy { (named[$0] ?? 0) == $1 }
    }

    package var description: String {
        zip(format, values).map { "\($0)=\($1)" }.joined(separator: " ")
    }

    static func read(_ block: BOMBlock, format: CARKeyFormat) throws(AssetCatalogError) -> CARRenditionKey {
        guard block.count >= format.keyLength else { throw .keyTooShort(block: block.id, length: block.count, needed: format.keyLength) }
        let bytes = CARBytes(block, part: "rendition key")
        var values: [UInt16] = []
        values.reserveCapacity(format.attributes.count)
        for index in format.attributes.indices { values.append(try bytes.uint16(at: index * 2)) }
        return CARRenditionKey(format: format.attributes, values: values)
    }
}
