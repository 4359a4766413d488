import Foundation

/// Many short byte strings (paths, mostly) in one buffer, with their end offsets.
///
/// A package of 60,000 entries kept as `String`s costs a heap object per path (about
/// 100 bytes for a 60-byte name) in every structure that holds them; here each path
/// costs its bytes and one offset, and a `String` is made only when someone asks.
public struct PackedUTF8: UTF8List, Sendable, Equatable {
    private var bytes: [UInt8] = []
    /// The end, in `bytes`, of each string; a string starts where the one before it ends.
    private var ends: [Int] = []

    public init() {}

    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }
    /// Bytes held by all strings together.
    public var byteCount: Int { bytes.count }
    /// Bytes the buffer holds beyond `byteCount`.
    public var unusedCapacity: Int { bytes.capacity - bytes.count }

    public mutating func reserveCapacity(strings: Int, bytes byteCount: Int) {
        ends.reserveCapacity(strings)
        bytes.reserveCapacity(byteCount)
    }

    public mutating func append(_ string: some Collection<UInt8>) {
        bytes.append(contentsOf: string)
        ends.append(bytes.count)
    }

    /// A `String` or `Substring`: its UTF-8 view is contiguous, so this copies in one go.
    public mutating func append(_ string: some StringProtocol) {
        append(string.utf8)
    }

    /// Calls `body` with the bytes of the string at `index`; they are valid only inside `body`.
    public func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let start = start(of: index)
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// Bytewise order, a proper prefix first, like `memcmp` on equal lengths: negative, zero or positive.
    public static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(lhs.count, rhs.count)
        let order = common == 0 ? 0 : Int(memcmp(lhs.baseAddress!, rhs.baseAddress!, common))
        return order != 0 ? order : lhs.count - rhs.count
    }

    /// The same strings in the order of `permutation` (indices into this list), packed anew.
    public func reordered(_ permutation: some Collection<Int>) -> PackedUTF8 {
        var result = PackedUTF8()
        result.reserveCapacity(strings: permutation.count, bytes: bytes.count)
        bytes.withUnsafeBufferPointer { all in
            for index in permutation {
                result.append(UnsafeBufferPointer(rebasing: all[start(of: index)..<ends[index]]))
            }
        }
        return result
    }

    /// The same strings in buffers of exactly their size: appending grows a buffer by doubling,
    /// which can leave half of it unused for as long as the list is kept.
    public func compacted() -> PackedUTF8 {
        var result = PackedUTF8()
        result.bytes = Self.exactCopy(of: bytes)
        result.ends = Self.exactCopy(of: ends)
        return result
    }

    private static func exactCopy<Element>(of array: [Element]) -> [Element] {
        array.withUnsafeBufferPointer { source in
            [Element](unsafeUninitializedCapacity: source.count) { buffer, count in
                _ = buffer.initialize(from: source)
                count = source.count
            }
        }
    }

    private func start(of index: Int) -> Int {
        index == 0 ? 0 : ends[index - 1]
    }
}
