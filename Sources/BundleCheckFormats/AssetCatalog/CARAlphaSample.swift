/// Where and how a pixel format stores a pixel's alpha: an 8-bit byte (opaque at 255), or an
/// IEEE half float, little-endian (opaque at 1.0 and above: an extended-range format may store
/// more than 1, never less for an opaque pixel).
package enum CARAlphaSample: Sendable, Hashable {
    case byte(offset: Int)
    case halfFloat(offset: Int)

    /// The last byte of the pixel the sample reads, so a pixel size can be checked against it.
    var lastByte: Int {
        switch self {
        case .byte(let offset): offset
        case .halfFloat(let offset): offset + 1
        }
    }

    /// Whether the pixel starting at `offset` of `buffer` is fully opaque.
    @inline(__always)
    func isOpaque(_ buffer: UnsafeBufferPointer<UInt8>, pixelAt offset: Int) -> Bool {
        switch self {
        case .byte(let at):
            return buffer[offset + at] == 255
        case .halfFloat(let at):
            let bits = UInt16(buffer[offset + at]) | UInt16(buffer[offset + at + 1]) << 8
            // 0x3C00 is 1.0; up to 0x7C00 (infinity) every positive value is at least that. A
            // negative value or a NaN is not opaque.
            return bits >= 0x3C00 && bits <= 0x7C00
        }
    }

    /// The value of the half float `bits` (binary16: 1 sign, 5 exponent, 10 fraction bits).
    /// Written out rather than through `Float16`, which Swift lacks on macOS for Intel.
    static func float(halfBits bits: UInt16) -> Float {
        let sign: Float = bits & 0x8000 == 0 ? 1 : -1
        let exponent = Int(bits >> 10 & 0x1F), fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction / 1024 / 16384 // subnormal: 2^-14 × fraction/1024
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }
}
