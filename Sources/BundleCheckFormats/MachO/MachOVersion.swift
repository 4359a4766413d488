/// A version as Mach-O load commands encode it: `xxxx.yy.zz` in the nibbles of a 32-bit value.
public struct MachOVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 32-bit value as stored: major in the high 16 bits, then minor and patch in a byte each.
    public let encoded: UInt32

    public init(encoded: UInt32) {
        self.encoded = encoded
    }

    public init(major: UInt16, minor: UInt8 = 0, patch: UInt8 = 0) {
        encoded = UInt32(major) << 16 | UInt32(minor) << 8 | UInt32(patch)
    }

    /// Parses `X`, `X.Y` or `X.Y.Z`; nil when a part is missing, not a number or too large.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            let major = UInt16(parts[0]),
            let minor = parts.count > 1 ? UInt8(parts[1]) : 0,
            let patch = parts.count > 2 ? UInt8(parts[2]) : 0
        else { return nil }
        self.init(major: major, minor: minor, patch: patch)
    }

    public var major: Int { Int(encoded >> 16) }
    public var minor: Int { Int((encoded >> 8) & 0xff) }
    public var patch: Int { Int(encoded & 0xff) }

    /// `X.Y`, or `X.Y.Z` when the patch is not zero, as `llvm-objdump` prints it.
    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    public static func < (lhs: MachOVersion, rhs: MachOVersion) -> Bool {
        lhs.encoded < rhs.encoded
    }
}
