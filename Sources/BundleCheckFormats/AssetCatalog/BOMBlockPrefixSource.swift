/// A block source that can say how long a block is and hand out its first bytes without the
/// rest: what lets the CAR reader list a catalog's renditions (each block a CSI header and its
/// properties, then the pixels) fetching a few hundred bytes of each rather than its pixels.
///
/// A source that does not conform is read whole (`BOMStore` holds the file in memory anyway);
/// one that fetches byte ranges of a zip entry conforms, and the pixels are fetched only when
/// `AssetCatalog.payload(of:in:)` asks for them.
package protocol BOMBlockPrefixSource: BOMBlockSource {
    /// The length of block `id` (from the block table, nothing fetched).
    func blockLength(_ id: UInt32, part: String) throws(BOMError) -> Int
    /// The first `count` bytes of block `id`, or all of it when it is shorter.
    func blockPrefix(_ id: UInt32, count: Int, part: String) throws(BOMError) -> BOMBlock
}

extension BOMBlockSource {
    /// Block `id`'s length and its first `count` bytes, through `BOMBlockPrefixSource` when the
    /// source is one, else from the whole block.
    func lengthAndPrefix(_ id: UInt32, count: Int, part: String) throws(BOMError) -> (length: Int, prefix: BOMBlock) {
        if let ranged = self as? any BOMBlockPrefixSource {
            return (try ranged.blockLength(id, part: part), try ranged.blockPrefix(id, count: count, part: part))
        }
        let whole = try block(id, part: part)
        return (whole.count, BOMBlock(id: id, bytes: whole.bytes.prefix(count)))
    }
}
