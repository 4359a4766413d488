import Foundation

@testable import BundleCheckFormats

/// Apple's reference LZFSE encoder and decoder (lzfse/lzfse), through Python's `lzfse` package,
/// and the inputs the LZFSE tests compress: what the decoder is checked against, never itself.
enum LZFSEReference {
    static let missing = "needs python3 with lzfse (pip install lzfse)"
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether python3 can import lzfse; the tests that need it are skipped without it, except on CI.
    static let isAvailable: Bool = (try? python("import lzfse", input: []).status) == 0
    static var testsEnabled: Bool { isAvailable || isCI }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Each input compressed by the reference encoder, in one python3 run.
    static func compress(_ inputs: [[UInt8]]) throws -> [[UInt8]] {
        try transform(inputs, "lzfse.compress(item)").map { try $0.get() }
    }

    /// Each input decoded by the reference decoder, or why it refused. (Its Python wrapper refuses
    /// a stream that decodes to no bytes, the encoder's own output for an empty input included.)
    static func decompress(_ inputs: [[UInt8]]) throws -> [Result<[UInt8], Failure>] {
        try transform(inputs, "lzfse.decompress(item)")
    }

    /// Runs `expression` over each input: items go to python3 and back framed as an 8-byte
    /// little-endian length and the bytes; a length with the top bit set marks a refusal.
    private static func transform(_ inputs: [[UInt8]], _ expression: String) throws -> [Result<[UInt8], Failure>] {
        let script = """
            import struct, sys, lzfse
            data = sys.stdin.buffer.read()
            out = sys.stdout.buffer
            i = 0
            while i < len(data):
                (n,) = struct.unpack_from('<Q', data, i)
                item = data[i + 8:i + 8 + n]
                i += 8 + n
                try:
                    result = \(expression)
                    out.write(struct.pack('<Q', len(result)) + result)
                except Exception:
                    out.write(struct.pack('<Q', 1 << 63))
            """
        var framed: [UInt8] = []
        for input in inputs { framed += littleEndian(UInt64(input.count)) + input }
        let run = try python(script, input: framed)
        guard run.status == 0 else { throw Failure(description: "python3 lzfse failed: \(run.error)") }
        var results: [Result<[UInt8], Failure>] = []
        var offset = 0
        let output = run.output
        while offset + 8 <= output.count {
            let length = output[offset..<(offset + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            offset += 8
            if length & (1 << 63) != 0 {
                results.append(.failure(Failure(description: "the reference decoder refused it")))
                continue
            }
            guard offset + Int(length) <= output.count else { break }
            results.append(.success(Array(output[offset..<(offset + Int(length))])))
            offset += Int(length)
        }
        guard results.count == inputs.count else { throw Failure(description: "python3 returned \(results.count) of \(inputs.count) items") }
        return results
    }

    private static func python(_ script: String, input: [UInt8]) throws -> InstallerTestSupport.Run {
        try InstallerTestSupport.run("/usr/bin/env", ["python3", "-c", script], input: input)
    }

    static func littleEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

/// Inputs the tests compress: the same generators are written in Python in the test vectors'
/// comment, which is how the checked-in streams were made.
enum LZFSEInputs {
    static let words = ["bundle", "icon", "AppIcon", "Contents", "pixel", "the", "asset", "catalog", "\n"]

    /// `count` bytes of words drawn by a 64-bit LCG from `seed`, each followed by a space.
    static func text(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 16)
        while bytes.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes += words[Int((state >> 33) % UInt64(words.count))].utf8
            bytes.append(0x20)
        }
        return Array(bytes.prefix(count))
    }

    /// RGBA rows as an icon has them: a red ramp across, green bands repeating every 16 rows,
    /// blue stripes 8 pixels wide, opaque.
    static func pixels(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8((x * 4) & 0xFF), UInt8(((y % 16) * 16) & 0xFF), UInt8((x / 8) % 2 * 200), 255]
            }
        }
        return bytes
    }

    /// An icon-like image with the noise of a photograph: gradients, a repeated tile, and a
    /// little randomness in the low bits that defeats long matches.
    static func noisyPixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let tile = (x / 32 + y / 32) % 3 == 0
                let noise = UInt8(truncatingIfNeeded: random.next() & 3)
                bytes +=
                    tile
                    ? [0xFF, 0x3B, 0x30, 0xFF]
                    : [UInt8(x * 255 / max(width - 1, 1)) ^ noise, UInt8(y * 255 / max(height - 1, 1)), 0x80 | noise, UInt8(x < 2 ? 0 : 255)]
            }
        }
        return bytes
    }

    static func random(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// The magic of each block of a well-formed stream, in order (`bvx$` last).
    static func blockMagics(_ stream: [UInt8]) throws -> [String] {
        var magics: [String] = []
        var offset = 0
        try stream.withUnsafeBufferPointer { (input) throws(LZFSEError) in
            while true {
                let header = try LZFSEBlockHeader.read(input, at: offset, index: magics.count)
                magics.append(String(decoding: input[offset..<(offset + 4)], as: UTF8.self))
                if case .endOfStream = header.kind { return }
                offset = header.end
            }
        }
        return magics
    }
}

/// Rewrites reference streams into shapes the reference encoder does not write.
enum LZFSEStreamRewriter {
    /// Every `bvx2` block with its header unpacked into the `bvx1` layout: 32-bit counts and
    /// payload sizes, the 32-bit bit counts and 16-bit states, then the 360 frequencies as
    /// 16-bit words and two bytes of padding (772 bytes).
    static func unpackingHeaders(_ stream: [UInt8]) throws -> [UInt8] {
        var output: [UInt8] = []
        var offset = 0, index = 0
        try stream.withUnsafeBufferPointer { (input) throws(LZFSEError) in
            let frequencies = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: LZFSEFormat.frequencyCount)
            defer { frequencies.deallocate() }
            while true {
                let header = try LZFSEBlockHeader.read(input, at: offset, index: index)
                guard case .compressed(let fields) = header.kind, fields.isPacked else {
                    output += input[offset..<header.end]
                    if case .endOfStream = header.kind { return }
                    offset = header.end
                    index += 1
                    continue
                }
                try fields.readFrequencies(input, block: header, into: frequencies)
                func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
                func half(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
                var unpacked = Array("bvx1".utf8) + word(header.decodedCount)
                unpacked += word(fields.literalPayloadLength + fields.lmdPayloadLength) + word(fields.literalCount) + word(fields.matchCount)
                unpacked += word(fields.literalPayloadLength) + word(fields.lmdPayloadLength) + word(fields.literalBits)
                unpacked += half(fields.literalStates.0) + half(fields.literalStates.1) + half(fields.literalStates.2) + half(fields.literalStates.3)
                unpacked += word(fields.lmdBits) + half(fields.literalLengthState) + half(fields.matchLengthState) + half(fields.distanceState)
                for frequency in frequencies { unpacked += half(Int(frequency)) }
                unpacked += [0, 0]
                output += unpacked + input[header.payloadStart..<header.end]
                offset = header.end
                index += 1
            }
        }
        return output
    }
}
