/// An `EntryReader` over bytes already in memory: the fallback for containers that
/// hold their files in memory anyway, and for readers given a byte array (tests, fixtures).
public final class InMemoryEntryReader: EntryReader {
    /// The largest file `PackageContainer`'s default `openEntry` reads whole.
    public static let containerFallbackLimit = 256 << 20

    public let canSeek = true
    private let bytes: [UInt8]
    private var position = 0

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0, let base = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            base.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }

    public func skip(_ count: UInt64) throws {
        position += Int(min(count, UInt64(bytes.count - position)))
    }
}
