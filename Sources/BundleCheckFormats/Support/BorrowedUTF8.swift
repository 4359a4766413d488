/// Byte strings that live in memory another object owns, listed by address and length and kept
/// valid by holding that object.
///
/// libzip keeps every entry name of a central directory for as long as the archive is open;
/// pointing at those names costs 12 bytes an entry where a copy costs the name again (4 MiB at
/// 60,000 entries, a fifteenth of the memory bound).
///
/// `@unchecked Sendable`: the owner's bytes must not change while the list exists. libzip's
/// names are settled once the archive has been listed (the first `zip_get_name` of an entry may
/// convert a CP437 name and keep the result; the listing makes that call for every entry).
package struct BorrowedUTF8: UTF8List, @unchecked Sendable {
    /// Keeps the bytes alive; never read.
    private let owner: AnyObject
    private var starts: [UnsafePointer<UInt8>] = []
    private var lengths: [UInt32] = []

    package init(owner: AnyObject) {
        self.owner = owner
    }

    package var count: Int { starts.count }

    package mutating func reserveCapacity(_ count: Int) {
        starts.reserveCapacity(count)
        lengths.reserveCapacity(count)
    }

    /// Adds `bytes`, which must lie in memory the owner keeps unchanged and alive.
    package mutating func append(borrowing bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= Int(UInt32.max), "a borrowed string over 4 GiB")
        starts.append(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        lengths.append(UInt32(bytes.count))
    }

    package func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: starts[index], count: Int(lengths[index])))
    }

    /// The same strings in the order of `permutation` (indices into this list).
    package func reordered(_ permutation: some Collection<Int>) -> BorrowedUTF8 {
        var result = BorrowedUTF8(owner: owner)
        result.starts = permutation.map { starts[$0] }
        result.lengths = permutation.map { lengths[$0] }
        return result
    }
}
