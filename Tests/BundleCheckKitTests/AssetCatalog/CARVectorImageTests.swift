import Testing

@testable import BundleCheckFormats

/// An Icon Composer vector layer's SVG: decoded to be measured, under its cap, never kept.
@Suite struct CARVectorImageTests {
    static let svg = Array("\u{FEFF}\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"/>\n".utf8)

    /// An LZFSE stream of one stored (`bvx-`) block holding `bytes`.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        Array("bvx-".utf8) + withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + bytes + Array("bvx$".utf8)
    }

    static func read(_ bytes: [UInt8], maxVectorBytes: Int = 1 << 20) throws(AssetCatalogError) -> CARVectorImage {
        var limits = AssetCatalogLimits.standard
        limits.maxVectorBytes = maxVectorBytes
        return try CARVectorImage.read(CARRawData(bytes: ArraySlice(bytes)), block: 9, limits: limits)
    }

    @Test func aCompressedSVGIsMeasuredAndRecognised() throws {
        let image = try Self.read(Self.stored(Self.svg))
        #expect(image.compressed && image.isSVG && image.decodedBytes == Self.svg.count && image.storedBytes == Self.svg.count + 12)
        let plain = try Self.read(Self.svg)
        #expect(!plain.compressed && plain.isSVG && plain.decodedBytes == Self.svg.count)
        #expect(try !Self.read(Self.stored(Array("GIF89a".utf8))).isSVG)
    }

    @Test func anSVGPastItsCapIsRefusedBeforeItIsDecoded() {
        #expect(throws: AssetCatalogError.vectorTooLarge(block: 9, bytes: Self.svg.count, limit: 16)) { _ = try Self.read(Self.svg, maxVectorBytes: 16) }
        do {
            _ = try Self.read(Self.stored(Self.svg), maxVectorBytes: 16)
            Issue.record("a stream declaring \(Self.svg.count) bytes was decoded under a cap of 16")
        } catch {
            guard case .decompressionFailed(let block, _, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(block == 9)
        }
    }

    @Test func aDamagedStreamIsThatRenditionsError() {
        var damaged = Self.stored(Self.svg)
        damaged.removeLast(4)
        #expect(throws: AssetCatalogError.self) { _ = try Self.read(damaged) }
    }
}
