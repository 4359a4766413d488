import BundleCheckFormats
import Testing

/// The LZFSE streams inside real `Assets.car` files of `../shared/corpus` (Xcode 12.5 to 15),
/// found by their magic without reading the catalogue's structure, decode as Apple's reference
/// decoder decodes them: byte for byte when Python's `lzfse` is there, otherwise to the count
/// of streams and bytes it found (taken from it once, with the same search written in Python).
@Suite struct LZFSECorpusTests {
    /// Each catalogue, how many streams the search finds in it and what they decode to in all.
    static let catalogues: [(package: String, streams: Int, bytes: Int)] = [
        ("app-info/apple-tv.ipa", 3, 1_536_000),
        ("app-info/macos.zip", 25, 3_475_968),
        ("shorebird/flutter-base.ipa", 27, 5_183_552),
        ("isign/TestSimulator.app.zip", 5, 111_168),
    ]

    /// The streams of `bytes`: at each block magic, a stream that decodes is taken whole and the
    /// search goes on after it; elsewhere it moves a byte on.
    static func streams(in bytes: [UInt8]) -> [(offset: Int, stream: ArraySlice<UInt8>, decoded: [UInt8])] {
        var found: [(Int, ArraySlice<UInt8>, [UInt8])] = []
        var offset = 0
        let magics = ["bvx2", "bvxn", "bvx-", "bvx1"].map { Array($0.utf8) }
        while offset + 4 <= bytes.count {
            guard magics.contains(where: { bytes[offset..<(offset + 4)].elementsEqual($0) }) else {
                offset += 1
                continue
            }
            var decoded: [UInt8] = []
            if let length = try? LZFSEDecoder.decode(bytes[offset...], appendingTo: &decoded) {
                found.append((offset, bytes[offset..<(offset + length)], decoded))
                offset += length
            } else {
                offset += 1
            }
        }
        return found
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"), arguments: catalogues.map(\.package))
    func theStreamsOfARealAssetCatalogueDecodeAsTheReferenceDecodesThem(_ package: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let expected = try #require(Self.catalogues.first { $0.package == package })
        let container = try PackageOpener.open(path: path)
        let car = try #require(container.files.first { $0.path.hasSuffix("/Assets.car") }, "\(package) holds an Assets.car")
        let streams = Self.streams(in: try container.read(car.path, limit: 64 << 20))
        #expect(streams.count == expected.streams)
        #expect(streams.reduce(0) { $0 + $1.decoded.count } == expected.bytes)
        guard LZFSEReference.isAvailable else {
            print("\(LZFSEReference.missing): the streams are checked by count, not byte for byte")
            return
        }
        let reference = try LZFSEReference.decompress(streams.map { Array($0.stream) })
        for (stream, theirs) in zip(streams, reference) {
            #expect(try theirs.get() == stream.decoded, "the stream at offset \(stream.offset)")
        }
    }
}
