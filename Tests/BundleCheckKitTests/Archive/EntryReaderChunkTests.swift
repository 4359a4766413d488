import BundleCheckFormats
import Testing

/// `forEachChunk`, which both zip containers' `stream` is: chunks of the size asked for, the
/// whole entry in order, and a stop when the body says so.
struct EntryReaderChunkTests {
    private static let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    @Test(arguments: [1, 7, 4_096, 10_000, 65_536])
    func chunksCoverTheEntryInOrder(size: Int) throws {
        var seen: [UInt8] = []
        var largest = 0
        try InMemoryEntryReader(bytes: Self.bytes, canSeek: false).forEachChunk(size: size) { chunk in
            largest = max(largest, chunk.count)
            seen += chunk
            return true
        }
        #expect(seen == Self.bytes)
        #expect(largest == min(size, Self.bytes.count))
    }

    @Test func theBodyStopsTheReading() throws {
        var calls = 0
        let reader = InMemoryEntryReader(bytes: Self.bytes, canSeek: false)
        try reader.forEachChunk(size: 1_000) { _ in
            calls += 1
            return calls < 3
        }
        #expect(calls == 3)
        // The reader stands where the third chunk ended.
        #expect(try reader.read(upTo: 1) == [Self.bytes[3_000]])
    }
}
