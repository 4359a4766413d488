/// One entry of a BOM tree's leaf, as the node stores it: two block ids, the value's first.
///
/// Most trees point both at blocks (an installer `Bom`'s `Paths`: the key block is the parent
/// id and name, the value block the path id and its information block). Some store a number in
/// place of the key block (an `Assets.car`'s `BITMAPKEYS`, whose tree header's flag is 1), so
/// the walk hands over the ids and the caller resolves what are blocks.
package struct BOMTreeEntry: Sendable, Hashable {
    package let value: UInt32
    package let key: UInt32

    package init(value: UInt32, key: UInt32) {
        self.value = value
        self.key = key
    }
}
