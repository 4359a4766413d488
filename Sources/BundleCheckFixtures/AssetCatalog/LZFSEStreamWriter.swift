/// Frames bytes as an LZFSE stream (CoreUI's compression type 4) without an LZFSE entropy coder:
/// LZFSE streams are blocks, each a magic and its sizes, ending with `bvx$`, and two of the block
/// kinds need none. `bvx-` holds the bytes raw (its magic, then the count, then them); `bvxn`
/// holds an LZVN stream (its magic, the decoded count, the LZVN bytes' count, then them), which
/// Apple's own encoder writes for small inputs, and Xcode's catalogues hold for their short last
/// chunks. Both decode with the reference decoder (lzfse/lzfse) as any LZFSE stream does.
enum LZFSEStreamWriter {
    static let rawBlockMagic = Array("bvx-".utf8)
    static let lzvnBlockMagic = Array("bvxn".utf8)
    static let endOfStreamMagic = Array("bvx$".utf8)

    /// `bytes` in one `bvx-` block (none when empty), then the end of stream.
    static func raw(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard !bytes.isEmpty else { return endOfStreamMagic }
        return rawBlockMagic + littleEndian(bytes.count) + bytes + endOfStreamMagic
    }

    /// `bytes` LZVN-compressed (`LZVNEncoder`) in one `bvxn` block, then the end of stream.
    static func lzvn(_ bytes: ArraySlice<UInt8>, rowLength: Int = 0) -> [UInt8] {
        guard !bytes.isEmpty else { return endOfStreamMagic }
        let payload = LZVNEncoder.encode(bytes, rowLength: rowLength)
        return lzvnBlockMagic + littleEndian(bytes.count) + littleEndian(payload.count) + payload + endOfStreamMagic
    }

    static func littleEndian(_ value: Int) -> [UInt8] {
        let value = UInt32(value)
        return [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
