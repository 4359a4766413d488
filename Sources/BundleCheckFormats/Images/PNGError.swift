/// Why the first bytes of a file give no PNG size; `description` is a lowercase phrase.
package enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file does not start with the PNG signature.
    case notPNG
    /// The bytes given end before the header does: the file is short, or a chunk before
    /// `IHDR` pushes it past the bytes read.
    case truncated(needed: Int, available: Int)
    /// A chunk other than Apple's `CgBI` comes before `IHDR`, which must be first.
    case headerNotFirst(found: String)
    /// A chunk longer than the specification's 2^31 - 1 bytes.
    case chunkTooLong(type: String, length: UInt32)
    /// An `IHDR` of the wrong length or with an impossible size.
    case malformedHeader(reason: String)

    package var description: String {
        switch self {
        case .notPNG:
            "not a PNG file (no PNG signature)"
        case .truncated(let needed, let available):
            "a truncated PNG header (it needs \(needed) bytes, \(available) were read)"
        case .headerNotFirst(let found):
            "a malformed PNG file (the chunk \(found) comes before IHDR)"
        case .chunkTooLong(let type, let length):
            "a malformed PNG file (the chunk \(type) claims \(length) bytes)"
        case .malformedHeader(let reason):
            "a malformed PNG file (\(reason))"
        }
    }
}
