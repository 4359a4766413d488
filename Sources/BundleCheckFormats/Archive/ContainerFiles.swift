/// The regular files of a container, in the container's order, held compactly: paths in
/// one buffer (`PackedUTF8`) or, for a zip, as pointers to the names libzip already holds
/// (`BorrowedUTF8`); sizes beside them, and a sorted index for lookups by path.
///
/// This is what keeps a listing of 60,000 entries to a few MiB: an element
/// (`ContainerEntry`) and its `String` exist only while someone looks at it.
public struct ContainerFiles: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    private let paths: Paths
    private let sizes: [UInt64]
    /// Positions in path order (bytewise), for `position(of:)`.
    private let byPath: [Int32]

    /// Files from a list without repeated paths (a repeated path is found by one of them only).
    public init(_ entries: some Sequence<ContainerEntry>) {
        var builder = Builder()
        for entry in entries { builder.append(path: entry.path, size: entry.size) }
        self = builder.build().files
    }

    public init(arrayLiteral elements: ContainerEntry...) {
        self.init(elements)
    }

    private init(paths: Paths, sizes: [UInt64], byPath: [Int32]) {
        self.paths = paths
        self.sizes = sizes
        self.byPath = byPath
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { sizes.count }

    public subscript(position: Int) -> ContainerEntry {
        ContainerEntry(path: paths.string(at: position), size: sizes[position])
    }

    public func path(at position: Int) -> String { paths.string(at: position) }
    /// Calls `body` with the UTF-8 of the path at `position`, without making a `String`.
    public func withPathBytes<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try paths.withBytes(at: position, body)
    }
    public func size(at position: Int) -> UInt64 { sizes[position] }

    /// Where `path` is in the list, by binary search over the sorted index.
    public func position(of path: String) -> Int? {
        var path = path
        return path.withUTF8 { wanted in
            var low = 0
            var high = byPath.count
            while low < high {
                let middle = (low + high) / 2
                if paths.compare(Int(byPath[middle]), with: wanted) < 0 { low = middle + 1 } else { high = middle }
            }
            guard low < byPath.count, paths.compare(Int(byPath[low]), with: wanted) == 0 else { return nil }
            return Int(byPath[low])
        }
    }

    /// The same files and sizes in the same order, however each list stores its paths.
    public static func == (lhs: ContainerFiles, rhs: ContainerFiles) -> Bool {
        lhs.sizes == rhs.sizes && lhs.paths.hasSameStrings(as: rhs.paths)
    }

    /// Where the path bytes are: copied into one buffer, or borrowed from their reader.
    /// A switch rather than `any UTF8List`: sorting and lookups reach a path's bytes hundreds of
    /// thousands of times, and an existential would box and dispatch at every one.
    private enum Paths: UTF8List, Sendable {
        case packed(PackedUTF8)
        case borrowed(BorrowedUTF8)

        var count: Int {
            switch self {
            case .packed(let packed): packed.count
            case .borrowed(let borrowed): borrowed.count
            }
        }

        func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            switch self {
            case .packed(let packed): try packed.withBytes(at: index, body)
            case .borrowed(let borrowed): try borrowed.withBytes(at: index, body)
            }
        }

        func reordered(_ permutation: [Int]) -> Paths {
            switch self {
            case .packed(let packed): .packed(packed.reordered(permutation))
            case .borrowed(let borrowed): .borrowed(borrowed.reordered(permutation))
            }
        }

        /// Packed bytes in a buffer of their exact size, once appending is over.
        func compacted() -> Paths {
            guard case .packed(let packed) = self, packed.unusedCapacity > packed.byteCount / 8 else { return self }
            return .packed(packed.compacted())
        }
    }

    /// Collects files as a container lists them, then finds repeated paths once, by sorting.
    public struct Builder {
        /// The paths while they are collected: one of the two lists, the other nil. Kept apart
        /// rather than in `Paths`, so each grows in place (an enum's payload is a copy).
        private var packed: PackedUTF8?
        private var borrowed: BorrowedUTF8?
        private var sizes: [UInt64] = []

        /// A builder that copies each path it is given.
        public init() {
            packed = PackedUTF8()
        }

        /// A builder that keeps pointers to paths in memory `owner` keeps alive and unchanged
        /// (`BorrowedUTF8`); `append(borrowing:size:)` is its only way to add one.
        package init(borrowingFrom owner: AnyObject) {
            borrowed = BorrowedUTF8(owner: owner)
        }

        private init(paths: Paths, sizes: [UInt64]) {
            switch paths {
            case .packed(let list): packed = list
            case .borrowed(let list): borrowed = list
            }
            self.sizes = sizes
        }

        public var count: Int { sizes.count }

        /// Room for `count` files whose paths take `bytes` bytes in all (copied ones only).
        public mutating func reserveCapacity(_ count: Int, bytes: Int = 0) {
            sizes.reserveCapacity(count)
            packed?.reserveCapacity(strings: count, bytes: bytes)
            borrowed?.reserveCapacity(count)
        }

        public mutating func append(path: String, size: UInt64) {
            precondition(packed != nil, "append(path:) on a borrowing builder")
            packed?.append(path)
            sizes.append(size)
        }

        /// The path appended at `position` (a copying builder's; empty for a borrowing one).
        package func path(at position: Int) -> String {
            packed?.string(at: position) ?? ""
        }

        /// Adds a path whose bytes the owner given at `init(borrowingFrom:)` holds.
        package mutating func append(borrowing path: UnsafeBufferPointer<UInt8>, size: UInt64) {
            precondition(borrowed != nil, "append(borrowing:) on a copying builder")
            borrowed?.append(borrowing: path)
            sizes.append(size)
        }

        /// The files, each path once (its first appearance), and the positions, in append
        /// order, of the appends that repeated an earlier path.
        public func build() -> (files: ContainerFiles, repeats: [Int]) {
            let paths = borrowed.map(Paths.borrowed) ?? packed.map(Paths.packed)!.compacted()
            let sorted = paths.sortedIndices()
            var repeats: [Int] = []
            for (previous, current) in zip(sorted, sorted.dropFirst()) where paths.compare(previous, current) == 0 {
                // Equal paths sort by append order: every one after the first is a repeat.
                repeats.append(current)
            }
            guard !repeats.isEmpty else {
                return (ContainerFiles(paths: paths, sizes: sizes, byPath: sorted.map { Int32(truncatingIfNeeded: $0) }), [])
            }
            repeats.sort()
            let repeated = Set(repeats)
            let kept = (0..<sizes.count).filter { !repeated.contains($0) }
            let keptBuilder = Builder(paths: paths.reordered(kept), sizes: kept.map { sizes[$0] })
            return (keptBuilder.build().files, repeats)
        }
    }
}
