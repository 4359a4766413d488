/// An Icon Composer vector layer (layout 9, pixel format `SVG `): the SVG file the `.icon`
/// holds, which actool keeps as raw data compressed with LZFSE (an LZVN `bvxn` block in the
/// corpus's catalog, 1,242 bytes for the 1,682-byte `4D.svg`). Decoded to be measured and
/// recognised, never rendered, and not kept.
package struct CARVectorImage: Sendable, Hashable {
    /// The bytes the rendition stores.
    package let storedBytes: Int
    /// The SVG's bytes once decoded.
    package let decodedBytes: Int
    /// Whether the stored bytes were LZFSE (else the SVG was stored as it is).
    package let compressed: Bool
    /// Whether the decoded bytes start as an SVG document does (`<?xml` or `<svg`, after white
    /// space and a byte order mark).
    package let isSVG: Bool

    static func read(_ raw: CARRawData, block: UInt32, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARVectorImage {
        var decoded = raw.bytes
        let compressed = LZFSEDecoder.startsLikeLZFSE(raw.bytes)
        if compressed {
            do {
                decoded = ArraySlice(try LZFSEDecoder.decode(raw.bytes, limits: LZFSELimits(maxOutput: limits.maxVectorBytes)))
            } catch {
                throw .decompressionFailed(block: block, chunk: 0, compression: .lzfse, detail: "\(error)")
            }
        }
        guard decoded.count <= limits.maxVectorBytes else {
            throw .vectorTooLarge(block: block, bytes: decoded.count, limit: limits.maxVectorBytes)
        }
        return CARVectorImage(storedBytes: raw.bytes.count, decodedBytes: decoded.count, compressed: compressed, isSVG: Self.startsAsSVG(decoded))
    }

    /// `<?xml` or `<svg` after an optional UTF-8 byte order mark and white space.
    static func startsAsSVG(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes.prefix(4096)
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<svg".utf8))
    }
}
