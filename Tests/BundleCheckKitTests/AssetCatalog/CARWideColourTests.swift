import Testing

@testable import BundleCheckFormats

/// RGBW, the wide-colour pixel format actool 16 writes single-size icons in: four little-endian
/// half floats a pixel (R, G, B, A). Opacity is alpha of 1.0 or more; the preview clamps each
/// channel to 0...1.
@Suite struct CARWideColourTests {
    static func half(_ bits: UInt16) -> [UInt8] { [UInt8(bits & 0xFF), UInt8(bits >> 8)] }

    /// One RGBW pixel of the given channel bits.
    static func pixel(_ r: UInt16, _ g: UInt16, _ b: UInt16, _ a: UInt16) -> [UInt8] { half(r) + half(g) + half(b) + half(a) }

    @Test(
        arguments: [
            (UInt16(0x3C00), Float(1)), (0xC000, -2), (0x3800, 0.5), (0x0001, 1.0 / 16_777_216), (0x7BFF, 65504), (0x0000, 0), (0x8000, 0),
        ] as [(UInt16, Float)])
    func halfFloatsReadAsBinary16(bits: UInt16, value: Float) {
        #expect(CARAlphaSample.float(halfBits: bits) == value)
    }

    @Test func infinityAndNaNReadAsSuch() {
        #expect(CARAlphaSample.float(halfBits: 0x7C00) == .infinity && CARAlphaSample.float(halfBits: 0xFC00) == -.infinity)
        #expect(CARAlphaSample.float(halfBits: 0x7E00).isNaN)
    }

    @Test func aPixelIsOpaqueAtAnAlphaOfOneOrMore() {
        // Alphas: 1.0, 1.5 (extended range), 0.5, -0, NaN, 0.
        let alphas: [UInt16] = [0x3C00, 0x3E00, 0x3800, 0x8000, 0x7E00, 0x0000]
        let pixels = alphas.flatMap { Self.pixel(0x3C00, 0x3800, 0x0000, $0) }
        let bitmap = CARBitmap(width: 6, height: 1, pixelFormat: .wideRGB, bytesPerPixel: 8, rowBytes: 48, pixels: pixels)
        #expect(bitmap.alphaKnown && bitmap.isOpaque == false)
        #expect(bitmap.firstTransparentPixel.map { [$0.x, $0.y] } == [2, 0])
        #expect(bitmap.transparentPixelCount == 4)
        let opaque = CARBitmap(width: 2, height: 1, pixelFormat: .wideRGB, bytesPerPixel: 8, rowBytes: 16, pixels: Array(pixels.prefix(16)))
        #expect(opaque.isOpaque == true && opaque.transparentPixelCount == 0)
    }

    @Test func thePreviewClampsExtendedRangeColourToSRGB() throws {
        // R 1.07 (above 1), G 0.5, B -0.19 (below 0), A 1: Display P3 orange.
        let bitmap = CARBitmap(width: 1, height: 1, pixelFormat: .wideRGB, bytesPerPixel: 8, rowBytes: 8, pixels: Self.pixel(0x3C49, 0x3800, 0xB1FE, 0x3C00))
        let preview = try #require(bitmap.previewRGBA(maxSide: 4))
        #expect(preview.width == 1 && preview.rgba == [255, 128, 0, 255])
        // Premultiplied at alpha 0.5: the straight colour comes back.
        let half = CARBitmap(width: 1, height: 1, pixelFormat: .wideRGB, bytesPerPixel: 8, rowBytes: 8, pixels: Self.pixel(0x3800, 0x3400, 0x0000, 0x3800))
        #expect(try #require(half.previewRGBA(maxSide: 4)).rgba == [255, 128, 0, 128])
    }
}
