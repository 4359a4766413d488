import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The icns fixture writer: what it writes reads back through `ICNSFile` as it was described.
@Suite struct ICNSWriterTests {
    static let imageTypes = ["icp4", "icp5", "icp6", "ic07", "ic08", "ic09", "ic10", "ic11", "ic12", "ic13", "ic14"]

    @Test func anAppIconReadsBackWithAPNGOfTheRightSizeForEachType() throws {
        let file = try ICNSFile.read(ICNSWriter.appIcon(types: Self.imageTypes))
        #expect(file.elements.map(\.type) == Self.imageTypes)
        let sizes = [16, 32, 64, 128, 256, 512, 1024, 32, 64, 256, 512]
        #expect(file.images.map(\.encoding) == sizes.map { .png(width: UInt32($0), height: UInt32($0)) })
        #expect(file.images.allSatisfy { $0.matchesItsType })
        for (points, scale) in [(16, 1), (32, 1), (64, 1), (128, 1), (256, 1), (512, 1), (16, 2), (32, 2), (128, 2), (256, 2), (512, 2)] {
            #expect(file.holds(points: points, scale: scale), "\(points)@\(scale)x")
        }
        #expect(!file.holds(points: 64, scale: 2) && !file.holds(points: 1024, scale: 1))
    }

    @Test func theTwoSizesAppleAsksForAreWhatTheyAreCalled() throws {
        let only512 = try ICNSFile.read(ICNSWriter.appIcon(types: ["ic09"]))
        #expect(only512.holds(points: 512, scale: 1) && !only512.holds(points: 512, scale: 2))
        let only1024 = try ICNSFile.read(ICNSWriter.appIcon(types: ["ic10"]))
        #expect(!only1024.holds(points: 512, scale: 1) && only1024.holds(points: 512, scale: 2))
        #expect(ICNSWriter.pixels(of: "ic10") == 1024 && ICNSWriter.pixels(of: "ic14") == 512 && ICNSWriter.pixels(of: "it32") == 128)
    }

    @Test func elementsAreWrittenAsGivenWithTheirLengths() throws {
        let dark = ICNSWriter.appIcon(types: ["ic09"])
        let bytes = ICNSWriter.write([("TOC ", [0x69, 0x63, 0x30, 0x39, 0, 0, 0, 8]), ("name", []), (ICNSElement.darkVariantType, dark)])
        #expect(Array(bytes.prefix(8)) == Array("icns".utf8) + PNGWriter.bigEndian(UInt32(bytes.count)))
        let file = try ICNSFile.read(bytes)
        #expect(file.elements.map(\.type) == ["TOC ", "name", "0xfdd92fa8"])
        #expect(file.elements.map(\.length) == [16, 8, 8 + dark.count])
        #expect(file.elements.map(\.offset) == [8, 24, 32])
        #expect(Array(bytes[40...]) == dark)
        #expect(file.elements.allSatisfy { $0.kind == .metadata && $0.image == nil })
    }
}
