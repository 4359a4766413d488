import CZlib

/// Raw deflate data (RFC 1951) or RFC 1950's zlib format (the xar table of contents, asset
/// catalogs' renditions) inflated piece by piece by zlib: with `ZlibCompressor`, the only place in
/// bundlecheck that calls zlib. Zip entries go through `IsalInflater`, which is faster; this
/// serves the formats that need zlib's wrapper, and would serve zip entries too on a system
/// without ISA-L (both are `DeflateInflater`s).
final class ZlibInflater: DeflateInflater {
    /// zlib keeps a pointer back to its stream and checks it on every call: the stream lives
    /// at one address for the inflater's life, never in a Swift property that could move.
    private let stream: UnsafeMutablePointer<z_stream>

    /// zlib's return code when it refused to start or to go on, and its message (`msg`) if it gave one.
    struct Failure: Error, Equatable {
        let code: Int32
        var message: String? = nil
    }

    /// zlib's words for a block whose Huffman code is incomplete or over-subscribed. zlib refuses
    /// an incomplete one (but for a single distance code) where RFC 1951 is silent; ISA-L decodes
    /// it, and its output is the same as far as the block is valid (issue 49's `zip` harness).
    static let incompleteCodeMessages: Set<String> = ["invalid code lengths set", "invalid literal/lengths set", "invalid distances set"]

    /// Raw deflate by default; `zlibWrapped` for data with the zlib header and Adler-32 trailer
    /// (RFC 1950: the xar table of contents), which zlib then checks.
    init(zlibWrapped: Bool = false) throws(Failure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Negative window bits: raw deflate, without the zlib header and trailer.
        let status = inflateInit2_(stream, zlibWrapped ? MAX_WBITS : -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw Failure(code: status)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates what it can of `input` into `output`: how much of each it used, and whether the
    /// deflate stream ended (nothing after that point is data). Neither count is 0 unless
    /// `input` is empty or `output` full; damaged data throws.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(Failure) -> (consumed: Int, produced: Int, ended: Bool) {
        guard let outputBase = output.baseAddress, !output.isEmpty else { return (0, 0, false) }
        // zlib counts in 32 bits: a larger buffer is used in part, which the counts say.
        let inputCount = min(input.count, Int(UInt32.max))
        let outputCount = min(output.count, Int(UInt32.max))
        // zlib's next_in is not const in this header; it never writes through it.
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(inputCount)
        stream.pointee.next_out = outputBase.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(outputCount)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let consumed = inputCount - Int(stream.pointee.avail_in)
        let produced = outputCount - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch status {
        case Z_OK: return (consumed, produced, false)
        case Z_STREAM_END: return (consumed, produced, true)
        // No progress was possible: input is needed (the caller has none left, or gives more).
        case Z_BUF_ERROR: return (consumed, produced, false)
        default: throw Failure(code: status, message: stream.pointee.msg.map { String(cString: $0) })
        }
    }
}
