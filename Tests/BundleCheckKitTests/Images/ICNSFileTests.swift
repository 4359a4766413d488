import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The icns reader: the elements of well-formed files with the images they hold and the sizes
/// their PNGs really have, and nothing but errors naming the place from files whose lengths lie.
@Suite struct ICNSFileTests {
    static func read(_ bytes: [UInt8]) -> Result<ICNSFile, ICNSError> {
        Result { () throws(ICNSError) in try ICNSFile.read(bytes) }
    }

    /// An element written by hand, with whatever length it claims.
    static func element(_ type: String, _ data: [UInt8], length: UInt32? = nil) -> [UInt8] {
        Array(type.utf8) + PNGWriter.bigEndian(length ?? UInt32(8 + data.count)) + data
    }

    /// The `icns` header declaring `length` (by default the header and `body`), then `body`.
    static func file(_ body: [UInt8], length: UInt32? = nil) -> [UInt8] {
        Array("icns".utf8) + PNGWriter.bigEndian(length ?? UInt32(8 + body.count)) + body
    }

    static func png(_ pixels: Int) -> [UInt8] { PNGWriter.write(width: pixels, height: pixels) }

    static let jp2: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A, 0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70]
    static let j2k: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51, 0x00, 0x29, 0x00, 0x00]

    @Test func aFileOfSeveralElementsListsEachWithItsPlaceAndImage() throws {
        let toc = Self.element("TOC ", Array("ic09".utf8) + PNGWriter.bigEndian(8))
        let ic09 = Self.element("ic09", Self.png(512))
        let ic10 = Self.element("ic10", Self.png(1024))
        let is32 = Self.element("is32", [0x80, 0xFF, 0x80, 0x00, 0x80, 0x7F])
        let mask = Self.element("s8mk", [UInt8](repeating: 0xFF, count: 256))
        let version = Self.element("icnV", [0x42, 0xFC, 0, 0])
        let dark = [0xFD, 0xD9, 0x2F, 0xA8] + PNGWriter.bigEndian(16) + Self.file([])
        let file = try ICNSFile.read(Self.file(toc + ic09 + ic10 + is32 + mask + version + dark))

        #expect(file.elements.map(\.type) == ["TOC ", "ic09", "ic10", "is32", "s8mk", "icnV", "0xfdd92fa8"])
        var offset = 8
        for (element, bytes) in zip(file.elements, [toc, ic09, ic10, is32, mask, version, dark]) {
            #expect(element.offset == offset && element.length == bytes.count, "\(element.type)")
            offset += bytes.count
        }
        #expect(file.declaredLength == offset)
        #expect(
            file.elements.map(\.kind) == [
                .metadata, .image(points: 512, scale: 1, storage: .embedded), .image(points: 512, scale: 2, storage: .embedded),
                .image(points: 16, scale: 1, storage: .packedRGB), .mask(points: 16), .metadata, .metadata,
            ])
        #expect(
            file.images == [
                ICNSImage(points: 512, scale: 1, encoding: .png(width: 512, height: 512)),
                ICNSImage(points: 512, scale: 2, encoding: .png(width: 1024, height: 1024)),
                ICNSImage(points: 16, scale: 1, encoding: .packedRGB),
            ])
        #expect(file.images.map(\.pixels) == [512, 1024, 16])
        #expect(file.holds(points: 512, scale: 1) && file.holds(points: 512, scale: 2) && file.holds(points: 16, scale: 1))
        #expect(!file.holds(points: 256, scale: 1) && !file.holds(points: 256, scale: 2) && !file.holds(points: 16, scale: 2))
    }

    @Test func anEmptyIconFileHasNoElements() throws {
        let file = try ICNSFile.read(Self.file([]))
        #expect(file.elements.isEmpty && file.declaredLength == 8 && !file.holds(points: 512, scale: 1))
    }

    @Test func aPNGOfAnotherSizeThanItsTypeSaysDoesNotCount() throws {
        // An ic10 (512@2x, 1024 pixels) holding the 512-pixel PNG, as a hand-made iconset gets it wrong.
        let file = try ICNSFile.read(Self.file(Self.element("ic10", Self.png(512)) + Self.element("ic09", Self.png(256))))
        #expect(
            file.images == [
                ICNSImage(points: 512, scale: 2, encoding: .png(width: 512, height: 512)),
                ICNSImage(points: 512, scale: 1, encoding: .png(width: 256, height: 256)),
            ])
        #expect(file.images.allSatisfy { !$0.matchesItsType })
        #expect(!file.holds(points: 512, scale: 2) && !file.holds(points: 512, scale: 1) && !file.holds(points: 256, scale: 1))
    }

    @Test func aPNGThatIsNotSquareDoesNotCount() throws {
        let file = try ICNSFile.read(Self.file(Self.element("ic09", PNGWriter.write(width: 512, height: 511))))
        #expect(file.images.map(\.encoding) == [.png(width: 512, height: 511)])
        #expect(!file.holds(points: 512, scale: 1))
    }

    @Test func jpeg2000ImagesAreRecognisedAndTakenAtTheirTypesWord() throws {
        let file = try ICNSFile.read(Self.file(Self.element("ic09", Self.jp2) + Self.element("ic10", Self.j2k)))
        #expect(
            file.images == [
                ICNSImage(points: 512, scale: 1, encoding: .jpeg2000), ICNSImage(points: 512, scale: 2, encoding: .jpeg2000),
            ])
        #expect(file.holds(points: 512, scale: 1) && file.holds(points: 512, scale: 2))
    }

    @Test func argbUnknownAndBrokenPNGDataAreToldApart() throws {
        let brokenPNG = Array(Self.png(512).prefix(12))
        let file = try ICNSFile.read(
            Self.file(
                Self.element("ic04", Array("ARGB".utf8) + [0x80, 0xFF]) + Self.element("ic09", Array("GIF89a".utf8))
                    + Self.element("ic08", []) + Self.element("ic07", brokenPNG)
            ))
        #expect(file.images.map(\.encoding) == [.rawARGB, .unknown, .unknown, .malformedPNG(.truncated(needed: 16, available: 12))])
        #expect(file.holds(points: 16, scale: 1))
        #expect(!file.holds(points: 512, scale: 1) && !file.holds(points: 256, scale: 1) && !file.holds(points: 128, scale: 1))
    }

    @Test func aPNGIsReadOnlyFromItsOwnElement() throws {
        // The ic09's data ends after the PNG's width. The next element's type, 00 00 02 00, read as
        // the height, would make a 512×512 header if the reader looked past the element.
        let first = Self.element("ic09", Array(Self.png(512).prefix(20)))
        let next: [UInt8] = [0, 0, 2, 0] + PNGWriter.bigEndian(8)
        let file = try ICNSFile.read(Self.file(first + next))
        #expect(file.elements.map(\.type) == ["ic09", "0x00000200"])
        #expect(file.images.map(\.encoding) == [.malformedPNG(.truncated(needed: 24, available: 20))])
        #expect(!file.holds(points: 512, scale: 1))
    }

    @Test func bytesPastTheDeclaredLengthAreIgnored() throws {
        let ic09 = Self.element("ic09", Self.png(512))
        // A tail that would be an element of its own, and then garbage.
        let tail = Self.element("ic10", Self.png(1024)) + [1, 2, 3]
        let file = try ICNSFile.read(Self.file(ic09) + tail)
        #expect(file.elements.map(\.type) == ["ic09"] && file.declaredLength == 8 + ic09.count)
        #expect(!file.holds(points: 512, scale: 2))
    }

    @Test func theElementCapIsAtAndNotPastTheLimit() throws {
        let element = Self.element("name", [])
        let atCap = try ICNSFile.read(Self.file(Array([[UInt8]](repeating: element, count: ICNSFile.maximumElements).joined())))
        #expect(atCap.elements.count == 256)
        let pastCap = Self.file(Array([[UInt8]](repeating: element, count: ICNSFile.maximumElements + 1).joined()))
        #expect(throws: ICNSError.tooManyElements(limit: 256)) { try ICNSFile.read(pastCap) }
    }

    enum Broken: CaseIterable, CustomTestStringConvertible, Sendable {
        case empty, shortMagic, png, wrongMagic, headerOnlyFourBytes, declaredPastTheBytes, declaredBelowTheHeader
        case declaredHuge, zeroLengthElement, elementShorterThanItsHeader, elementPastTheEnd, elementLengthHuge
        case strayBytesAfterTheLastElement, elementPastTheDeclaredEndButInTheBytes

        var testDescription: String { "\(self)" }

        var bytes: [UInt8] {
            let ic09 = ICNSFileTests.element("ic09", ICNSFileTests.png(16))
            switch self {
            case .empty: return []
            case .shortMagic: return Array("icn".utf8)
            case .png: return ICNSFileTests.png(16)
            case .wrongMagic: return Array("ICNS".utf8) + PNGWriter.bigEndian(8)
            case .headerOnlyFourBytes: return Array("icns".utf8) + [0, 0]
            case .declaredPastTheBytes: return ICNSFileTests.file(ic09, length: UInt32(8 + ic09.count + 1))
            case .declaredBelowTheHeader: return ICNSFileTests.file([], length: 7)
            case .declaredHuge: return ICNSFileTests.file(ic09, length: 0xFFFF_FFFF)
            case .zeroLengthElement: return ICNSFileTests.file(ic09 + ICNSFileTests.element("ic10", [0, 0, 0, 0], length: 0))
            case .elementShorterThanItsHeader: return ICNSFileTests.file(ICNSFileTests.element("TOC ", [], length: 7) + [0])
            case .elementPastTheEnd: return ICNSFileTests.file(ICNSFileTests.element("ic09", [1, 2, 3], length: 12))
            case .elementLengthHuge: return ICNSFileTests.file(ICNSFileTests.element("ic10", [1, 2, 3], length: 0xFFFF_FFFF))
            case .strayBytesAfterTheLastElement: return ICNSFileTests.file(ic09 + [0x69, 0x63, 0x31])
            case .elementPastTheDeclaredEndButInTheBytes:
                // The element fits the bytes, but not the length the header declares.
                return ICNSFileTests.file(ic09, length: UInt32(8 + ic09.count - 1))
            }
        }

        var expected: ICNSError {
            let ic09Length = 8 + ICNSFileTests.png(16).count
            switch self {
            case .empty: return .truncated(needed: 8, available: 0)
            case .shortMagic: return .truncated(needed: 8, available: 3)
            case .png, .wrongMagic: return .notICNS
            case .headerOnlyFourBytes: return .truncated(needed: 8, available: 6)
            case .declaredPastTheBytes: return .truncated(needed: 8 + ic09Length + 1, available: 8 + ic09Length)
            case .declaredBelowTheHeader: return .declaredLengthTooShort(7)
            case .declaredHuge: return .truncated(needed: 0xFFFF_FFFF, available: 8 + ic09Length)
            case .zeroLengthElement: return .elementTooShort(type: "ic10", offset: 8 + ic09Length, length: 0)
            case .elementShorterThanItsHeader: return .elementTooShort(type: "TOC ", offset: 8, length: 7)
            case .elementPastTheEnd: return .elementPastEnd(type: "ic09", offset: 8, length: 12, end: 19)
            case .elementLengthHuge: return .elementPastEnd(type: "ic10", offset: 8, length: 0xFFFF_FFFF, end: 19)
            case .strayBytesAfterTheLastElement: return .elementHeaderTruncated(offset: 8 + ic09Length, available: 3)
            case .elementPastTheDeclaredEndButInTheBytes:
                return .elementPastEnd(type: "ic09", offset: 8, length: UInt32(ic09Length), end: 8 + ic09Length - 1)
            }
        }
    }

    @Test(arguments: Broken.allCases)
    func filesWhoseLengthsLieAreRefusedWithTheirReason(broken: Broken) {
        #expect(Self.read(broken.bytes) == .failure(broken.expected))
    }

    @Test func errorsSayWhereTheyAre() {
        let error = ICNSError.elementPastEnd(type: "ic10", offset: 120, length: 4096, end: 300)
        #expect(error.description == "a malformed icns file (the element ic10 at offset 120 claims 4096 bytes, past the end at 300)")
        #expect(ICNSError.elementTooShort(type: "0xfdd92fa8", offset: 8, length: 0).description.contains("0xfdd92fa8 at offset 8"))
    }

    @Test func randomElementsNeverTrapAndEveryElementLiesInsideTheFile() {
        var random = SeededRandom(seed: 0x69636E73)
        var read = 0
        let types = ["ic09", "ic10", "is32", "TOC ", "s8mk", "\u{7F}abc"]
        for _ in 0..<3000 {
            var body: [UInt8] = []
            for _ in 0..<Int(random.next() % 5) {
                let data: [UInt8] = random.next() % 3 == 0 ? Self.png(16) : (0..<Int(random.next() % 24)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                // Mostly the true length, sometimes one that lies by a little.
                let lie = random.next() % 4 == 0 ? UInt32(truncatingIfNeeded: Int(random.next() % 40) - 20) : 0
                body += Self.element(types[Int(random.next() % UInt64(types.count))], data, length: UInt32(8 + data.count) &+ lie)
            }
            let extra = Int(random.next() % 3)
            let bytes = Self.file(body, length: UInt32(8 + body.count + extra - 1)) + [UInt8](repeating: 0, count: Int(random.next() % 3))
            if case .success(let file) = Self.read(bytes) {
                read += 1
                for element in file.elements {
                    #expect(element.length >= 8 && element.offset + element.length <= file.declaredLength)
                }
                #expect(file.declaredLength <= bytes.count)
            }
        }
        #expect(read > 0 && read < 3000)
    }
}
