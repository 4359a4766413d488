/// Bytes under construction for `MachOWriter`: little-endian Mach-O fields,
/// big-endian fat headers and code-signature blobs, and padding.
struct MachOByteBuffer {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func appendLittleEndian(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendBigEndian(_ value: UInt32) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendBigEndian(_ value: UInt64) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// A name in a fixed-size, NUL-padded field (segment names: 16 bytes).
    mutating func appendFixedName(_ name: String, length: Int) {
        let utf8 = Array(name.utf8.prefix(length))
        bytes.append(contentsOf: utf8 + [UInt8](repeating: 0, count: length - utf8.count))
    }

    /// Zero bytes up to the next multiple of `alignment`.
    mutating func pad(toMultipleOf alignment: Int) {
        let remainder = bytes.count % alignment
        if remainder != 0 {
            bytes.append(contentsOf: [UInt8](repeating: 0, count: alignment - remainder))
        }
    }

    mutating func pad(toCount target: Int) {
        if bytes.count < target {
            bytes.append(contentsOf: [UInt8](repeating: 0, count: target - bytes.count))
        }
    }
}
