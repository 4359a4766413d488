import CZlib

/// Deflates bytes in one call, wrapped as a zlib stream (RFC 1950) or a gzip member
/// (RFC 1952): with `ZlibInflater.swift`, the only place in bundlecheck that calls zlib.
/// The fixture builder writes macOS installer packages with it: a xar archive's table of
/// contents and `application/x-gzip` members are zlib streams, a component's `Payload` is gzip.
///
/// The level, window and memory settings are fixed, and zlib writes a gzip header with no
/// name and a zero time, so the same bytes give the same output for a given zlib version.
package enum ZlibCompressor {
    package enum Format: Sendable, Hashable {
        /// A two-byte header, the deflate data and an Adler-32 trailer.
        case zlib
        /// A ten-byte gzip header, the deflate data and a CRC-32 and length trailer.
        case gzip

        /// zlib's `windowBits`: 15 (a 32 KiB window), plus 16 for a gzip wrapper.
        fileprivate var windowBits: Int32 {
            switch self {
            case .zlib: MAX_WBITS
            case .gzip: MAX_WBITS + 16
            }
        }
    }

    /// zlib's return code when it refused to start or to go on.
    package struct Failure: Error, Equatable, Sendable {
        package let code: Int32
    }

    /// The compression level: zlib's default trade of speed for size, stated rather than
    /// left to `Z_DEFAULT_COMPRESSION` so the output cannot change with a default.
    package static let level: Int32 = 6

    /// `bytes` deflated and wrapped as `format` asks.
    package static func compress(_ bytes: [UInt8], format: Format) throws(Failure) -> [UInt8] {
        // zlib keeps a pointer back to its stream: it stays at one address for the call.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, format.windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size)
        )
        guard status == Z_OK else { throw Failure(code: status) }
        defer { deflateEnd(stream) }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let result: Int32 = bytes.withUnsafeBufferPointer { input in
            var offset = 0
            while true {
                // zlib counts in 32 bits: a larger input goes in slices, the last one finishing.
                let length = min(input.count - offset, Int(UInt32.max))
                let last = offset + length == input.count
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress.map { $0 + offset })
                stream.pointee.avail_in = uInt(length)
                var code: Int32 = Z_OK
                repeat {
                    code = chunk.withUnsafeMutableBufferPointer { out in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = uInt(out.count)
                        let code = deflate(stream, last ? Z_FINISH : Z_NO_FLUSH)
                        return code
                    }
                    let produced = chunk.count - Int(stream.pointee.avail_out)
                    output.append(contentsOf: chunk[..<produced])
                    if code != Z_OK && code != Z_STREAM_END && code != Z_BUF_ERROR { return code }
                } while stream.pointee.avail_out == 0 || (last && code != Z_STREAM_END)
                offset += length
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
                if last { return Z_STREAM_END }
            }
        }
        guard result == Z_STREAM_END else { throw Failure(code: result) }
        return output
    }
}
