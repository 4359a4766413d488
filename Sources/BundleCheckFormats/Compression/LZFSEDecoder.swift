/// An LZFSE stream (Apple's compression format, as `Assets.car` renditions store their pixels)
/// decoded in memory.
///
/// The format, as Apple's reference implementation (lzfse/lzfse) writes and reads it: blocks,
/// each opened by a four-byte magic, until `bvx$`. `bvx-` blocks hold bytes as they are, `bvxn`
/// blocks LZVN (`LZVNDecoder`), `bvx2` and `bvx1` blocks LZFSE proper (`LZFSECompressedBlock`).
/// Every block says how many bytes it decodes to. Matches may reach back into earlier blocks'
/// output, never before the stream's first byte.
///
/// The decoder reads the stream twice. First it walks the block headers only, adding up what
/// they declare: a stream past `LZFSELimits.maxOutput`, or whose framing is damaged, is refused
/// before anything is decoded or allocated. Then it decodes each block into one buffer of the
/// declared size, and each block must decode to exactly what it declared. A damaged stream
/// throws an `LZFSEError` naming the block and its offset; no input traps or loops unbounded
/// (each block takes at least 4 bytes of input, each opcode or triple its own bits).
package enum LZFSEDecoder {
    /// Whether `prefix` (the first bytes of some data, any number) starts as an LZFSE stream
    /// does: with a block's magic.
    package static func startsLikeLZFSE(_ prefix: some Collection<UInt8>) -> Bool {
        guard prefix.count >= 4 else { return false }
        let word = prefix.prefix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return LZFSEFormat.Magic(rawValue: word) != nil
    }

    /// Decodes a whole LZFSE stream (blocks until `bvx$`) held in memory; throws when the output
    /// would pass `limits.maxOutput` or the stream is damaged. Bytes after `bvx$` are not read
    /// (as Apple's decoder, which stops there); `decode(_:appendingTo:limits:)` says where it was.
    package static func decode(_ input: ArraySlice<UInt8>, limits: LZFSELimits = .standard) throws(LZFSEError) -> [UInt8] {
        try input.withUnsafeBufferPointer { (source) throws(LZFSEError) -> [UInt8] in
            let layout = try measure(source, limits: limits)
            return try [UInt8](unsafeUninitializedCapacity: layout.decodedCount + LZFSECopy.slack) { (output, count) throws(LZFSEError) in
                guard let start = output.baseAddress else { return }
                try decodeBlocks(source, into: start)
                count = layout.decodedCount
            }
        }
    }

    /// Decodes a whole LZFSE stream onto the end of `output`, and returns how many bytes of
    /// `input` the stream took, its `bvx$` included. `limits.maxOutput` caps the bytes this
    /// stream adds. On error `output` is left as it was.
    package static func decode(
        _ input: ArraySlice<UInt8>, appendingTo output: inout [UInt8], limits: LZFSELimits = .standard
    ) throws(LZFSEError) -> Int {
        try input.withUnsafeBufferPointer { (source) throws(LZFSEError) -> Int in
            let layout = try measure(source, limits: limits)
            let existing = output.count
            output.append(contentsOf: repeatElement(0, count: layout.decodedCount + LZFSECopy.slack))
            var failure: LZFSEError?
            output.withUnsafeMutableBufferPointer { buffer in
                guard let start = buffer.baseAddress else { return }
                do throws(LZFSEError) {
                    try decodeBlocks(source, into: start + existing)
                } catch {
                    failure = error
                }
            }
            if let failure {
                output.removeSubrange(existing...)
                throw failure
            }
            output.removeLast(LZFSECopy.slack)
            return layout.length
        }
    }

    /// What the block headers declare: the bytes the stream decodes to, and its length in the
    /// input up to and including `bvx$`.
    private static func measure(_ input: UnsafeBufferPointer<UInt8>, limits: LZFSELimits) throws(LZFSEError) -> (decodedCount: Int, length: Int) {
        var offset = 0, index = 0, total = 0
        while true {
            let header = try LZFSEBlockHeader.read(input, at: offset, index: index)
            if case .endOfStream = header.kind { return (total, header.end) }
            total += header.decodedCount
            guard total <= limits.maxOutput else { throw .outputLimitExceeded(block: index, offset: offset, limit: limits.maxOutput) }
            offset = header.end
            index += 1
        }
    }

    /// Decodes the blocks `measure` walked into `origin`, which holds their declared bytes and
    /// `LZFSECopy.slack` more.
    private static func decodeBlocks(_ input: UnsafeBufferPointer<UInt8>, into origin: UnsafeMutablePointer<UInt8>) throws(LZFSEError) {
        var offset = 0, index = 0
        var output = origin
        var workspace: LZFSECompressedBlock.Workspace?
        while true {
            let header = try LZFSEBlockHeader.read(input, at: offset, index: index)
            switch header.kind {
            case .endOfStream:
                return
            case .raw:
                if let base = input.baseAddress, header.payloadLength > 0 {
                    output.update(from: base + header.payloadStart, count: header.payloadLength)
                }
            case .lzvn:
                let end = try LZVNDecoder.decodeBlock(
                    input, from: header.payloadStart, to: header.end, into: output, origin: origin, count: header.decodedCount,
                    block: index, offset: offset
                )
                guard end == header.end else { throw .lzvnEndsBeforePayload(block: index, offset: offset, unused: header.end - end) }
            case .compressed(let fields):
                let tables = workspace ?? LZFSECompressedBlock.Workspace()
                workspace = tables
                try LZFSECompressedBlock.decode(header, fields, input: input, into: output, origin: origin, workspace: tables)
            }
            output += header.decodedCount
            offset = header.end
            index += 1
        }
    }
}
