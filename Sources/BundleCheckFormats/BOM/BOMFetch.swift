/// One block a `BOMStreamedStore` pass should keep: whole, or its first `prefix` bytes, and then
/// the rest too when `keepsRest` says so on seeing them.
///
/// The decision on the prefix is what lets one pass keep a rendition's header, see that it is
/// the App Store icon, and keep its pixels as they stream by, instead of a pass of their own.
package struct BOMFetch {
    package let block: UInt32
    /// Bytes to keep from the block's start; nil keeps it whole.
    package let prefix: Int?
    /// Asked once the prefix is kept (with those bytes), when the block is longer.
    package let keepsRest: ((ArraySlice<UInt8>) -> Bool)?

    package static func whole(_ block: UInt32) -> BOMFetch {
        BOMFetch(block: block, prefix: nil, keepsRest: nil)
    }

    package static func prefix(of block: UInt32, count: Int, keepingRestWhen keepsRest: ((ArraySlice<UInt8>) -> Bool)? = nil) -> BOMFetch {
        BOMFetch(block: block, prefix: max(0, count), keepsRest: keepsRest)
    }
}
