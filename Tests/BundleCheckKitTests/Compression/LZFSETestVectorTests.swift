import Foundation
import Testing

@testable import BundleCheckFormats

/// Streams Apple's reference encoder wrote, checked in so the decoder is tested where Python's
/// `lzfse` is absent. They were made once with `lzfse.compress` (Python lzfse 0.4.2, which bundles lzfse/lzfse)
/// from the inputs `LZFSEInputs` generates; in Python:
///
/// ```python
/// W = [b"bundle", b"icon", b"AppIcon", b"Contents", b"pixel", b"the", b"asset", b"catalog", b"\n"]
/// def text(n, seed):                   # LZFSEInputs.text
///     s, out = seed, bytearray()
///     while len(out) < n:
///         s = (s * 6364136223846793005 + 1442695040888963407) % 2**64
///         out += W[(s >> 33) % len(W)] + b" "
///     return bytes(out[:n])
/// def pixels(w, h):                    # LZFSEInputs.pixels
///     return bytes(v for y in range(h) for x in range(w)
///                  for v in ((x * 4) & 255, ((y % 16) * 16) & 255, (x // 8) % 2 * 200, 255))
/// empty, hello = b"", b"hello, hello, hello!"
/// text300, text6000 = text(300, 1), text(6000, 2)
/// pixels32, zeros = pixels(32, 32), bytes(100000)
/// ```
enum LZFSETestVectors {
    static func stream(_ lines: String...) -> [UInt8] {
        guard let data = Data(base64Encoded: lines.joined()) else { preconditionFailure("a test vector is not base64") }
        return Array(data)
    }

    static let empty = stream(
        "YnZ4LQAAAABidngk"
    )

    static let hello = stream(
        "YnZ4LRQAAABoZWxsbywgaGVsbG8sIGhlbGxvIWJ2eCQ="
    )

    static let text300 = stream(
        "YnZ4biwBAACJAAAA7HRoZSBDb250ZW50czgJ+elidW5kbGUgCiAIKOdjYXRhbG9nOB7lcGl4ZWw4Dzgg9zAJCD4YLeZpY29u",
        "IAowK+Vhc3NldBgVGCBocwowPORBcHBJCCAYKygOMB8YNygXaBxp9WhPCvIgByh4GDYoDig+GBY46/IYdedwaXhlbCBDBgAA",
        "AAAAAABidngk"
    )

    static let text6000 = stream(
        "YnZ4MnAXAABkAPACAD0CMEvC9rLCsQMQqgAAAD8QMAL/wVBEAAAQAXswT+bI6OoWELrPxtXF3ncndzeXJ0c3l4cH62K0K2PY",
        "GAEAAAAAAAAAAH4eAAAAAAAeBgAAAAAAAACAE44BOAEAAAAAAP6Akz/g5Evg5A/4O+AP4GH4Df4A+ANehxM4AQAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIEOYecXm0s7EguS8WVnopqPahz9TfvajbSpk8vsrgUGW9GCH4FRU3T8mw6gG",
        "DgAAAAAAAAAAAADQBxQSpwSziPgdeTyi0A64tQ5eKnCgcm06d/gzyZdHwgkV7wItWVQ304W9sd/Yb9Phv+56dlo0XDRyUovL",
        "DdsrUVW0i5KeGFY2W5VlQ5iqeVj6zXB2JNtVeRiA9v4fKUQtdjjKqw4f1MCRmRGZj4URm8KHGrmIDZzV1gKi5/5bK12pc0F5",
        "+ZBhTICC4n8rkrGisnEZF/O0TJ/tBuHiAbOFaKTU3uEp/xHZ1+NmRsFI769y6GBk6DdBdR9FSGOMcDBR2Gu/H2UY3CaM2ewu",
        "yuAuJn2tnSlaz0BfuLEMDY+QVOxzagnlUuyfISzjoWNoSu0W5Ic2y8fRKIjA0KQ400GKxZawYdN+olHnxb7MC7/mbhFpmQpI",
        "D5sIq4HyDtRm582AkkUNDHRfTIzcLGOpdolCY+NIccumjC6mIITNc/DLdCAvSdbtOBX7zR0/w2x3e/8WsWPM4LgYQ5fipxZF",
        "ElOUqMClvZVrJHX5bVKa7D6BDsrSwKv8zCxosecAorJUuCuHI7/7Fi9z2w3SfQh8MToh4Z1pxohKoCX+wf/7CkeU8+f4XPr8",
        "AkVod5tLkmxDLQj8HAbdvWh2dh/ZHVKyaMPSnhRRfUKOFFdXOTdapgFg3OybM5VokyT5EMek7juQfasAKqbgMO++z7Hs7D0h",
        "7Ecmtwax10Vc85pcy0GC0nPas40OuBtSnhkL2tsk21DskuMEkcSNFHJNp7eR8Kgi6rMo/gFdfeNuomG4mLsrwYyf65Auf78c",
        "xSWMQ/ESdfQ+S6jz40fNSF1GJ8a4S01yznGUCdg+3lK3GsuzMWY0ooc7dI6rGRxozHevkzevD59DG7EC7q8bBE2JxqkACn6m",
        "toKZ9kLQcbvDNpoIsajTcbkATZJGD0DnlTbtEoMKcRAMDqovs+NLoopo/V4j2gBZxPCWX0PWjppLcPptywBhtxuwIl2AIOOo",
        "2k9CHlTF0fObl/7IKWvHbhTZlud0CyZBikN17WEn3V25ge3nJyb5MNA0tQTUt2VqLVOBe/OgxCzgdam3QxwxpK6YVdtPE6mn",
        "uDzPqwTee/VMl9IOLxHCq7vgxcUNCrcJ+vTVlqspmih7c795Lw4JATvmDuEWPQTNoUDuuDsmTLT7MbsTiQCS2gTYboL7d7cL",
        "J7hkjapMvIinbjGn5caO1kCjD8YHJnkrmi5f64ef6EQoCkz5ZsQ2Nx/USgNEx9wNxVsChHOXYsca5OA6c5qbN5RO4qDPZLhs",
        "eAWZz0JMmApyAGJ2eCQ="
    )

    static let pixels32 = stream(
        "YnZ4MgAQAAAECFBBAAgAII4oosj/FABQqgAAADiw0AsABwAAAPAgPAgAAAAAcPCIPAoAAAAAAAAAAPAIAAAAAAAAAA8IcAAc",
        "AAfAAwAcAAfAAfAAAAfAAXAAPADAAXAAHAAPAHAAHAAHwAMAHAAHwAHwAAAHwAFwADwAwAFwABwAhwAAAMAhAAAAcAgAAAAc",
        "AgAAAIcAwKMBABwCAAAAhwAAAMAhAAAAPDoAAAAYj/Y92+dwX3M/z3059+Hc99xrs29+n9y+bifsvt5dvLteu/TsurnL3q7m",
        "Hpq7Yu6Cueu5v2fP/h69Pd3u2z21e2j31u44a36u87euuZ7nupzrcK57rrVZN79Obl23EnZd7yreVa9VelbdXGVvVXMNzVUx",
        "V8Fc9Vzfs2Z/jd6abvXtmto1tGtrdZwtP7f529bcznNbzm04tz232myb3ya3rdsIu613E++m1yY9m25usrepuYXmppibYG56",
        "bu/Zsr9Fb0u3+XZL7RbarbU5zpKfyfwlaybnmSxnMpzJnkltks0nk0vWJYRN1puIN9ErkZ5ENxPZS9RMQjNRzEQwEz2T9yTZ",
        "T6KXpEt8m6Q2CW3SShwnz098/vA18fPElxMfTnxPvDb45vHJ4etwwuLrxcWL64VLD66buOzhauKhiSsmLpi4nvh78Ozj0cPT",
        "4b7FU4uHFm/hjoPmJzp/6JroeaLLiQ4nuidaG3Tz6OTQdShh0fWi4kX1QqUH1U1U9lA10dBEFRMVTFRP9D1o9tHooelQ36Kp",
        "RUOLtlDHwfITmz9sTew8seXEhhPbE6sNtnlsctg6jLDYejHxYnph0oPpJiZ7mJpYaGKKiQkmpif2Hiz7WPSwdJhvsdRiocVa",
        "mOMg+YnMH7Imcp7IciLDieyJ1AbZPDI5ZB1CWGS9iHgRvRDpQXQTkT1ETSQ0EcVEBBPRE3kPkn0kekg6xLdIapHQIi3EcWB+",
        "mvk7a57zPMt5hvPseWpzNn8md9Ydwp71HvEevY70HN08snfUPKF5FPMI5tHzvOdk/0TvpDu+Pak9oT2t4zg3P+v81TXredbl",
        "rMNZ96y1qZuvk6vrKmHreqt4q15VeqpuVtmratbQrIpZBbPqWd9Ts1+jV9NV39bU1tDWVnWckp9k/sia5DzJcpLhJHuS2pDN",
        "k8mRdYSwZL1EvEQvIj1EN4nsETVJaBLFJIJJ9CTvIdkn0SPpiG9JakloSYs4Ds1POX9yTXmecjnlcMo9ZW3k5uXk5DpJWLle",
        "KV6pl5QeqZtS9qSaMjSlYkrBlHrK98jsy+jJdNK3MrUytLIlHUfkZ5i/sGY4z7CcYTjDnqE2YfNhcmFdIGxYbxBv0CtIT9DN",
        "IHtBzRCaQTGDYAY9w3tC9kP0Qrrg25DaENrQCo4T8/PN31vznedbzjecb89Xm7f5N7m37hH2rfeJ9+n1pOfp5pO9p+YLzaeY",
        "TzCfnu89L/svei/d8+1L7Qvtaz3H+fnZ56+v2c+zL2cfzr5nr03ffJ9cX9cJ29fbxdv16tLTdbPLXlezh2ZXzC6YXc/+np79",
        "Hr2ervu2p7aHtrdynPOz+XtNz9PldDjd09q4eSfnOgnrehWveik96qayp5qGpoqpYKqn7zH7Rs90+tbUGloDAAAAAAAAAACA",
        "AIgNMf/9//v/7z9idngk"
    )

    static let zeros = stream(
        "YnZ4MqCGAQAEAAAAACwAcAAAAAAARwAwgQAAAD5cwA9vgggAAAAgAAAAAPwJL84EAAAAAAAAAAAAAAAAAACARx8AAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA4KX/////",
        "///////////////////////////////////////////////////f/////////////3/////5PwVidngk"
    )

    /// Each stream, what it decodes to, and the magics of its blocks.
    static let all: [(name: String, stream: [UInt8], decoded: [UInt8], blocks: [String])] = [
        ("empty", empty, [], ["bvx-", "bvx$"]),
        ("hello", hello, Array("hello, hello, hello!".utf8), ["bvx-", "bvx$"]),
        ("text300", text300, LZFSEInputs.text(300, seed: 1), ["bvxn", "bvx$"]),
        ("text6000", text6000, LZFSEInputs.text(6_000, seed: 2), ["bvx2", "bvx$"]),
        ("pixels32", pixels32, LZFSEInputs.pixels(width: 32, height: 32), ["bvx2", "bvx$"]),
        ("zeros", zeros, [UInt8](repeating: 0, count: 100_000), ["bvx2", "bvx$"]),
    ]
}

@Suite struct LZFSETestVectorTests {
    @Test(arguments: LZFSETestVectors.all.map(\.name))
    func aReferenceStreamDecodesToItsInput(_ name: String) throws {
        let vector = try #require(LZFSETestVectors.all.first { $0.name == name })
        #expect(try LZFSEInputs.blockMagics(vector.stream) == vector.blocks)
        #expect(try LZFSEDecoder.decode(vector.stream[...]) == vector.decoded)
        var output: [UInt8] = [1, 2, 3]
        #expect(try LZFSEDecoder.decode(vector.stream[...], appendingTo: &output) == vector.stream.count)
        #expect(output == [1, 2, 3] + vector.decoded)
    }

    /// A stream in the middle of other bytes is read from its slice: offsets count from the slice.
    @Test func aStreamIsDecodedFromASliceOfLargerBytes() throws {
        let bytes = Array("header".utf8) + LZFSETestVectors.text6000 + Array("trailer".utf8)
        let slice = bytes[6...]
        #expect(try LZFSEDecoder.decode(slice) == LZFSEInputs.text(6_000, seed: 2))
        var damaged = bytes
        damaged[6] = 0x41
        #expect(throws: LZFSEError.unknownBlockMagic(block: 0, offset: 0, magic: Array("Avx2".utf8))) {
            try LZFSEDecoder.decode(damaged[6...])
        }
    }

    @Test func theLZVNPayloadOfTheBvxnVectorDecodesAlone() throws {
        let stream = LZFSETestVectors.text300
        func word(_ offset: Int) -> Int { stream[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } }
        #expect(word(4) == 300)
        let payload = stream[12..<(12 + word(8))]
        #expect(try LZVNDecoder.decode(payload, outputCount: 300) == LZFSEInputs.text(300, seed: 1))
        // Bytes after the end-of-stream opcode are not read.
        #expect(try LZVNDecoder.decode(stream[12...], outputCount: 300) == LZFSEInputs.text(300, seed: 1))
        #expect(try LZVNDecoder.decode(Array(payload)[...], outputCount: 300) == LZFSEInputs.text(300, seed: 1))
    }

    /// The `bvx1` layout from the `bvx2` vectors, with no Python needed.
    @Test(arguments: ["text6000", "pixels32", "zeros"])
    func theUnpackedHeaderOfAVectorDecodesAsItsPackedOne(_ name: String) throws {
        let vector = try #require(LZFSETestVectors.all.first { $0.name == name })
        let unpacked = try LZFSEStreamRewriter.unpackingHeaders(vector.stream)
        #expect(try LZFSEInputs.blockMagics(unpacked) == ["bvx1", "bvx$"])
        #expect(try LZFSEDecoder.decode(unpacked[...]) == vector.decoded)
    }
}
