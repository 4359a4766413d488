/// A set of ASCII bytes, as a 128-bit mask: the alphabet of a shaped value.
package struct ByteClass: Sendable, Hashable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The bytes of `characters`, where `a-z` stands for the range.
    /// Exactly these bytes (ASCII; others are left out).
    package init(bytes: [UInt8]) {
        identity = String(decoding: bytes.filter { $0 < 0x80 }.sorted(), as: UTF8.self)
        for byte in bytes { insert(byte) }
    }

    package init(_ characters: String) {
        identity = characters
        let bytes = Array(characters.utf8)
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index] < bytes[index + 2] {
                for byte in bytes[index]...bytes[index + 2] { insert(byte) }
                index += 3
            } else {
                insert(bytes[index])
                index += 1
            }
        }
    }

    package let identity: String

    private mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
    }

    package func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}
