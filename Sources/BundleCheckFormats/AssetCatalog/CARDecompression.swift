/// The decompressors a pixel chunk goes through, each told the exact size the chunk must decode
/// to and refusing more: zlib through `ZlibInflater`, LZFSE and LZVN through `LZFSEDecoder`.
enum CARDecompression {
    /// Why a stream did not decode: the decompressor's own words, or that it made other than
    /// `expected` bytes (`decoded`).
    enum Failure: Error {
        case refused(String)
        case size(decoded: Int)
    }

    /// `input` inflated to exactly `expected` bytes. CoreUI's zlib chunks are written gzip-
    /// wrapped, per xcbuild and iineva/bom (none are in the corpus): a gzip header is stepped
    /// over, a zlib header read as such, anything else taken as raw deflate.
    static func zlib(_ input: ArraySlice<UInt8>, expected: Int) throws(Failure) -> [UInt8] {
        var body = input
        var wrapped = false
        if input.starts(with: [0x1F, 0x8B]) {
            guard let start = gzipBodyStart(input) else { throw .refused("a gzip header cut short") }
            body = input[start...]
        } else if input.count >= 2, input[input.startIndex] & 0x0F == 8, (UInt16(input[input.startIndex]) << 8 | UInt16(input[input.startIndex + 1])) % 31 == 0
        {
            wrapped = true
        }
        let inflater: ZlibInflater
        do { inflater = try ZlibInflater(zlibWrapped: wrapped) } catch { throw .refused("zlib error \(error.code)") }
        var output = [UInt8](repeating: 0, count: expected + 1)
        var produced = 0
        var consumed = 0
        let bytes = Array(body)
        while true {
            let result = bytes.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    Result { () throws(ZlibInflater.Failure) in
                        try inflater.inflate(
                            UnsafeRawBufferPointer(rebasing: source[consumed...]), into: UnsafeMutableRawBufferPointer(rebasing: target[produced...]))
                    }
                }
            }
            let step: (consumed: Int, produced: Int, ended: Bool)
            switch result {
            case .success(let value): step = value
            case .failure(let error): throw .refused("zlib error \(error.code)")
            }
            consumed += step.consumed
            produced += step.produced
            if step.ended || produced > expected { break }
            if step.consumed == 0 && step.produced == 0 { throw .refused("the stream is cut short") }
        }
        guard produced == expected else { throw .size(decoded: produced) }
        output.removeLast()
        return output
    }

    /// Where a gzip member's deflate data starts (RFC 1952: fixed header, then the optional
    /// extra field, name, comment and header CRC the flags announce).
    static func gzipBodyStart(_ input: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(input)
        guard bytes.count >= 10, bytes[2] == 8 else { return nil }
        let flags = bytes[3]
        var offset = 10
        if flags & 4 != 0 {
            guard offset + 2 <= bytes.count else { return nil }
            offset += 2 + (Int(bytes[offset]) | Int(bytes[offset + 1]) << 8)
        }
        for bit: UInt8 in [8, 16] where flags & bit != 0 {
            guard let end = bytes[min(offset, bytes.count)...].firstIndex(of: 0) else { return nil }
            offset = end + 1
        }
        if flags & 2 != 0 { offset += 2 }
        return offset <= bytes.count ? input.startIndex + offset : nil
    }

    /// `input`, an LZFSE stream (`bvx2`, `bvx1`, `bvxn`, `bvx-` blocks up to `bvx$`), decoded
    /// to exactly `expected` bytes: the decoder is capped at one byte more, so a stream that
    /// declares more is refused before it is decoded.
    static func lzfse(_ input: ArraySlice<UInt8>, expected: Int) throws(Failure) -> [UInt8] {
        let decoded: [UInt8]
        do {
            decoded = try LZFSEDecoder.decode(input, limits: LZFSELimits(maxOutput: expected + 1))
        } catch .outputLimitExceeded {
            throw .size(decoded: expected + 1)
        } catch {
            throw .refused(error.description)
        }
        guard decoded.count == expected else { throw .size(decoded: decoded.count) }
        return decoded
    }

    /// `input`, a bare LZVN stream (2015's catalogs), decoded to exactly `expected` bytes.
    static func lzvn(_ input: ArraySlice<UInt8>, expected: Int) throws(Failure) -> [UInt8] {
        let decoded: [UInt8]
        do {
            decoded = try LZVNDecoder.decode(input, outputCount: expected)
        } catch {
            throw .refused(error.description)
        }
        guard decoded.count == expected else { throw .size(decoded: decoded.count) }
        return decoded
    }
}
