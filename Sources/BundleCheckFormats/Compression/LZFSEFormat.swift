/// The constants of the LZFSE format, as Apple's reference implementation (lzfse/lzfse,
/// `lzfse_internal.h`) fixes them: not caps bundlecheck picks, but what every stream obeys, so a
/// block past one of them is damaged.
enum LZFSEFormat {
    /// A stream is blocks, each opened by one of these four bytes (read as a little-endian word).
    enum Magic: UInt32 {
        /// `bvx$`: the end of the stream; nothing follows it.
        case endOfStream = 0x2478_7662
        /// `bvx-`: bytes stored as they are (Apple's encoder falls back to it when nothing shrinks).
        case raw = 0x2D78_7662
        /// `bvx1`: an LZFSE block whose frequency tables are stored as 16-bit words.
        case compressedV1 = 0x3178_7662
        /// `bvx2`: an LZFSE block whose header and tables are packed (what the encoder writes).
        case compressedV2 = 0x3278_7662
        /// `bvxn`: an LZVN block (the encoder's choice for inputs under 4 KiB).
        case lzvn = 0x6E78_7662

        var name: String {
            switch self {
            case .endOfStream: "bvx$"
            case .raw: "bvx-"
            case .compressedV1: "bvx1"
            case .compressedV2: "bvx2"
            case .lzvn: "bvxn"
            }
        }
    }

    /// Literal bytes one LZFSE block may hold (4 per match, 10,000 matches).
    static let maxLiteralsPerBlock = 40_000
    /// L, M, D triples one LZFSE block may hold.
    static let maxMatchesPerBlock = 10_000

    /// States of each FSE coder: the literal bytes, and the L (literal length), M (match length)
    /// and D (match distance) values.
    static let literalStates = 1024
    static let literalLengthStates = 64
    static let matchLengthStates = 64
    static let distanceStates = 256
    static let literalSymbols = 256

    /// L, M and D are coded as a symbol (FSE) and that many raw bits after it: the symbol picks a
    /// base, the bits the offset from it. Symbol `s` covers `1 << bits[s]` values from its base,
    /// and the bases follow one another without gaps from 0, so each table is its bit counts.
    static let literalLengthExtraBits: [UInt8] = Array(repeating: 0, count: 16) + [2, 3, 5, 8]
    static let matchLengthExtraBits: [UInt8] = Array(repeating: 0, count: 16) + [3, 5, 8, 11]
    /// Four symbols for each bit count from 0 (symbols 0–3) to 15 (60–63).
    static let distanceExtraBits: [UInt8] = (0..<64).map { UInt8($0 >> 2) }

    /// The first value each symbol stands for: the sum of the ranges before it.
    static func bases(of extraBits: [UInt8]) -> [Int32] {
        var next: Int32 = 0
        return extraBits.map { bits in
            defer { next += 1 << bits }
            return next
        }
    }

    /// Largest L and M a triple can code (60 + 255, 312 + 2047): bound the bytes a block can
    /// declare from its counts.
    static let maxLiteralLength = 315
    static let maxMatchLength = 2359

    /// Frequencies of the four tables in the order a compressed header stores them.
    static let frequencyCount = 20 + 20 + 64 + 256

    /// A `bvx2` header: magic, decoded size and three 64-bit words of packed fields; then the
    /// packed frequencies, at most 14 bits each.
    static let v2FixedHeaderLength = 32
    static let v2MaxHeaderLength = v2FixedHeaderLength + (frequencyCount * 14 + 7) / 8
    /// A `bvx1` header: eleven 32-bit and 16-bit fields, then 360 16-bit frequencies, padded
    /// to a multiple of 4 as the reference's C struct is.
    static let v1HeaderLength = 772
    /// Magic, decoded size (`bvx-`); magic, decoded size, payload size (`bvxn`).
    static let rawHeaderLength = 8
    static let lzvnHeaderLength = 12

    /// The most bytes `payload` bytes of LZVN can decode to: no opcode gives more a byte than
    /// the two-byte match of 271 bytes. A declared size past it is refused before any allocation.
    static func lzvnMostDecoded(fromPayload payload: Int) -> Int {
        let (product, overflowed) = payload.multipliedReportingOverflow(by: 271)
        return overflowed ? .max : product / 2
    }

    static let literalLengthBases = bases(of: literalLengthExtraBits)
    static let matchLengthBases = bases(of: matchLengthExtraBits)
    static let distanceBases = bases(of: distanceExtraBits)
}
