/// Little-endian bytes for hand-built tables in tests (chained-fixups data).
struct MachOByteBufferForTests {
    var bytes: [UInt8] = []

    mutating func append32(_ value: UInt32) {
        for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
