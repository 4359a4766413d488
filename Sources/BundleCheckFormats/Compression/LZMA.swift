import CLzma

/// xz streams through liblzma: the only place in bundlecheck that calls `lzma_*`. `Decoder`
/// decodes one xz stream at a time, piece by piece, for `PBZXDecoder` (each chunk of a pbzx
/// payload is an xz stream of its own); `compress` writes one whole, for the fixture writers.
package enum LZMA {
    /// A liblzma return code (`lzma_ret`), typed so that a switch names what went wrong.
    ///
    /// The raw values are liblzma's; `LZMATests` checks each constant against the C definition.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: UInt32

        package init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        package static let ok = Code(rawValue: 0)
        package static let streamEnd = Code(rawValue: 1)
        package static let noCheck = Code(rawValue: 2)
        package static let unsupportedCheck = Code(rawValue: 3)
        package static let getCheck = Code(rawValue: 4)
        package static let memory = Code(rawValue: 5)
        package static let memoryLimit = Code(rawValue: 6)
        package static let format = Code(rawValue: 7)
        package static let options = Code(rawValue: 8)
        package static let data = Code(rawValue: 9)
        package static let buffer = Code(rawValue: 10)
        package static let program = Code(rawValue: 11)

        /// What the code means, lowercase, in liblzma's terms.
        package var description: String {
            switch self {
            case .memory: "liblzma could not allocate memory"
            case .memoryLimit: "the stream needs more memory than the decoder's limit"
            case .format: "not an xz stream (no xz header)"
            case .options: "the stream uses options liblzma does not support"
            case .data: "the xz data is corrupt"
            case .buffer: "the xz stream is truncated"
            case .program: "liblzma was called wrongly"
            default: "liblzma code \(rawValue)"
            }
        }
    }

    /// liblzma's return code when it refused to start or to go on.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package let code: Code

        package var description: String { code.description }
    }

    /// One .xz stream (the xz header, its blocks, the index and the footer) decoded a piece at
    /// a time, with a cap on the memory the stream may ask for (its dictionary, mostly). The
    /// decoder stops at the end of the stream and leaves what follows unread: nothing after
    /// it is decoded, neither padding nor a second stream, so the caller sees it in `consumed`.
    final class Decoder {
        /// liblzma keeps pointers into its stream: the stream lives at one address for the
        /// decoder's life, never in a Swift property that could move.
        private let stream: UnsafeMutablePointer<lzma_stream>
        private let memoryLimit: UInt64

        /// A decoder for one stream that may use up to `memoryLimit` bytes; `restart` readies it
        /// for the next stream.
        init(memoryLimit: UInt64) throws(Failure) {
            self.memoryLimit = memoryLimit
            stream = .allocate(capacity: 1)
            // All fields zero and null: what LZMA_STREAM_INIT spells in C.
            stream.initialize(to: lzma_stream())
            do {
                try restart()
            } catch {
                lzma_end(stream)
                stream.deinitialize(count: 1)
                stream.deallocate()
                throw error
            }
        }

        deinit {
            lzma_end(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        /// Forgets the stream decoded so far (or the error it ended in) and waits for a new one,
        /// keeping the allocations liblzma can reuse.
        func restart() throws(Failure) {
            // No flags: one stream, no concatenation, no padding after it; checks are verified.
            let status = lzma_stream_decoder(stream, memoryLimit, 0)
            guard status == LZMA_OK else { throw Failure(code: Code(rawValue: status.rawValue)) }
        }

        /// Decodes what it can of `input` into `output`: how much of each it used, and whether
        /// the stream ended (bytes of `input` past the end are not consumed). Neither count is 0
        /// unless `input` is empty or `output` full; damaged data, a stream past the memory
        /// limit and, with `inputEnds` (no input will follow `input`), a truncated stream throw.
        func decode(
            _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, inputEnds: Bool
        ) throws(Failure) -> (consumed: Int, produced: Int, ended: Bool) {
            guard let outputBase = output.baseAddress, !output.isEmpty else { return (0, 0, false) }
            stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_in = input.count
            stream.pointee.next_out = outputBase.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_out = output.count
            let status = lzma_code(stream, inputEnds ? LZMA_FINISH : LZMA_RUN)
            let consumed = input.count - stream.pointee.avail_in
            let produced = output.count - stream.pointee.avail_out
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            switch status {
            case LZMA_OK: return (consumed, produced, false)
            case LZMA_STREAM_END: return (consumed, produced, true)
            // No progress was possible twice in a row: more input is needed. With `inputEnds`
            // there is none, and the stream is truncated (liblzma answers the first call
            // without progress with LZMA_OK, the second with this).
            case LZMA_BUF_ERROR where !inputEnds: return (consumed, produced, false)
            default: throw Failure(code: Code(rawValue: status.rawValue))
            }
        }
    }

    /// `bytes` as one .xz stream (LZMA2, CRC-64) at `preset` (0 to 9, as `xz -0` … `xz -9`),
    /// for the fixture writers. The encoder's memory grows with the preset: 94 MiB at 6.
    package static func compress(_ bytes: [UInt8], preset: UInt32 = 6) throws(Failure) -> [UInt8] {
        let capacity = lzma_stream_buffer_bound(bytes.count)
        var written = 0
        var status = LZMA_OK
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            status = bytes.withUnsafeBufferPointer { input in
                lzma_easy_buffer_encode(preset, LZMA_CHECK_CRC64, nil, input.baseAddress, input.count, buffer.baseAddress, &written, capacity)
            }
            count = status == LZMA_OK ? written : 0
        }
        guard status == LZMA_OK else { throw Failure(code: Code(rawValue: status.rawValue)) }
        return output
    }

    /// The memory liblzma needs to decode a stream written at `preset` (0 to 9): 9 MiB at 6,
    /// 65 MiB at 9. `UInt64.max` for a preset it does not know.
    package static func decoderMemoryUsage(preset: UInt32) -> UInt64 {
        lzma_easy_decoder_memusage(preset)
    }

    /// The most bytes liblzma's encoder writes for `count` bytes of input: the input itself
    /// stored in uncompressed LZMA2 chunks (3 bytes of header for each 64 KiB) with the xz
    /// headers, index and footer around it.
    package static func compressedBound(_ count: Int) -> Int {
        lzma_stream_buffer_bound(count)
    }
}
