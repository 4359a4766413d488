/// LZVN, the byte-oriented LZ77 coder of Apple's compression library: the payload of `bvxn`
/// blocks in an LZFSE stream, and stored on its own (without a header) by some containers.
///
/// A stream is opcodes, each a byte naming its kind and packing lengths and a distance in its
/// low bits and the bytes after it, followed by up to 271 literal bytes, then a match copied
/// from earlier output. Learnt from Apple's reference decoder (lzfse/lzfse,
/// `lzvn_decode_base.c`); the layouts, with `L` literal length, `M` match length, `D` distance:
///
/// | opcode | bytes | L | M | D |
/// | --- | --- | --- | --- | --- |
/// | `LLMMMDDD` (small distance) | 2 | 0–3 | 3–10 | 11 bits: the low 3 of the opcode, then a byte |
/// | `101LLMMM` (medium distance) | 3 | 0–3 | 3–34 | 14 bits, above the 2 low bits of M in the next 16 |
/// | `LLMMM111` (large distance) | 3 | 0–3 | 3–10 | the next 16 bits |
/// | `LLMMM110` (previous distance) | 1 | 0–3 | 3–10 | the last match's |
/// | `1111MMMM`, `11110000 M` | 1, 2 | 0 | 1–15, 16–271 | the last match's |
/// | `1110LLLL`, `11100000 L` | 1, 2 | 1–15, 16–271 | 0 | — |
/// | `00000110` + 7 bytes | 8 | end of stream | | |
/// | `00001110`, `00010110` | 1 | no operation | | |
///
/// Other bytes are undefined. Multi-byte fields are little-endian.
package enum LZVNDecoder {
    /// Decodes a raw LZVN stream (no `bvxn` header, as some containers store it) to exactly
    /// `outputCount` bytes, or throws. The stream must end with its end-of-stream opcode once
    /// `outputCount` bytes are out; bytes after that opcode are not read. Errors name block 0,
    /// at offset 0, and the offset of the opcode at fault.
    package static func decode(_ input: ArraySlice<UInt8>, outputCount: Int) throws(LZFSEError) -> [UInt8] {
        guard outputCount >= 0 else { throw .negativeOutputCount(outputCount) }
        let most = LZFSEFormat.lzvnMostDecoded(fromPayload: input.count)
        guard outputCount <= most else { throw .declaredSizeImpossible(block: 0, offset: 0, declared: outputCount, most: most) }
        return try input.withUnsafeBufferPointer { (source) throws(LZFSEError) -> [UInt8] in
            try [UInt8](unsafeUninitializedCapacity: outputCount + LZFSECopy.slack) { (output, count) throws(LZFSEError) in
                guard let start = output.baseAddress else { return }
                _ = try decodeBlock(source, from: 0, to: source.count, into: start, origin: start, count: outputCount, block: 0, offset: 0)
                count = outputCount
            }
        }
    }

    /// Decodes the opcodes of `input[from..<to]` into the `count` bytes at `destination`, which
    /// must be followed by `LZFSECopy.slack` writable bytes. Matches may reach back to `origin`
    /// (the start of the whole output, earlier blocks included). Returns the offset just past
    /// the end-of-stream opcode; throws, naming `block` at `offset`, when the opcodes end before
    /// it, write past `count` or stop short of it, or copy from before `origin`.
    static func decodeBlock(
        _ input: UnsafeBufferPointer<UInt8>, from: Int, to: Int, into destination: UnsafeMutablePointer<UInt8>,
        origin: UnsafeMutablePointer<UInt8>, count: Int, block: Int, offset: Int
    ) throws(LZFSEError) -> Int {
        guard let base = input.baseAddress else {
            throw .lzvnTruncated(block: block, offset: offset, at: from)
        }
        var source = base + from
        let sourceEnd = base + to
        var output = destination
        let outputEnd = destination + count
        // No distance before the first match that gives one: 0 makes a match that repeats it fail.
        var distance = 0
        // Every opcode takes at least one byte, so the loop ends within `to - from` turns.
        while true {
            let available = sourceEnd - source
            guard available > 0 else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
            let opcode = source[0]
            var length = 1, literal = 0, match = 0
            switch opcode {
            case 0xF0:
                length = 2
                guard available >= 2 else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
                match = Int(source[1]) + 16
            case 0xF1...0xFF:
                match = Int(opcode & 0x0F)
            case 0xE0:
                length = 2
                guard available >= 2 else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
                literal = Int(source[1]) + 16
            case 0xE1...0xEF:
                literal = Int(opcode & 0x0F)
            case 0xA0...0xBF:
                length = 3
                guard available >= 3 else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
                let fields = Int(source[1]) | Int(source[2]) << 8
                literal = Int(opcode >> 3) & 3
                match = (Int(opcode & 7) << 2 | fields & 3) + 3
                distance = fields >> 2
            case 0x06:
                guard available >= 8 else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
                guard output == outputEnd else {
                    throw .decodesShort(block: block, offset: offset, decoded: output - destination, declared: count)
                }
                return source - base + 8
            case 0x0E, 0x16:
                source += 1
                continue
            case 0x70...0x7F, 0xD0...0xDF:
                throw .lzvnUndefinedOpcode(block: block, offset: offset, at: source - base, opcode: opcode)
            default:
                // The rest carry L in their top two bits and M in the next three; the low three
                // say where D is.
                literal = Int(opcode >> 6)
                match = Int(opcode >> 3) & 7 + 3
                switch opcode & 7 {
                case 7:
                    length = 3
                    guard available >= 3 else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
                    distance = Int(source[1]) | Int(source[2]) << 8
                case 6:
                    // With no literal, this form is end of stream, nop or undefined (above and here).
                    guard opcode >= 0x40 else {
                        throw .lzvnUndefinedOpcode(block: block, offset: offset, at: source - base, opcode: opcode)
                    }
                default:
                    length = 2
                    guard available >= 2 else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
                    distance = Int(opcode & 7) << 8 | Int(source[1])
                }
            }
            guard available >= length + literal else { throw .lzvnTruncated(block: block, offset: offset, at: source - base) }
            guard outputEnd - output >= literal + match else { throw .decodesPastDeclaredSize(block: block, offset: offset, declared: count) }
            LZFSECopy.literals(from: source + length, sourceAvailable: available - length, to: output, count: literal)
            source += length + literal
            output += literal
            if match > 0 {
                guard distance > 0, distance <= output - origin else {
                    throw .matchDistanceOutOfRange(block: block, offset: offset, distance: distance, available: output - origin)
                }
                LZFSECopy.match(at: output, distance: distance, count: match)
                output += match
            }
        }
    }
}
