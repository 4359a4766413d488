/// The CRC-32 of zip, PNG and zlib (IEEE 802.3), of bytes held in memory; zlib computes it.
package enum CRC32 {
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { RawInflater.crc32(0, $0) }
    }
}
