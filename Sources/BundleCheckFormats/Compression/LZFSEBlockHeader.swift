/// One block's header, read and checked against the format's bounds before a byte of its
/// payload is decoded: its kind, where its payload lies and how many bytes it decodes to.
///
/// The reader is called twice per block: once as the decoder adds up what the stream declares
/// (so the output is allocated once, and a stream past the cap is refused before any work), and
/// again as each block is decoded. Nothing of a header is kept between the two, so no stream,
/// however many empty blocks it holds, makes the decoder hold more than one header.
struct LZFSEBlockHeader {
    enum Kind {
        case endOfStream
        case raw
        case lzvn
        case compressed(LZFSECompressedBlockHeader)
    }

    let kind: Kind
    /// The block's number in the stream, from 0, and the offset of its magic in the input.
    let index: Int
    let offset: Int
    let headerLength: Int
    let payloadLength: Int
    /// The bytes the block declares it decodes to.
    let decodedCount: Int

    var payloadStart: Int { offset + headerLength }
    var end: Int { payloadStart + payloadLength }

    /// The header of the block whose magic is at `offset` of `input`; its payload is known to be
    /// within `input`.
    static func read(_ input: UnsafeBufferPointer<UInt8>, at offset: Int, index: Int) throws(LZFSEError) -> LZFSEBlockHeader {
        let available = input.count - offset
        guard available >= 4 else {
            // Fewer than four bytes cannot even name the block; a stream cut there lost its end.
            throw .missingEndOfStream(block: index, offset: offset)
        }
        let reader = LittleEndianReader(input: input, base: offset)
        guard let magic = LZFSEFormat.Magic(rawValue: reader.uint32(0)) else {
            throw .unknownBlockMagic(block: index, offset: offset, magic: Array(input[offset..<(offset + 4)]))
        }
        func require(_ length: Int) throws(LZFSEError) {
            guard available >= length else {
                throw .truncatedBlockHeader(block: index, offset: offset, kind: magic.name, length: length, available: available)
            }
        }
        let header: LZFSEBlockHeader
        switch magic {
        case .endOfStream:
            header = LZFSEBlockHeader(kind: .endOfStream, index: index, offset: offset, headerLength: 4, payloadLength: 0, decodedCount: 0)
        case .raw:
            try require(LZFSEFormat.rawHeaderLength)
            let count = Int(reader.uint32(4))
            header = LZFSEBlockHeader(
                kind: .raw, index: index, offset: offset, headerLength: LZFSEFormat.rawHeaderLength, payloadLength: count, decodedCount: count
            )
        case .lzvn:
            try require(LZFSEFormat.lzvnHeaderLength)
            let decoded = Int(reader.uint32(4)), payload = Int(reader.uint32(8))
            let most = LZFSEFormat.lzvnMostDecoded(fromPayload: payload)
            guard decoded <= most else { throw .declaredSizeImpossible(block: index, offset: offset, declared: decoded, most: most) }
            header = LZFSEBlockHeader(
                kind: .lzvn, index: index, offset: offset, headerLength: LZFSEFormat.lzvnHeaderLength, payloadLength: payload, decodedCount: decoded
            )
        case .compressedV1, .compressedV2:
            let fields: LZFSECompressedBlockHeader
            let headerLength: Int
            if magic == .compressedV2 {
                try require(LZFSEFormat.v2FixedHeaderLength)
                headerLength = Int(reader.uint32(24))
                let allowed = LZFSEFormat.v2FixedHeaderLength...LZFSEFormat.v2MaxHeaderLength
                guard allowed.contains(headerLength) else {
                    throw .headerFieldOutOfRange(block: index, offset: offset, field: "header size", value: headerLength, allowed: allowed)
                }
                try require(headerLength)
                fields = LZFSECompressedBlockHeader(v2: reader, headerLength: headerLength)
            } else {
                headerLength = LZFSEFormat.v1HeaderLength
                try require(headerLength)
                fields = LZFSECompressedBlockHeader(v1: reader)
            }
            let decoded = Int(reader.uint32(4))
            try fields.validate(block: index, offset: offset, decodedCount: decoded)
            header = LZFSEBlockHeader(
                kind: .compressed(fields), index: index, offset: offset, headerLength: headerLength,
                payloadLength: fields.literalPayloadLength + fields.lmdPayloadLength, decodedCount: decoded
            )
        }
        let payloadAvailable = available - header.headerLength
        guard header.payloadLength <= payloadAvailable else {
            throw .truncatedBlockPayload(block: index, offset: offset, length: header.payloadLength, available: payloadAvailable)
        }
        return header
    }
}

/// The fields of a `bvx1` or `bvx2` header, the packed v2 form unpacked: the counts and payload
/// sizes of the two bit streams, where each starts (its final bit count and coder states, since
/// the encoder writes forward and the decoder reads back) and where the frequencies lie.
struct LZFSECompressedBlockHeader {
    var isPacked: Bool
    var literalCount: Int
    var matchCount: Int
    var literalPayloadLength: Int
    var lmdPayloadLength: Int
    /// How far short of a whole word each stream's last bytes are: 0 down to -7.
    var literalBits: Int
    var lmdBits: Int
    var literalStates: (Int, Int, Int, Int)
    var literalLengthState: Int
    var matchLengthState: Int
    var distanceState: Int
    /// The bytes of the frequency tables in the input, from the block's magic: 16-bit words in a
    /// `bvx1` header, a prefix code in a `bvx2` one (empty when every frequency is 0).
    var frequencies: Range<Int>

    /// The three words after a `bvx2` header's magic and size hold the fields in 20-, 10- and
    /// 3-bit pieces; its last 32 bits are the header's length.
    init(v2 reader: LittleEndianReader, headerLength: Int) {
        let first = reader.uint64(8), second = reader.uint64(16), third = reader.uint64(24)
        func field(_ word: UInt64, _ shift: Int, _ width: Int) -> Int { Int((word >> UInt64(shift)) & ((1 << UInt64(width)) - 1)) }
        isPacked = true
        literalCount = field(first, 0, 20)
        literalPayloadLength = field(first, 20, 20)
        matchCount = field(first, 40, 20)
        literalBits = field(first, 60, 3) - 7
        literalStates = (field(second, 0, 10), field(second, 10, 10), field(second, 20, 10), field(second, 30, 10))
        lmdPayloadLength = field(second, 40, 20)
        lmdBits = field(second, 60, 3) - 7
        literalLengthState = field(third, 32, 10)
        matchLengthState = field(third, 42, 10)
        distanceState = field(third, 52, 10)
        frequencies = LZFSEFormat.v2FixedHeaderLength..<headerLength
    }

    /// A `bvx1` header is the same fields at their full width (the payload's total size at 8 is
    /// the sum of the two, and not read).
    init(v1 reader: LittleEndianReader) {
        isPacked = false
        literalCount = Int(reader.uint32(12))
        matchCount = Int(reader.uint32(16))
        literalPayloadLength = Int(reader.uint32(20))
        lmdPayloadLength = Int(reader.uint32(24))
        literalBits = Int(Int32(bitPattern: reader.uint32(28)))
        literalStates = (Int(reader.uint16(32)), Int(reader.uint16(34)), Int(reader.uint16(36)), Int(reader.uint16(38)))
        lmdBits = Int(Int32(bitPattern: reader.uint32(40)))
        literalLengthState = Int(reader.uint16(44))
        matchLengthState = Int(reader.uint16(46))
        distanceState = Int(reader.uint16(48))
        frequencies = 50..<(50 + 2 * LZFSEFormat.frequencyCount)
    }

    /// Every count within the format's bounds and every initial state inside its table, so the
    /// decoder can index by them unchecked; and a decoded size the counts can reach.
    func validate(block: Int, offset: Int, decodedCount: Int) throws(LZFSEError) {
        let checks: [(String, Int, ClosedRange<Int>)] = [
            ("a literal count of", literalCount, 0...LZFSEFormat.maxLiteralsPerBlock),
            ("a match count of", matchCount, 0...LZFSEFormat.maxMatchesPerBlock),
            ("a literal bit count of", literalBits, -7...0),
            ("an L, M, D bit count of", lmdBits, -7...0),
            ("a literal state of", literalStates.0, 0...(LZFSEFormat.literalStates - 1)),
            ("a literal state of", literalStates.1, 0...(LZFSEFormat.literalStates - 1)),
            ("a literal state of", literalStates.2, 0...(LZFSEFormat.literalStates - 1)),
            ("a literal state of", literalStates.3, 0...(LZFSEFormat.literalStates - 1)),
            ("an L state of", literalLengthState, 0...(LZFSEFormat.literalLengthStates - 1)),
            ("an M state of", matchLengthState, 0...(LZFSEFormat.matchLengthStates - 1)),
            ("a D state of", distanceState, 0...(LZFSEFormat.distanceStates - 1)),
        ]
        for (field, value, allowed) in checks where !allowed.contains(value) {
            throw .headerFieldOutOfRange(block: block, offset: offset, field: field, value: value, allowed: allowed)
        }
        // Each triple's literals come out of the block's literals, and its match is at most 2359 bytes.
        let most = literalCount + matchCount * LZFSEFormat.maxMatchLength
        guard decodedCount <= most else { throw .declaredSizeImpossible(block: block, offset: offset, declared: decodedCount, most: most) }
    }

    /// The 360 frequencies (L, M, D, then literal bytes) into `output`. `block` is where the
    /// block's magic is in `input`.
    func readFrequencies(
        _ input: UnsafeBufferPointer<UInt8>, block: LZFSEBlockHeader, into output: UnsafeMutableBufferPointer<UInt16>
    ) throws(LZFSEError) {
        let start = block.offset + frequencies.lowerBound, end = block.offset + frequencies.upperBound
        guard isPacked else {
            let reader = LittleEndianReader(input: input, base: start)
            for index in 0..<LZFSEFormat.frequencyCount { output[index] = reader.uint16(2 * index) }
            return
        }
        guard start < end else {
            // Tables left out: no symbol occurs (a block of no literals and no matches).
            output.update(repeating: 0)
            return
        }
        var accumulator: UInt32 = 0, bits = 0, position = start
        for index in 0..<LZFSEFormat.frequencyCount {
            // Fill whole bytes while they fit; a code is at most 14 bits.
            while position < end, bits <= 24 {
                accumulator |= UInt32(input[position]) << UInt32(bits)
                bits += 8
                position += 1
            }
            let (value, length) = Self.frequency(accumulator)
            guard length <= bits else { throw .malformedFrequencies(block: block.index, offset: block.offset) }
            output[index] = value
            accumulator >>= UInt32(length)
            bits -= length
        }
        // The encoder pads the last byte and nothing else: a longer header hides something.
        guard bits < 8, position == end else { throw .malformedFrequencies(block: block.index, offset: block.offset) }
    }

    /// One frequency of a `bvx2` header and its code's length. The code is read from the low
    /// bit up, each extra `1` a longer form: `x0` is 0 or 1, `x01` 2 or 3, `xx011` 4 to 7,
    /// four bits after `0111` are 8 to 23, ten after `1111` are 24 to 1047.
    static func frequency(_ bits: UInt32) -> (UInt16, Int) {
        if bits & 1 == 0 { return (UInt16((bits >> 1) & 1), 2) }
        if bits & 2 == 0 { return (UInt16(2 + (bits >> 2) & 1), 3) }
        if bits & 4 == 0 { return (UInt16(4 + (bits >> 3) & 3), 5) }
        if bits & 8 == 0 { return (UInt16(8 + (bits >> 4) & 0xF), 8) }
        return (UInt16(24 + (bits >> 4) & 0x3FF), 14)
    }
}

/// Little-endian fields at offsets from `base`, which the caller has checked are in `input`.
struct LittleEndianReader {
    let input: UnsafeBufferPointer<UInt8>
    let base: Int

    func uint16(_ offset: Int) -> UInt16 {
        UInt16(input[base + offset]) | UInt16(input[base + offset + 1]) << 8
    }

    func uint32(_ offset: Int) -> UInt32 {
        UInt32(uint16(offset)) | UInt32(uint16(offset + 2)) << 16
    }

    func uint64(_ offset: Int) -> UInt64 {
        UInt64(uint32(offset)) | UInt64(uint32(offset + 4)) << 32
    }
}
