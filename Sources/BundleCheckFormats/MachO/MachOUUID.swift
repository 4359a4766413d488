/// The 128-bit identifier of one build of one slice (`LC_UUID`): the linker derives it from the
/// code, and a dSYM's slice carries the same one, which is how symbols find their binary.
public struct MachOUUID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 16 bytes as stored.
    public let bytes: [UInt8]

    /// Nil unless exactly 16 bytes are given.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses `8-4-4-4-12` hexadecimal groups, in either case, as `dwarfdump --uuid` prints them
    /// and as App Store Connect names symbol files (`<UUID>.symbols`).
    public init?(_ text: some StringProtocol) {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return nil }
        var bytes: [UInt8] = []
        let digits = Array(groups.joined().utf8)
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[pair]), let low = Self.nibble(digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// Uppercase `8-4-4-4-12`, the form Apple's tools print.
    public var description: String {
        let hex = bytes.map { byte in
            let digits = Array("0123456789ABCDEF".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }

    public static func < (lhs: MachOUUID, rhs: MachOUUID) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
