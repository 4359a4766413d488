/// Bytes written as hexadecimal digits, two per byte, as digests are quoted.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `[0xAB, 0x01]` as `ab01`.
    package static func lowercase(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
