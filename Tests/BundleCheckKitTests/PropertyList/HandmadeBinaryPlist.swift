/// Assembles `bplist00` files from raw object bytes, so tests can write what no writer would:
/// cycles, references out of range, lying trailers.
enum HandmadeBinaryPlist {
    /// `objects` are complete encoded objects (marker and payload, references already
    /// `referenceSize` bytes wide); the trailer fields can be overridden to lie.
    static func assemble(
        _ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1, offsetSize: UInt8 = 1,
        objectCount: UInt64? = nil, tableStart: UInt64? = nil, offsets: [UInt64]? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var realOffsets: [UInt64] = []
        for object in objects {
            realOffsets.append(UInt64(bytes.count))
            bytes += object
        }
        let realTableStart = UInt64(bytes.count)
        for offset in offsets ?? realOffsets {
            bytes += bigEndian(offset, size: Int(offsetSize))
        }
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        bytes += bigEndian(objectCount ?? UInt64(objects.count), size: 8)
        bytes += bigEndian(top, size: 8)
        bytes += bigEndian(tableStart ?? realTableStart, size: 8)
        return bytes
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }
}
