import Testing

@testable import BundleCheckFormats

/// A named gradient's `ARGG` payload: read as the corpus's two are laid out, and every damage
/// refused with the block named, never trapped on.
@Suite struct CARGradientTests {
    static func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func float(_ value: Float) -> [UInt8] { le32(value.bitPattern) }

    /// An `ARGG` payload of `stops`, as actool 26.0 writes one.
    static func payload(_ stops: [(Float, String)], count: UInt32? = nil) -> [UInt8] {
        var bytes = Array("ARGG".utf8) + le32(count ?? UInt32(stops.count)) + le32(stops.count > 1 ? 1 : 0) + le32(0)
        bytes += float(0.5) + float(0) + float(0.5) + float(1)
        for (location, name) in stops {
            bytes += float(location) + le32(UInt32(name.utf8.count + 1)) + Array(name.utf8) + [0]
        }
        return bytes
    }

    static func read(_ bytes: [UInt8], limits: AssetCatalogLimits = .standard) throws(AssetCatalogError) -> CARRenditionPayload {
        try CARRenditionPayload.read(CARBytes(ArraySlice(bytes), block: 7, part: "rendition payload"), at: 0, limits: limits)
    }

    @Test func stopsNameTheirColours() throws {
        let payload = try Self.read(Self.payload([(0, "AppIcon_Assets/Color-3"), (1, "AppIcon_Assets/Color-4")]))
        guard case .gradient(let gradient) = payload else {
            Issue.record("read as \(payload)")
            return
        }
        #expect(gradient.stops == [.init(location: 0, colorName: "AppIcon_Assets/Color-3"), .init(location: 1, colorName: "AppIcon_Assets/Color-4")])
        #expect(gradient.start == .init(x: 0.5, y: 0) && gradient.end == .init(x: 0.5, y: 1) && gradient.unknownWords == [1, 0])
    }

    /// Every cut after the tag (shorter, the payload is no gradient's and reads as unknown).
    @Test func everyTruncationIsRefused() {
        let whole = Self.payload([(0, "AppIcon_Assets/Color-2")])
        for length in 4..<whole.count {
            #expect(throws: AssetCatalogError.self, "\(length) bytes") { _ = try Self.read(Array(whole.prefix(length))) }
        }
    }

    @Test func damagedStopsAreRefusedNamingTheBlock() {
        var unterminated = Self.payload([(0, "Color")])
        unterminated[unterminated.count - 1] = UInt8(ascii: "x")
        var oversized = Self.payload([(0, "Color")])
        oversized.replaceSubrange(36..<40, with: Self.le32(1 << 30))
        let cases: [[UInt8]] = [unterminated, oversized, Self.payload([(0, "Color")]) + [0], Self.payload([(0, "Color")], count: 2)]
        for bytes in cases {
            do {
                _ = try Self.read(bytes)
                Issue.record("read \(bytes)")
            } catch {
                #expect(error.description.contains("block 7"), "\(error)")
            }
        }
        #expect(throws: AssetCatalogError.tooManySetEntries(block: 7, count: 5000, limit: 4096)) {
            _ = try Self.read(Self.payload([], count: 5000))
        }
    }
}
