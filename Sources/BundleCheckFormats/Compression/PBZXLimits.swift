/// How much a pbzx payload may claim before `PBZXDecoder` refuses it: the one place these caps
/// live; docs/limits.md lists them with their values.
///
/// Apple writes chunks of 16 MiB. A chunk's declared size is checked against `maximumChunkSize`
/// and its stored length against `maximumStoredLength(chunkSize:)` before a byte of it is read,
/// and nothing is ever allocated from either: the decoder reads stored bytes 64 KiB at a time.
/// What the whole payload may decode to is the caller's to cap (`PBZXDecoder`'s `maximumOutput`).
package struct PBZXLimits: Sendable, Hashable {
    /// The largest chunk size the header may declare: four times Apple's 16 MiB.
    package var maximumChunkSize: UInt64
    /// What liblzma may allocate to decode one chunk's xz stream, the dictionary above all.
    /// xz's largest preset (`-9`, a 64 MiB dictionary) needs 65 MiB.
    package var xzMemoryLimit: UInt64
    /// Bytes a chunk's xz stream may take beyond the chunk's size, per MiB of chunk size
    /// (and `storedOverhead` on top): incompressible data grows in xz by 3 bytes of LZMA2
    /// header per 64 KiB (48 per MiB) and the stream's own headers.
    package var storedOverheadPerMiB: UInt64
    /// Bytes a chunk's xz stream may take beyond the chunk's size whatever the size: the xz
    /// header, block headers, index, footer and a check of up to 64 bytes.
    package var storedOverhead: UInt64

    package init(maximumChunkSize: UInt64, xzMemoryLimit: UInt64, storedOverheadPerMiB: UInt64, storedOverhead: UInt64) {
        self.maximumChunkSize = maximumChunkSize
        self.xzMemoryLimit = xzMemoryLimit
        self.storedOverheadPerMiB = storedOverheadPerMiB
        self.storedOverhead = storedOverhead
    }

    /// liblzma's bound for 16 MiB is 912 bytes more than the input, and `xz` writes 892 more for
    /// 16 MiB of random bytes (whereupon Apple stores the chunk raw); these caps allow 5 KiB.
    package static let standard = PBZXLimits(
        maximumChunkSize: 64 << 20, xzMemoryLimit: 72 << 20, storedOverheadPerMiB: 64, storedOverhead: 4096
    )

    /// The longest a chunk of a payload whose chunks are `chunkSize` bytes may be stored:
    /// 16 MiB chunks may take 16 MiB + 5 KiB.
    package func maximumStoredLength(chunkSize: UInt64) -> UInt64 {
        let (perMiB, overflowed) = (chunkSize >> 20).multipliedReportingOverflow(by: storedOverheadPerMiB)
        let (overhead, overflowedAgain) = perMiB.addingReportingOverflow(storedOverhead)
        let (total, overflowedAtLast) = chunkSize.addingReportingOverflow(overhead)
        return overflowed || overflowedAgain || overflowedAtLast ? .max : total
    }
}
