import Testing

@testable import BundleCheckFormats

@Suite struct BERReaderTests {
    /// `error` when reading `bytes` throws one, nil when it reads.
    private func readingError(_ bytes: [UInt8], limits: BERLimits = .standard) -> BERError? {
        do {
            _ = try BERReader.read(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func shortAndLongDefiniteLengthsReadTheirContent() throws {
        let short = try BERReader.read([0x04, 0x03, 0x61, 0x62, 0x63])
        #expect(short.tag == BERTag(tagClass: .universal, isConstructed: false, number: 4))
        #expect(Array(short.content) == Array("abc".utf8))
        let payload = [UInt8](repeating: 0x5A, count: 300)
        let long = try BERReader.read([0x04, 0x82, 0x01, 0x2C] + payload)
        #expect(Array(long.content) == payload)
        #expect(long.encodedRange == 0..<304)
        // Long form with a needlessly long length is valid BER.
        let padded = try BERReader.read([0x04, 0x88, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x7F])
        #expect(Array(padded.content) == [0x7F])
    }

    @Test func tagClassesConstructedBitAndMultiByteTagNumbersAreRead() throws {
        // [APPLICATION 200] constructed holding [PRIVATE 31] primitive and [2] primitive.
        let element = try BERReader.read([0x7F, 0x81, 0x48, 0x07, 0xDF, 0x1F, 0x01, 0xAA, 0x82, 0x01, 0xBB])
        #expect(element.tag == BERTag(tagClass: .application, isConstructed: true, number: 200))
        #expect(
            element.children.map(\.tag) == [
                BERTag(tagClass: .private, isConstructed: false, number: 31),
                BERTag(tagClass: .contextSpecific, isConstructed: false, number: 2),
            ])
        #expect(element.children.map { Array($0.content) } == [[0xAA], [0xBB]])
        #expect(element.tag.description == "[APPLICATION 200]")
    }

    @Test func indefiniteLengthEndsAtTheEndOfContentsOfItsOwnLevel() throws {
        // SEQUENCE (indefinite) { SEQUENCE (indefinite) { INTEGER 5 } 00 00, NULL } 00 00
        let bytes: [UInt8] = [0x30, 0x80, 0x30, 0x80, 0x02, 0x01, 0x05, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00]
        let outer = try BERReader.read(bytes)
        #expect(outer.hasIndefiniteLength)
        #expect(outer.encodedRange == 0..<13)
        #expect(outer.children.count == 2)
        #expect(outer.children[0].hasIndefiniteLength)
        #expect(outer.children[0].encodedRange == 2..<9)
        #expect(outer.children[0].children.first.map { Array($0.content) } == [0x05])
        #expect(outer.children[1].tag.description == "NULL")
        #expect(outer.content.indices == 2..<11)
    }

    @Test func constructedOctetStringsConcatenateTheirChunksRecursively() throws {
        // OCTET STRING (constructed, indefinite) { "ab", OCTET STRING (constructed) { "cd", "e" }, "" } 00 00
        let bytes: [UInt8] = [
            0x24, 0x80,
            0x04, 0x02, 0x61, 0x62,
            0x24, 0x07, 0x04, 0x02, 0x63, 0x64, 0x04, 0x01, 0x65,
            0x04, 0x00,
            0x00, 0x00,
        ]
        let element = try BERReader.read(bytes)
        #expect(try element.octetStringBytes() == Array("abcde".utf8))
    }

    @Test func aConstructedOctetStringWithAChunkOfAnotherTypeIsRefused() throws {
        let element = try BERReader.read([0x24, 0x03, 0x02, 0x01, 0x00])
        #expect(throws: BERError.unexpectedElement(offset: 2, expected: "an OCTET STRING chunk", found: "INTEGER")) {
            try element.octetStringBytes()
        }
    }

    @Test func objectIdentifiersReadInDottedForm() throws {
        let signedData = try BERReader.read([0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02])
        #expect(try signedData.objectIdentifier() == "1.2.840.113549.1.7.2")
        let sha256 = try BERReader.read([0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01])
        #expect(try sha256.objectIdentifier() == "2.16.840.1.101.3.4.2.1")
        let unterminated = try BERReader.read([0x06, 0x02, 0x2A, 0x86])
        #expect(throws: BERError.malformedObjectIdentifier(offset: 0)) { try unterminated.objectIdentifier() }
        let empty = try BERReader.read([0x06, 0x00])
        #expect(throws: BERError.malformedObjectIdentifier(offset: 0)) { try empty.objectIdentifier() }
    }

    @Test func aLengthOfTwoToTheSixtyThirdIsRefusedWithoutAllocating() {
        let bytes: [UInt8] = [0x04, 0x88, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x00]
        #expect(readingError(bytes) == .lengthPastEnd(offset: 0, length: 1 << 63, available: 1))
        let maximum: [UInt8] = [0x30, 0x88, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(readingError(maximum) == .lengthPastEnd(offset: 0, length: .max, available: 0))
    }

    @Test func malformedLengthOctetsAreRefused() {
        #expect(readingError([0x04, 0x89, 0, 0, 0, 0, 0, 0, 0, 0, 1]) == .lengthOfLengthTooLarge(offset: 0, octets: 9))
        #expect(readingError([0x04, 0xFF]) == .reservedLength(offset: 0))
        #expect(readingError([0x04, 0x80, 0x00, 0x00]) == .indefinitePrimitive(offset: 0))
        #expect(readingError([0x04, 0x82, 0x01]) == .truncatedHeader(offset: 0))
        #expect(readingError([0x04]) == .truncatedHeader(offset: 0))
        #expect(readingError([]) == .truncatedHeader(offset: 0))
        #expect(readingError([0x1F, 0x81]) == .truncatedHeader(offset: 0))
    }

    @Test func aChildLongerThanItsParentIsRefused() {
        // SEQUENCE of 3 bytes whose INTEGER claims 5.
        #expect(readingError([0x30, 0x03, 0x02, 0x05, 0x00, 0x00, 0x00, 0x00]) == .lengthPastEnd(offset: 2, length: 5, available: 1))
    }

    @Test func aTagNumberBeyondSixtyFourBitsIsRefused() {
        let bytes: [UInt8] = [0x1F] + [UInt8](repeating: 0xFF, count: 10) + [0x01, 0x00]
        #expect(readingError(bytes) == .tagNumberTooLarge(offset: 0))
    }

    @Test func aMissingEndOfContentsIsRefused() {
        #expect(readingError([0x30, 0x80, 0x02, 0x01, 0x05]) == .missingEndOfContents(offset: 0))
        #expect(readingError([0x30, 0x80, 0x02, 0x01, 0x05, 0x00]) == .missingEndOfContents(offset: 0))
        // The inner SEQUENCE's marker is there, the outer one's is not.
        #expect(readingError([0x30, 0x80, 0x30, 0x80, 0x00, 0x00]) == .missingEndOfContents(offset: 0))
    }

    @Test func endOfContentsOutsideAnIndefiniteLengthOrWithALengthIsRefused() {
        #expect(readingError([0x00, 0x00]) == .misplacedEndOfContents(offset: 0))
        #expect(readingError([0x30, 0x02, 0x00, 0x00]) == .misplacedEndOfContents(offset: 2))
        #expect(readingError([0x30, 0x80, 0x00, 0x01, 0x00]) == .misplacedEndOfContents(offset: 2))
    }

    @Test func indefiniteLengthsNestedPastTheCapAreRefused() {
        let depth = 100
        let bytes =
            Array([[UInt8]](repeating: [0x30, 0x80], count: depth).joined())
            + [UInt8](repeating: 0x00, count: 2 * depth)
        #expect(readingError(bytes) == .nestedTooDeep(offset: 2 * 65, limit: 64))
        // Exactly at the cap reads.
        let atCap = Array([[UInt8]](repeating: [0x30, 0x80], count: 65).joined()) + [UInt8](repeating: 0, count: 130)
        #expect(readingError(atCap) == nil)
    }

    @Test func aMillionNestedHeadersStopAtTheDepthCapWithoutExhaustingTheStack() {
        let bytes = Array([[UInt8]](repeating: [0x30, 0x80], count: 1_000_000).joined())
        #expect(readingError(bytes) == .nestedTooDeep(offset: 2 * 65, limit: 64))
    }

    @Test func moreElementsThanTheCapAreRefused() {
        let nulls = Array([[UInt8]](repeating: [0x05, 0x00], count: 20).joined())
        let bytes = [0x30, UInt8(nulls.count)] + nulls
        let limits = BERLimits(maximumDepth: 64, maximumElementCount: 10)
        #expect(readingError(bytes, limits: limits) == .tooManyElements(offset: 2 + 2 * 9, limit: 10))
        #expect(readingError(bytes) == nil)
    }

    @Test func elementsAtTheCapAreReadAndOneMoreIsRefused() {
        // A SEQUENCE of nine NULLs is ten elements.
        let nine = Array([[UInt8]](repeating: [0x05, 0x00], count: 9).joined())
        let limits = BERLimits(maximumDepth: 64, maximumElementCount: 10)
        #expect(readingError([0x30, UInt8(nine.count)] + nine, limits: limits) == nil)
        let ten = nine + [0x05, 0x00]
        #expect(readingError([0x30, UInt8(ten.count)] + ten, limits: limits) == .tooManyElements(offset: 2 + 2 * 9, limit: 10))
        #expect(BERError.tooManyElements(offset: 20, limit: 10).description.contains("more than 10 elements"))
    }

    @Test func nestingAtACustomDepthCapReadsAndOneLevelMoreIsRefused() {
        // Depth counts from 0: a cap of 3 admits four nested SEQUENCEs.
        func nested(_ count: Int) -> [UInt8] {
            Array([[UInt8]](repeating: [0x30, 0x80], count: count).joined()) + [UInt8](repeating: 0, count: 2 * count)
        }
        let limits = BERLimits(maximumDepth: 3, maximumElementCount: 100)
        #expect(readingError(nested(4), limits: limits) == nil)
        #expect(readingError(nested(5), limits: limits) == .nestedTooDeep(offset: 8, limit: 3))
    }

    @Test func theStandardLimitsAreTheDocumentedValues() {
        #expect(BERLimits.standard == BERLimits(maximumDepth: 64, maximumElementCount: 100_000))
    }

    @Test func bytesAfterTheTopLevelElementAreRefused() {
        #expect(readingError([0x05, 0x00, 0x00]) == .trailingBytes(offset: 2, count: 1))
    }

    @Test func messagesAreLowercaseAndNameTheOffset() {
        let errors: [BERError] = [
            .truncatedHeader(offset: 7), .lengthPastEnd(offset: 7, length: 9, available: 1),
            .missingEndOfContents(offset: 7), .nestedTooDeep(offset: 7, limit: 64),
        ]
        for error in errors {
            #expect(error.description.hasPrefix("offset 7: "))
            #expect(error.description.first?.isLowercase == true)
            #expect(error.offset == 7)
        }
    }
}
