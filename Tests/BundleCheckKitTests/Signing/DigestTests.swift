import Testing

@testable import BundleCheckFormats

/// `Digest` against the published test vectors of FIPS 180 and against itself fed in pieces.
@Suite struct DigestTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static let abc = Array("abc".utf8)
    static let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)

    @Test(arguments: [
        (Digest.Algorithm.sha1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (.sha384, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
    ])
    func abcHashesToTheStandardsVector(algorithm: Digest.Algorithm, expected: String) throws {
        let digest = try Digest.hash(Self.abc, algorithm)
        #expect(Self.hex(digest) == expected)
        #expect(digest.count == algorithm.size)
    }

    @Test(arguments: [
        (Digest.Algorithm.sha1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (.sha256, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func aMessageOfTwoBlocksHashesToTheStandardsVector(algorithm: Digest.Algorithm, expected: String) throws {
        #expect(Self.hex(try Digest.hash(Self.twoBlocks, algorithm)) == expected)
    }

    @Test func theEmptyMessageHasItsOwnDigest() throws {
        #expect(Self.hex(try Digest.hash([], .sha256)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test(arguments: Digest.Algorithm.allCases)
    func feedingInPiecesGivesTheDigestOfTheWhole(algorithm: Digest.Algorithm) throws {
        var random = SeededRandom(seed: 7)
        let message = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let digest = try Digest(algorithm)
        var rest = message[...]
        while !rest.isEmpty {
            let count = Int.random(in: 1...700, using: &random)
            try digest.update(rest.prefix(count))
            rest = rest.dropFirst(count)
        }
        #expect(try digest.finish() == Digest.hash(message, algorithm))
    }

    @Test func finishStartsTheNextMessage() throws {
        let digest = try Digest(.sha1)
        try digest.update(Self.abc)
        let first = try digest.finish()
        try digest.update(Self.twoBlocks)
        #expect(first == (try Digest.hash(Self.abc, .sha1)))
        #expect(try digest.finish() == Digest.hash(Self.twoBlocks, .sha1))
    }
}
