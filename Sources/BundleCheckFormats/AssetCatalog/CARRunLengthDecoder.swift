/// CoreUI's run-length compression (1) of a bitmap, as the corpus's Xcode 14.3 catalog writes
/// it for a 29×29 ARGB icon; no write-up describes it, this is read off that file and checked by
/// the icon it decodes to (the same pixels as its 29-point sibling in the atlas).
///
/// Little-endian: the bytes of a pixel (4), the width and the height, then for each row the
/// offset of its runs from the start (rows alike share one). A row is runs until it holds
/// `width` pixels: a 32-bit count, its top bit set for that many copies of the one pixel that
/// follows, clear for that many pixels that follow as they are.
enum CARRunLengthDecoder {
    /// Decodes `input` to `rows` rows of `rowBytes` bytes (padding 0) of `width` pixels of
    /// `bytesPerPixel` bytes; a stream of another shape throws, naming what and where.
    static func decode(
        _ input: ArraySlice<UInt8>, width: Int, rows: Int, bytesPerPixel: Int, rowBytes: Int, block: UInt32
    ) throws(AssetCatalogError) -> [UInt8] {
        let bytes = CARBytes(input, block: block, part: "run-length bitmap")
        func fail(_ detail: String) -> AssetCatalogError { .malformedRunLength(block: block, detail: detail) }
        let pixelSize = try bytes.uint32(at: 0)
        let declaredWidth = try bytes.uint32(at: 4)
        let declaredRows = try bytes.uint32(at: 8)
        guard pixelSize == bytesPerPixel else { throw fail("pixels of \(pixelSize) bytes, its format's are \(bytesPerPixel)") }
        guard declaredWidth == width, declaredRows == rows else {
            throw fail("\(declaredWidth)×\(declaredRows) pixels, its rendition's are \(width)×\(rows)")
        }
        try bytes.require(12, rows * 4)
        var output = [UInt8](repeating: 0, count: rowBytes * rows)
        let rowLength = width * bytesPerPixel
        for row in 0..<rows {
            var offset = Int(try bytes.uint32(at: 12 + row * 4))
            var filled = 0
            let start = row * rowBytes
            while filled < rowLength {
                let word = try bytes.uint32(at: offset)
                let count = Int(word & 0x7FFF_FFFF)
                guard count > 0, count <= (rowLength - filled) / bytesPerPixel else {
                    throw fail("a run of \(count) pixels at offset \(offset) in row \(row), which has \(width - filled / bytesPerPixel) left")
                }
                offset += 4
                if word & 0x8000_0000 != 0 {
                    let pixel = try bytes.slice(at: offset, count: bytesPerPixel)
                    for _ in 0..<count {
                        output.replaceSubrange((start + filled)..<(start + filled + bytesPerPixel), with: pixel)
                        filled += bytesPerPixel
                    }
                    offset += bytesPerPixel
                } else {
                    let literal = try bytes.slice(at: offset, count: count * bytesPerPixel)
                    output.replaceSubrange((start + filled)..<(start + filled + literal.count), with: literal)
                    filled += literal.count
                    offset += literal.count
                }
            }
        }
        return output
    }
}
