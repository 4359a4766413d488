import Foundation
import Testing

@testable import BundleCheckFixtures

/// The LZVN streams the writer makes decode, with Apple's reference decoder (Python's `lzfse`
/// module, which takes LZVN in a `bvxn` block), to the bytes encoded: literal runs at the
/// lengths where the opcodes change (15, 16, 271, 272), matches long enough to need the
/// previous-distance opcodes, distances at the 16-bit limit, image rows, noise.
@Suite(.enabled(if: AssetCatalogTestSupport.pythonAvailable, "python3 is not on PATH; set CI=true to make that a failure"))
struct LZVNEncoderTests {
    static var inputs: [(String, [UInt8])] {
        var random: UInt32 = 0x1234_5678
        func noise(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                random ^= random << 13
                random ^= random >> 17
                random ^= random << 5
                return UInt8(random & 0xFF)
            }
        }
        let far = noise(70_000)
        return [
            ("one byte", [7]),
            ("15 literals", noise(15)), ("16 literals", noise(16)), ("271 literals", noise(271)), ("272 literals", noise(272)), ("noise", noise(5000)),
            ("a long run", [UInt8](repeating: 0xAB, count: 100_000)),
            ("matches of every length", (3...300).flatMap { noise(8) + [UInt8](repeating: UInt8($0 & 0xFF), count: $0) }),
            ("a repeat 65535 back", far + Array(far[4465..<4565])),
            ("a repeat 65536 back", far + Array(far[4464..<4564])),
            ("pixels", AssetCatalogPixels.image(width: 180, height: 180, bytesPerRow: 736, pattern: .opaque, seed: 9)),
        ]
    }

    @Test func everyStreamDecodesToItsInputWithTheReferenceDecoder() throws {
        let python = try #require(PlistTestEnvironment.python3, "python3 is required when CI=true")
        let check = try PlistTestEnvironment.run(python, ["-c", "import lzfse"])
        guard check.status == 0 else {
            if PlistTestEnvironment.isCI { Issue.record("python3's lzfse module is required when CI=true") }
            return
        }
        let directory = try PlistTestEnvironment.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments: [String] = []
        for (number, (_, input)) in Self.inputs.enumerated() {
            let plain = directory.appendingPathComponent("\(number).in")
            let lzvn = directory.appendingPathComponent("\(number).lzvn")
            let lzfse = directory.appendingPathComponent("\(number).lzfse")
            try Data(input).write(to: plain)
            try Data(LZVNEncoder.encode(input[...], rowLength: 736)).write(to: lzvn)
            try Data(LZFSEStreamWriter.lzvn(input[...]).dropLast(4) + LZFSEStreamWriter.raw(input[...])).write(to: lzfse)
            arguments += [plain.path, lzvn.path, lzfse.path]
        }
        let script = """
            import lzfse, struct, sys
            a = sys.argv[1:]
            for i in range(0, len(a), 3):
                plain, lzvn, framed = (open(p, 'rb').read() for p in a[i:i + 3])
                block = b'bvxn' + struct.pack('<II', len(plain), len(lzvn)) + lzvn + b'bvx$'
                # A stream of two blocks, LZVN then raw, decodes to the input twice.
                print(lzfse.decompress(block) == plain, lzfse.decompress(framed) == plain * 2, len(lzvn))
            """
        let run = try PlistTestEnvironment.run(python, ["-c", script] + arguments)
        try #require(run.status == 0, "\(run.errors)")
        let lines = String(decoding: run.output, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == Self.inputs.count)
        for ((name, input), line) in zip(Self.inputs, lines) {
            let fields = line.split(separator: " ")
            #expect(fields[0] == "True", "\(name): the LZVN stream decodes to its input")
            #expect(fields[1] == "True", "\(name): the LZFSE blocks decode to it")
            if name == "a long run" || name == "pixels" {
                #expect(Int(fields[2])! < input.count / 10, "\(name) compresses: \(fields[2]) bytes for \(input.count)")
            }
        }
    }

    @Test func literalsAloneAreAValidStream() {
        let input: [UInt8] = Array(0..<200)
        let stream = LZVNEncoder.literalsOnly(input[...])
        #expect(stream.count == 2 + 200 + 8 && Array(stream.prefix(2)) == [0xE0, 200 - 16] && Array(stream.suffix(8)) == LZVNEncoder.endOfStream)
        #expect(LZVNEncoder.encode([][...]) == LZVNEncoder.endOfStream)
    }
}
