/// What the tree and path readers need of a BOM store: a block by id, bounds-checked, and the
/// caps to read with. `BOMStore` holds the whole file in memory; a reader that fetches byte
/// ranges (an `Assets.car` of hundreds of MiB inside a zip) can conform instead, so the trees
/// read the same either way.
package protocol BOMBlockSource {
    var limits: BOMLimits { get }
    /// Block `id`; `part` names what points at it, for the error when that is the null block.
    func block(_ id: UInt32, part: String) throws(BOMError) -> BOMBlock
}
