/// A CodeDirectory's `hashType`: which hash its slots hold.
///
/// codesign writes SHA-1 alone for old deployment targets, SHA-1 with a SHA-256 alternate
/// in between, and SHA-256 alone today; SHA-256 truncated and SHA-384 are defined but rare.
public struct CodeDirectoryHashType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let sha1 = CodeDirectoryHashType(rawValue: 1)
    public static let sha256 = CodeDirectoryHashType(rawValue: 2)
    /// SHA-256 cut to its first 20 bytes.
    public static let sha256Truncated = CodeDirectoryHashType(rawValue: 3)
    public static let sha384 = CodeDirectoryHashType(rawValue: 4)

    /// The hash types bundlecheck verifies, strongest first: the CodeDirectory it checks is
    /// the first of these a signature has. SHA-384 is left out: no code page hasher for it.
    static let verifiedByStrength: [CodeDirectoryHashType] = [.sha256, .sha256Truncated, .sha1]

    /// The digest that computes it (truncated to `size` bytes); nil for unknown types.
    package var algorithm: Digest.Algorithm? {
        switch rawValue {
        case 1: .sha1
        case 2, 3: .sha256
        case 4: .sha384
        default: nil
        }
    }

    /// Bytes in one slot; nil for unknown types.
    public var size: Int? {
        switch rawValue {
        case 1, 3: 20
        case 2: 32
        case 4: 48
        default: nil
        }
    }

    /// e.g. `SHA-256`, or `hash type 9`.
    public var description: String {
        switch rawValue {
        case 1: "SHA-1"
        case 2: "SHA-256"
        case 3: "SHA-256 (truncated)"
        case 4: "SHA-384"
        default: "hash type \(rawValue)"
        }
    }
}
