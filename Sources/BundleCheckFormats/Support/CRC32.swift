import CIsal

/// The CRC-32 of zip, PNG and gzip (reflected IEEE 802.3), computed by ISA-L's folded CRC.
package enum CRC32 {
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, $0) }
    }

    /// `crc` carried over `bytes`, as a zip entry's is over its pieces (start from 0).
    package static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return bundlecheck_isal_crc32(crc, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }
}
