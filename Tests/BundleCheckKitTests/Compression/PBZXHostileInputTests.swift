import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

/// Payloads that lie: each is refused with the `PBZXError` naming what is wrong and where,
/// without trapping, at once, and every cap reads what sits at it and refuses what lies past it.
@Suite struct PBZXHostileInputTests {
    typealias Support = PBZXTestSupport
    static let small: UInt64 = 64 << 10
    static let header = PBZXWriter.header(chunkSize: small)
    /// Where the first chunk's header starts, and the second's after a first of `stored` bytes.
    static let first: UInt64 = 12
    static func second(after stored: Int) -> UInt64 { first + 16 + UInt64(stored) }

    static func decode(_ payload: [UInt8], limits: PBZXLimits = .standard, maximumOutput: UInt64? = nil) -> Result<[UInt8], PBZXError> {
        Support.decode(payload, limits: limits, maximumOutput: maximumOutput)
    }

    // MARK: The header

    @Test func aPayloadWithoutTheMagicIsNotPBZX() {
        #expect(Self.decode(Array("pbzy".utf8) + PBZXWriter.bigEndian(Self.small)) == .failure(.notPBZX))
        #expect(Self.decode(Array("xar!".utf8) + [UInt8](repeating: 0, count: 40)) == .failure(.notPBZX))
        #expect(Self.decode([0x1F, 0x8B]) == .failure(.notPBZX))
    }

    @Test func aPayloadShorterThanItsHeaderIsTruncated() {
        #expect(Self.decode([]) == .failure(.truncatedHeader(available: 0)))
        #expect(Self.decode(Array("pbz".utf8)) == .failure(.truncatedHeader(available: 3)))
        #expect(Self.decode(Array(Self.header.prefix(11))) == .failure(.truncatedHeader(available: 11)))
    }

    @Test func theChunkSizeIsAtLeastOneAndAtMostTheCap() {
        #expect(Self.decode(PBZXWriter.header(chunkSize: 0)) == .failure(.chunkSizeZero))
        let cap = PBZXLimits.standard.maximumChunkSize
        #expect(Self.decode(PBZXWriter.header(chunkSize: 1) + PBZXWriter.chunk(declaring: 1, stored: [7])) == .success([7]))
        #expect(Self.decode(PBZXWriter.header(chunkSize: cap) + PBZXWriter.chunk(declaring: 3, stored: [1, 2, 3])) == .success([1, 2, 3]))
        #expect(Self.decode(PBZXWriter.header(chunkSize: cap + 1)) == .failure(.chunkSizeTooLarge(declared: cap + 1, limit: cap)))
        #expect(Self.decode(PBZXWriter.header(chunkSize: .max)) == .failure(.chunkSizeTooLarge(declared: .max, limit: cap)))
    }

    // MARK: Chunk headers

    @Test func aPayloadEndingInsideAChunkHeaderIsTruncated() {
        #expect(Self.decode(Self.header + [0, 0, 0]) == .failure(.truncatedChunkHeader(chunk: 0, offset: 12, available: 3)))
        let full = PBZXWriter.chunk(declaring: Self.small, stored: Support.random(Int(Self.small)))
        #expect(
            Self.decode(Self.header + full + [UInt8](repeating: 0, count: 15))
                == .failure(.truncatedChunkHeader(chunk: 1, offset: Self.second(after: Int(Self.small)), available: 15)))
    }

    @Test func aChunkDeclaresAtMostTheChunkSize() throws {
        let atSize = Support.text(Int(Self.small))
        #expect(Self.decode(Self.header + PBZXWriter.chunk(declaring: Self.small, stored: try PBZXWriter.xz(atSize))) == .success(atSize))
        let past = PBZXWriter.chunk(declaring: Self.small + 1, stored: try PBZXWriter.xz(Support.text(Int(Self.small) + 1)))
        #expect(Self.decode(Self.header + past) == .failure(.chunkLargerThanChunkSize(chunk: 0, offset: 12, declared: Self.small + 1, chunkSize: Self.small)))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: .max, stored: []))
                == .failure(.chunkLargerThanChunkSize(chunk: 0, offset: 12, declared: .max, chunkSize: Self.small)))
    }

    @Test func aChunkIsStoredInAtMostItsCap() {
        let limit = PBZXLimits.standard.maximumStoredLength(chunkSize: Self.small)
        #expect(limit == Self.small + 4096)
        #expect(PBZXLimits.standard.maximumStoredLength(chunkSize: 16 << 20) == (16 << 20) + 16 * 64 + 4096)
        // At the cap the length is believed, and the stored bytes are then looked for.
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: Self.small, stored: [], length: limit))
                == .failure(.truncatedChunk(chunk: 0, offset: 12, length: limit, available: 0)))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: Self.small, stored: [], length: limit + 1))
                == .failure(.storedLengthTooLarge(chunk: 0, offset: 12, length: limit + 1, limit: limit)))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 1, stored: [], length: .max))
                == .failure(.storedLengthTooLarge(chunk: 0, offset: 12, length: .max, limit: limit)))
    }

    @Test func theStoredLengthCapSaturatesRatherThanOverflow() {
        let limits = PBZXLimits(maximumChunkSize: .max, xzMemoryLimit: 1 << 20, storedOverheadPerMiB: .max, storedOverhead: .max)
        #expect(limits.maximumStoredLength(chunkSize: .max) == .max)
        #expect(PBZXLimits.standard.maximumStoredLength(chunkSize: .max) == .max)
    }

    // MARK: Stored bytes

    @Test func aPayloadEndingInsideAChunkIsTruncated() throws {
        let raw = PBZXWriter.chunk(declaring: 100, stored: Support.random(100))
        #expect(Self.decode(Self.header + raw.dropLast(40)) == .failure(.truncatedChunk(chunk: 0, offset: 12, length: 100, available: 60)))
        let xz = PBZXWriter.chunk(declaring: 10_000, stored: try PBZXWriter.xz(Support.text(10_000)))
        let stored = UInt64(xz.count - 16)
        #expect(Self.decode(Self.header + xz.dropLast(5)) == .failure(.truncatedChunk(chunk: 0, offset: 12, length: stored, available: stored - 5)))
    }

    @Test func aChunkThatIsNeitherRawNorXZIsRefused() {
        let garbage = PBZXWriter.chunk(declaring: 100, stored: Array("not an xz stream at all".utf8))
        #expect(Self.decode(Self.header + garbage) == .failure(.notXZ(chunk: 0, offset: 12)))
        // Stored in 0 bytes but declaring some: an xz stream cut before its header.
        #expect(Self.decode(Self.header + PBZXWriter.chunk(declaring: 5, stored: [])) == .failure(.xzTruncated(chunk: 0, offset: 12)))
    }

    @Test func anXZStreamCutInsideItsChunkIsTruncated() throws {
        let xz = try PBZXWriter.xz(Support.text(10_000))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 10_000, stored: Array(xz.prefix(xz.count / 2))))
                == .failure(.xzTruncated(chunk: 0, offset: 12)))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 10_000, stored: Array(xz.prefix(3))))
                == .failure(.xzTruncated(chunk: 0, offset: 12)))
    }

    @Test func aCorruptXZStreamNamesLiblzmasCode() throws {
        var xz = try PBZXWriter.xz(Support.text(10_000))
        xz[xz.count / 2] ^= 0x55
        #expect(Self.decode(Self.header + PBZXWriter.chunk(declaring: 10_000, stored: xz)) == .failure(.xzFailed(chunk: 0, offset: 12, code: .data)))
        // The stream's check (CRC-64 by default) sits before the index: a wrong one is caught too.
        var checked = try PBZXWriter.xz(Support.text(1_000))
        // The footer's backward size (little-endian, at its bytes 4 to 7) gives the index's length.
        let footer = checked.count - 12
        let backward = checked[(footer + 4)..<(footer + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
        let index = footer - (backward + 1) * 4
        checked[index - 1] ^= 0x01
        #expect(Self.decode(Self.header + PBZXWriter.chunk(declaring: 1_000, stored: checked)) == .failure(.xzFailed(chunk: 0, offset: 12, code: .data)))
    }

    @Test func anXZStreamMayNotDecodeToMoreThanItsChunkDeclares() throws {
        let xz = try PBZXWriter.xz(Support.text(1_000))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 999, stored: xz)) == .failure(.decodesPastDeclaredSize(chunk: 0, offset: 12, declared: 999)))
        // A full chunk's stream that goes one byte past the chunk size.
        let long = try PBZXWriter.xz(Support.text(Int(Self.small) + 1))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: Self.small, stored: long))
                == .failure(.decodesPastDeclaredSize(chunk: 0, offset: 12, declared: Self.small)))
    }

    @Test func anXZStreamMayNotDecodeToLessThanItsChunkDeclares() throws {
        let xz = try PBZXWriter.xz(Support.text(1_000))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 1_001, stored: xz))
                == .failure(.decodesShort(chunk: 0, offset: 12, decoded: 1_000, declared: 1_001)))
        // Declaring nothing: an empty stream is a chunk of 0 bytes, a stream of one byte is past it.
        #expect(Self.decode(Self.header + PBZXWriter.chunk(declaring: 0, stored: try PBZXWriter.xz([]))) == .success([]))
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 0, stored: try PBZXWriter.xz([1])))
                == .failure(.decodesPastDeclaredSize(chunk: 0, offset: 12, declared: 0)))
    }

    @Test func bytesAfterAnXZStreamInsideItsChunkAreRefused() throws {
        let xz = try PBZXWriter.xz(Support.text(1_000))
        // xz's stream padding (four zero bytes), and a second stream: neither belongs in a chunk.
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 1_000, stored: xz + [0, 0, 0, 0]))
                == .failure(.xzEndsBeforeChunk(chunk: 0, offset: 12, unused: 4)))
        let second = try PBZXWriter.xz([])
        #expect(
            Self.decode(Self.header + PBZXWriter.chunk(declaring: 1_000, stored: xz + second))
                == .failure(.xzEndsBeforeChunk(chunk: 0, offset: 12, unused: UInt64(second.count))))
    }

    @Test func anXZStreamNeedingMoreMemoryThanTheCapIsRefused() throws {
        // Preset 6 writes an 8 MiB dictionary into the stream's header, whatever the input.
        let xz = try PBZXWriter.xz(Support.text(1_000), preset: 6)
        let chunk = Self.header + PBZXWriter.chunk(declaring: 1_000, stored: xz)
        let tight = PBZXLimits(maximumChunkSize: 64 << 20, xzMemoryLimit: 4 << 20, storedOverheadPerMiB: 64, storedOverhead: 4096)
        #expect(Self.decode(chunk, limits: tight) == .failure(.xzNeedsTooMuchMemory(chunk: 0, offset: 12, limit: 4 << 20)))
        let enough = PBZXLimits(maximumChunkSize: 64 << 20, xzMemoryLimit: 12 << 20, storedOverheadPerMiB: 64, storedOverhead: 4096)
        #expect(Self.decode(chunk, limits: enough) == .success(Support.text(1_000)))
        #expect(PBZXLimits.standard.xzMemoryLimit >= LZMA.decoderMemoryUsage(preset: 9), "xz -9 streams decode")
    }

    // MARK: The end

    @Test func nothingFollowsAChunkShorterThanTheChunkSize() throws {
        let short = PBZXWriter.chunk(declaring: 10, stored: Support.random(10))
        #expect(Self.decode(Self.header + short + short) == .failure(.dataAfterLastChunk(chunk: 0, offset: 12)))
        #expect(Self.decode(Self.header + short + [0]) == .failure(.dataAfterLastChunk(chunk: 0, offset: 12)))
        let full = PBZXWriter.chunk(declaring: Self.small, stored: Support.random(Int(Self.small)))
        #expect(
            Self.decode(Self.header + full + short + [0])
                == .failure(.dataAfterLastChunk(chunk: 1, offset: Self.second(after: Int(Self.small)))))
        #expect(Self.decode(Self.header + full + short) == .success(Support.random(Int(Self.small)) + Support.random(10)))
    }

    @Test func theOutputCapReadsWhatSitsAtItAndRefusesAByteMore() throws {
        let bytes = Support.text(3 * Int(Self.small) + 5)
        let payload = try PBZXWriter.write(bytes, chunkSize: Int(Self.small))
        #expect(Self.decode(payload, maximumOutput: UInt64(bytes.count)) == .success(bytes))
        #expect(Self.decode(payload, maximumOutput: UInt64(bytes.count - 1)) == .failure(.outputLimitExceeded(limit: UInt64(bytes.count - 1))))
        let raw = try PBZXWriter.write(Support.random(1_000), chunkSize: Int(Self.small))
        #expect(Self.decode(raw, maximumOutput: 999) == .failure(.outputLimitExceeded(limit: 999)))
    }

    @Test func anErrorStaysTheAnswerToEveryLaterRead() {
        let decoder = PBZXDecoder(bytes: Array("nope, not pbzx".utf8))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { buffer.deallocate() }
        for _ in 0..<2 {
            #expect(throws: PBZXError.notPBZX) { _ = try decoder.read(into: buffer) }
        }
    }

    @Test func errorsOfTheSourcePassThrough() {
        struct Broken: Error, Equatable {}
        let decoder = PBZXDecoder { _ in throw Broken() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { buffer.deallocate() }
        #expect(throws: Broken()) { _ = try decoder.read(into: buffer) }
    }

    @Test func theDescriptionsNameTheChunkAndTheCap() {
        #expect(PBZXError.notPBZX.description == "not a pbzx payload (it does not start with \"pbzx\")")
        #expect(
            PBZXError.storedLengthTooLarge(chunk: 2, offset: 99, length: 70_000, limit: 69_632).description
                == "a malformed pbzx payload (chunk 2 at offset 99 is stored in 70000 bytes, more than the 69632 its chunk size allows)")
        #expect(PBZXError.xzFailed(chunk: 0, offset: 12, code: .data).description == "a malformed pbzx payload (chunk 0 at offset 12: the xz data is corrupt)")
    }

    /// Payloads with bytes flipped, cut, duplicated and lengths rewritten: each decodes or is
    /// refused with a `PBZXError`, and never more than the chunks could hold.
    @Test func mutatedPayloadsDecodeOrAreRefused() throws {
        let bytes = Support.text(3 * Int(Self.small) + 300) + Support.random(2_000)
        let payload = try PBZXWriter.write(bytes, chunkSize: Int(Self.small))
        var random = SeededRandom(seed: 7)
        for round in 0..<400 {
            var mutated = payload
            let position = Int(random.next() % UInt64(mutated.count))
            switch round % 4 {
            case 0: mutated[position] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            case 1: mutated.removeSubrange(position...)
            case 2: mutated.insert(contentsOf: mutated[position..<min(position + 20, mutated.count)], at: position)
            default:
                // A chunk header's length fields, rewritten.
                let chunks = Support.chunks(of: payload)
                var offset = 12
                for chunk in chunks.prefix(Int(random.next() % UInt64(chunks.count))) { offset += 16 + Int(chunk.stored) }
                let field = offset + (random.next() % 2 == 0 ? 0 : 8)
                mutated.replaceSubrange(field..<(field + 8), with: PBZXWriter.bigEndian(random.next() % (2 * Self.small)))
            }
            if case .success(let decoded) = Self.decode(mutated, maximumOutput: 1 << 20) {
                #expect(decoded.count <= 5 * Int(Self.small), "round \(round)")
            }
        }
    }
}
