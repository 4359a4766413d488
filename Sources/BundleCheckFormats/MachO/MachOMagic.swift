/// What the first four bytes of a file say it is.
enum MachOMagic {
    /// `0xfeedface` little-endian: a 32-bit Mach-O.
    case thin32
    /// `0xfeedfacf` little-endian: a 64-bit Mach-O.
    case thin64
    /// Either Mach-O magic in big-endian order.
    case bigEndian
    /// `0xcafebabe` or `0xcafebabf`, big-endian (the value is kept for `FatHeaderParser`).
    case fat(UInt32)
    case other

    init(_ bytes: [UInt8]) {
        let view = ByteView(bytes)
        guard let little = view.uint32LE(at: 0), let big = view.uint32BE(at: 0) else {
            self = .other
            return
        }
        switch (little, big) {
        case (0xFEED_FACE, _): self = .thin32
        case (0xFEED_FACF, _): self = .thin64
        case (_, 0xFEED_FACE), (_, 0xFEED_FACF): self = .bigEndian
        case (_, FatHeaderParser.fatMagic), (_, FatHeaderParser.fatMagic64): self = .fat(big)
        default: self = .other
        }
    }
}
