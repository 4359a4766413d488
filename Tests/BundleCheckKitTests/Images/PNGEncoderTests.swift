import Testing

@testable import BundleCheckFormats

/// The PNG the HTML report shows an icon with: chunks with their CRCs, and scanlines that
/// inflate back to the pixels given.
@Suite struct PNGEncoderTests {
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8], crcMatches: Bool)] {
        func be32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var result: [(String, [UInt8], Bool)] = []
        while offset + 12 <= png.count {
            let length = be32(offset)
            let typed = Array(png[(offset + 4)..<(offset + 8 + length)])
            let crc = CRC32.checksum(typed)
            result.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4)), UInt32(be32(offset + 8 + length)) == crc))
            offset += 12 + length
        }
        return result
    }

    @Test func pixelsComeBackFromTheImageData() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        let png = try #require(PNGEncoder.encode(width: 3, height: 2, rgba: rgba))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let chunks = Self.chunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crcMatches })
        #expect(chunks[0].data == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        let inflater = try ZlibInflater(zlibWrapped: true)
        var output = [UInt8](repeating: 0, count: 64)
        let result = try chunks[1].data.withUnsafeBytes { input in try output.withUnsafeMutableBytes { try inflater.inflate(input, into: $0) } }
        #expect(result.ended)
        let scanlines: [UInt8] = [0] + Array(rgba[0..<12]) + [0] + Array(rgba[12..<24])
        #expect(Array(output.prefix(result.produced)) == scanlines)
    }

    @Test func sizesThatDoNotFitAreRefused() {
        #expect(PNGEncoder.encode(width: 0, height: 1, rgba: []) == nil)
        #expect(PNGEncoder.encode(width: 2, height: 2, rgba: [0, 0, 0, 0]) == nil)
    }

    @Test func aPreviewUndoesThePremultiplicationAndShrinks() throws {
        // 4×2 premultiplied BGRA: a red half at alpha 128 on the left, opaque blue on the right.
        var pixels: [UInt8] = []
        for _ in 0..<2 { pixels += [0, 0, 128, 128, 0, 0, 128, 128, 255, 0, 0, 255, 255, 0, 0, 255] }
        let bitmap = CARBitmap(width: 4, height: 2, pixelFormat: .argb, bytesPerPixel: 4, rowBytes: 16, pixels: pixels)
        let preview = try #require(bitmap.previewRGBA(maxSide: 2))
        #expect(preview.width == 2 && preview.height == 1)
        #expect(preview.rgba == [255, 0, 0, 128, 0, 0, 255, 255])
        #expect(bitmap.transparentPixelCount == 4)
    }
}
