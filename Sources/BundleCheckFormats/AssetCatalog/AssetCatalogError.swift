/// Why the bytes of an `Assets.car` (past its BOM store, whose faults are `bom`) are not a
/// catalog that can be read, or a rendition's pixels not a bitmap that can be decoded;
/// `description` is a lowercase phrase naming the part at fault, its block and offset.
package enum AssetCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The BOM store under the catalog failed (a block past the file, a tree that loops, a
    /// block the source has not fetched, …).
    case bom(BOMError)
    /// A structure that does not start with its four-character tag (`CTAR`, `kfmt`, `CTSI`, …).
    case wrongTag(part: String, block: UInt32, expected: String, found: [UInt8])
    /// A fixed-size field runs past the end of what holds it.
    case truncated(part: String, block: UInt32, needed: Int, available: Int)
    /// A version of a structure other than those seen in Apple's catalogs.
    case unsupportedVersion(part: String, block: UInt32, version: UInt32)
    /// A key format of more attributes than `AssetCatalogLimits.maxKeyAttributes`.
    case tooManyKeyAttributes(count: UInt32, limit: Int)
    /// A key format attribute id past 16 bits (keys and facets hold ids in 16).
    case attributeIDTooLarge(index: Int, id: UInt32)
    /// A rendition key shorter than the key format's attributes need (2 bytes each).
    case keyTooShort(block: UInt32, length: Int, needed: Int)
    /// More entries in `RENDITIONS` or `FACETKEYS` (`tree`) than the caps allow.
    case tooManyEntries(tree: String, limit: Int)
    /// A list of attribute pairs (a facet's, a link's key) of more than `maxAttributePairs`.
    case tooManyAttributePairs(part: String, block: UInt32, count: Int, limit: Int)
    /// A facet name that is not UTF-8.
    case malformedFacetName(block: UInt32)
    /// An entry of `APPEARANCEKEYS` whose name is not UTF-8 or whose value is not a 16-bit id.
    case malformedAppearance(block: UInt32)
    /// Rendition properties longer than `AssetCatalogLimits.maxPropertyBytes`; or, `length` then
    /// their sum so far and `block` the rendition that took it past, the properties of all the
    /// renditions listed longer than `maxListedPropertyBytes`.
    case propertiesTooLong(block: UInt32, length: UInt32, limit: Int)
    /// A property (TLV) whose declared length runs past the properties' end.
    case propertyPastEnd(block: UInt32, offset: Int, type: UInt32, length: UInt32, available: Int)
    /// A property whose value has not the shape its type needs (`detail` says which).
    case malformedProperty(block: UInt32, offset: Int, type: UInt32, detail: String)
    /// A rendition header whose payload length disagrees with its block's length.
    case payloadLengthMismatch(block: UInt32, declared: UInt32, available: Int)
    /// A bitmap wider or higher than `AssetCatalogLimits.maxBitmapDimension`, or of no pixels.
    case dimensionsOutOfRange(block: UInt32, width: UInt32, height: UInt32, limit: Int)
    /// A bitmap whose bytes (row bytes × height) are past `AssetCatalogLimits.maxBitmapBytes`.
    case bitmapTooLarge(block: UInt32, bytes: UInt64, limit: Int)
    /// Row bytes (property 1007) shorter than a row of pixels.
    case rowBytesTooSmall(block: UInt32, rowBytes: UInt32, needed: Int)
    /// A pixel format the decoder does not know the pixel size of, or a rendition of no pixels.
    case unsupportedPixelFormat(block: UInt32, format: CARPixelFormat)
    /// A compression the decoder does not decode (blurred, ASTC, palette, deepmap, …).
    case unsupportedCompression(block: UInt32, compression: CARCompression)
    /// A pixel payload of more `KCBC` chunks than `AssetCatalogLimits.maxChunks`.
    case tooManyChunks(block: UInt32, count: UInt32, limit: Int)
    /// Chunks whose rows do not add up to the bitmap's height.
    case chunkRowsMismatch(block: UInt32, rows: UInt64, height: UInt32)
    /// A chunk (0 for an unchunked payload) that decodes to other than its rows × row bytes.
    case decodedSizeMismatch(block: UInt32, chunk: Int, decoded: Int, expected: Int)
    /// A chunk the decompressor refused (`detail` is its error).
    case decompressionFailed(block: UInt32, chunk: Int, compression: CARCompression, detail: String)
    /// Run-length data of a shape the decoder cannot follow (`detail` says which, and where).
    case malformedRunLength(block: UInt32, detail: String)
    /// A rendition of this layout has no bitmap of its own to decode.
    case notABitmap(block: UInt32, layout: CARRenditionLayout)
    /// An internal link whose key names no rendition of the catalog.
    case linkTargetMissing(block: UInt32, key: String)
    /// An internal link to a rendition that is itself a link.
    case linkToLink(block: UInt32, target: UInt32)
    /// An internal link whose frame does not lie inside the bitmap it points into.
    case linkFrameOutside(block: UInt32, frame: CARFrame, width: Int, height: Int)
    /// A multisize image set or layer stack of more entries than `maxSetEntries`.
    case tooManySetEntries(block: UInt32, count: UInt32, limit: Int)
    /// A named gradient (`ARGG`) whose stops cannot be read; `detail` says where.
    case malformedGradient(block: UInt32, detail: String)
    /// An Icon Composer vector layer whose SVG decodes to more than `maxVectorBytes`.
    case vectorTooLarge(block: UInt32, bytes: Int, limit: Int)
    /// The stream the catalog is read from failed (a damaged deflate stream, an I/O error).
    case unreadable(String)

    package var description: String {
        switch self {
        case .bom(let error):
            error.description
        case .wrongTag(let part, let block, let expected, let found):
            "a malformed asset catalog (the \(part) in block \(block) starts with \(Self.quoted(found)), not \"\(expected)\")"
        case .truncated(let part, let block, let needed, let available):
            "a truncated asset catalog (the \(part) in block \(block) needs \(needed) bytes, \(available) are there)"
        case .unsupportedVersion(let part, let block, let version):
            "an asset catalog whose \(part) in block \(block) is of version \(version), which bundlecheck does not know"
        case .tooManyKeyAttributes(let count, let limit):
            "an asset catalog whose key format lists \(count) attributes, more than \(limit)"
        case .attributeIDTooLarge(let index, let id):
            "a malformed asset catalog (attribute \(index) of the key format has the id \(id), wider than 16 bits)"
        case .keyTooShort(let block, let length, let needed):
            "a malformed asset catalog (the rendition key in block \(block) is \(length) bytes, its key format needs \(needed))"
        case .tooManyEntries(let tree, let limit):
            "an asset catalog of more than \(limit) entries in \(tree)"
        case .tooManyAttributePairs(let part, let block, let count, let limit):
            "an asset catalog whose \(part) in block \(block) has \(count) attributes, more than \(limit)"
        case .malformedFacetName(let block):
            "a malformed asset catalog (the facet name in block \(block) is not UTF-8)"
        case .malformedAppearance(let block):
            "a malformed asset catalog (the appearance in block \(block) is no UTF-8 name with a 16-bit id)"
        case .propertiesTooLong(let block, let length, let limit):
            "an asset catalog whose rendition in block \(block) declares \(length) bytes of properties, more than \(limit)"
        case .propertyPastEnd(let block, let offset, let type, let length, let available):
            "a malformed asset catalog (the property of type \(type) at offset \(offset) of block \(block) is \(length) bytes long, past the \(available) its rendition's properties hold)"
        case .malformedProperty(let block, let offset, let type, let detail):
            "a malformed asset catalog (the property of type \(type) at offset \(offset) of block \(block): \(detail))"
        case .payloadLengthMismatch(let block, let declared, let available):
            "a malformed asset catalog (the rendition in block \(block) declares a payload of \(declared) bytes, its block holds \(available))"
        case .dimensionsOutOfRange(let block, let width, let height, let limit):
            "an asset catalog whose bitmap in block \(block) is \(width)×\(height) pixels, outside 1...\(limit) each way"
        case .bitmapTooLarge(let block, let bytes, let limit):
            "an asset catalog whose bitmap in block \(block) takes \(bytes) bytes, more than \(limit)"
        case .rowBytesTooSmall(let block, let rowBytes, let needed):
            "a malformed asset catalog (the bitmap in block \(block) has rows of \(rowBytes) bytes, its pixels need \(needed))"
        case .unsupportedPixelFormat(let block, let format):
            "an asset catalog whose rendition in block \(block) has the pixel format \(format), which bundlecheck does not decode"
        case .unsupportedCompression(let block, let compression):
            "an asset catalog whose bitmap in block \(block) is compressed as \(compression), which bundlecheck does not decode"
        case .tooManyChunks(let block, let count, let limit):
            "an asset catalog whose bitmap in block \(block) is in \(count) chunks, more than \(limit)"
        case .chunkRowsMismatch(let block, let rows, let height):
            "a malformed asset catalog (the chunks of the bitmap in block \(block) hold \(rows) rows, its height is \(height))"
        case .decodedSizeMismatch(let block, let chunk, let decoded, let expected):
            "a malformed asset catalog (chunk \(chunk) of the bitmap in block \(block) decodes to \(decoded) bytes, not \(expected))"
        case .decompressionFailed(let block, let chunk, let compression, let detail):
            "a malformed asset catalog (chunk \(chunk) of the bitmap in block \(block) is not valid \(compression): \(detail))"
        case .malformedRunLength(let block, let detail):
            "a malformed asset catalog (the run-length bitmap in block \(block): \(detail))"
        case .notABitmap(let block, let layout):
            "the rendition in block \(block) is a \(layout), which has no bitmap of its own"
        case .linkTargetMissing(let block, let key):
            "a malformed asset catalog (the rendition in block \(block) links to \(key), which is no rendition)"
        case .linkToLink(let block, let target):
            "a malformed asset catalog (the rendition in block \(block) links to the rendition in block \(target), itself a link)"
        case .linkFrameOutside(let block, let frame, let width, let height):
            "a malformed asset catalog (the rendition in block \(block) links to \(frame), outside the \(width)×\(height) bitmap it points into)"
        case .tooManySetEntries(let block, let count, let limit):
            "an asset catalog whose rendition in block \(block) lists \(count) entries, more than \(limit)"
        case .malformedGradient(let block, let detail):
            "a malformed asset catalog (the named gradient in block \(block) has \(detail))"
        case .vectorTooLarge(let block, let bytes, let limit):
            "an asset catalog whose vector layer in block \(block) decodes to \(bytes) bytes, more than \(limit)"
        case .unreadable(let detail):
            "an asset catalog whose bytes could not be read: \(detail)"
        }
    }

    /// A tag's bytes as text when they are printable, else in hex.
    static func quoted(_ bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) { return "\"" + String(decoding: bytes, as: UTF8.self) + "\"" }
        return "0x" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
