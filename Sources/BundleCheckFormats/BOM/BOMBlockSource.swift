/// What the tree and path readers need of a BOM store: a block by id, bounds-checked, and the
/// caps to read with. `BOMStore` holds the whole file in memory; `BOMStreamedStore` holds only
/// the blocks fetched from a forward stream (an `Assets.car` of hundreds of MiB inside a zip),
/// so the trees read the same either way.
package protocol BOMBlockSource {
    var limits: BOMLimits { get }
    /// Block `id`; `part` names what points at it, for the error when that is the null block.
    func block(_ id: UInt32, part: String) throws(BOMError) -> BOMBlock
    /// The first `count` bytes of block `id` (all of it when shorter): what a reader of a
    /// block's header needs, without the payload behind it.
    func blockPrefix(_ id: UInt32, count: Int, part: String) throws(BOMError) -> BOMBlock
    /// The length of block `id`, from the block table: what a reader checks a block's declared
    /// sizes against before it asks for more than its prefix.
    func blockLength(_ id: UInt32, part: String) throws(BOMError) -> Int
}

extension BOMBlockSource {
    package func blockPrefix(_ id: UInt32, count: Int, part: String) throws(BOMError) -> BOMBlock {
        let whole = try block(id, part: part)
        return BOMBlock(id: id, bytes: whole.bytes.prefix(max(0, count)), part: whole.part)
    }

    package func blockLength(_ id: UInt32, part: String) throws(BOMError) -> Int {
        try block(id, part: part).count
    }
}
