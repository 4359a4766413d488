@testable import BundleCheckFormats

/// Real bytes followed by `paddingSize` zero bytes that exist only when read, so a test can
/// describe a file of gigabytes without allocating it.
final class ZeroPaddedEntryReader: EntryReader {
    let canSeek = true
    private let head: [UInt8]
    private let total: UInt64
    private var position: UInt64 = 0

    init(head: [UInt8], paddingSize: UInt64) {
        self.head = head
        self.total = UInt64(head.count) + paddingSize
    }

    var size: UInt64 { total }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = Int(min(UInt64(buffer.count), total - position))
        for index in 0..<count {
            let at = position + UInt64(index)
            buffer[index] = at < UInt64(head.count) ? head[Int(at)] : 0
        }
        position += UInt64(count)
        return count
    }

    func skip(_ count: UInt64) throws {
        position += min(count, total - position)
    }
}
