import Foundation

/// A list of short UTF-8 byte strings read in place: what `PackedUTF8` (bytes it owns) and
/// `BorrowedUTF8` (bytes a C library owns) share, so lookups and sorting are written once.
public protocol UTF8List {
    var count: Int { get }
    /// Calls `body` with the bytes of the string at `index`; they are valid only inside `body`.
    func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result
}

extension UTF8List {
    /// The string at `index`, from UTF-8 that was stored valid.
    public func string(at index: Int) -> String {
        withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Bytewise order, a proper prefix first, like `memcmp` on equal lengths: negative, zero or positive.
    public func compare(_ lhs: Int, _ rhs: Int) -> Int {
        withBytes(at: lhs) { left in withBytes(at: rhs) { right in PackedUTF8.compare(left, right) } }
    }

    /// The order of the string at `index` against `other`, as `compare(_:_:)`.
    public func compare(_ index: Int, with other: UnsafeBufferPointer<UInt8>) -> Int {
        withBytes(at: index) { PackedUTF8.compare($0, other) }
    }

    /// Indices of the strings sorted bytewise; equal strings keep their order.
    public func sortedIndices() -> [Int] {
        Array(0..<count).sorted { lhs, rhs in
            let order = compare(lhs, rhs)
            return order != 0 ? order < 0 : lhs < rhs
        }
    }

    /// Whether both lists hold the same strings in the same order, however each stores them.
    public func hasSameStrings(as other: some UTF8List) -> Bool {
        count == other.count
            && (0..<count).allSatisfy { index in
                withBytes(at: index) { mine in other.withBytes(at: index) { PackedUTF8.compare(mine, $0) == 0 } }
            }
    }
}
