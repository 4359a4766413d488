@testable import BundleCheckFormats

/// Decoding a whole payload for the pbzx tests: the source hands it out `pieceSize` bytes at a
/// time, and each read asks for the next of `readSizes`, round and round.
enum PBZXTestSupport {
    static func decode(
        _ payload: [UInt8], pieceSize: Int = .max, readSizes: [Int] = [65_536], limits: PBZXLimits = .standard,
        maximumOutput: UInt64? = nil
    ) -> Result<[UInt8], PBZXError> {
        let decoder = PBZXDecoder(bytes: payload, pieceSize: pieceSize, limits: limits, maximumOutput: maximumOutput)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSizes.max() ?? 1, alignment: 16)
        defer { buffer.deallocate() }
        var output: [UInt8] = []
        var step = 0
        do {
            while true {
                let count = try decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<readSizes[step % readSizes.count]]))
                if count == 0 { return .success(output) }
                output += buffer[..<count]
                step += 1
            }
        } catch let error as PBZXError {
            return .failure(error)
        } catch {
            preconditionFailure("an in-memory source does not throw: \(error)")
        }
    }

    /// Text that compresses as text does (words drawn from a small list), `count` bytes of it.
    static func text(_ count: Int, seed: UInt64 = 1) -> [UInt8] {
        let words = ["Payload", "Contents", "MacOS", "Resources", "Info.plist", "070707", "cpio", "xar", "Bom", "PackageInfo"]
        var random = SeededRandom(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 16)
        while bytes.count < count {
            bytes += words[Int(random.next() % UInt64(words.count))].utf8
            bytes.append(random.next() % 8 == 0 ? 0x0A : 0x20)
        }
        return Array(bytes.prefix(count))
    }

    /// `count` bytes no compressor makes smaller.
    static func random(_ count: Int, seed: UInt64 = 2) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// The chunk headers of a well-formed payload: each chunk's declared size and stored length.
    static func chunks(of payload: [UInt8]) -> [(declared: UInt64, stored: UInt64)] {
        func bigEndian(_ offset: Int) -> UInt64 { payload[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
        var chunks: [(UInt64, UInt64)] = []
        var offset = 12
        while offset + 16 <= payload.count {
            let declared = bigEndian(offset), stored = bigEndian(offset + 8)
            chunks.append((declared, stored))
            offset += 16 + Int(stored)
        }
        return chunks
    }
}
