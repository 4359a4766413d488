/// The regular files of a container, in the container's order, held compactly: paths in
/// one buffer (`PackedUTF8`), sizes beside them, and a sorted index for lookups by path.
///
/// This is what keeps a listing of 60,000 entries to a few MiB: an element
/// (`ContainerEntry`) and its `String` exist only while someone looks at it.
public struct ContainerFiles: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    private let paths: PackedUTF8
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

    private init(paths: PackedUTF8, sizes: [UInt64], byPath: [Int32]) {
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

    public static func == (lhs: ContainerFiles, rhs: ContainerFiles) -> Bool {
        lhs.sizes == rhs.sizes && lhs.paths == rhs.paths
    }

    /// Collects files as a container lists them, then finds repeated paths once, by sorting.
    public struct Builder {
        private var paths = PackedUTF8()
        private var sizes: [UInt64] = []

        public init() {}

        public var count: Int { sizes.count }

        /// Room for `count` files whose paths take `bytes` bytes in all.
        public mutating func reserveCapacity(_ count: Int, bytes: Int = 0) {
            sizes.reserveCapacity(count)
            paths.reserveCapacity(strings: count, bytes: bytes)
        }

        public mutating func append(path: String, size: UInt64) {
            paths.append(path)
            sizes.append(size)
        }

        /// The files, each path once (its first appearance), and the positions, in append
        /// order, of the appends that repeated an earlier path.
        public func build() -> (files: ContainerFiles, repeats: [Int]) {
            let paths = paths.unusedCapacity > paths.byteCount / 8 ? paths.compacted() : paths
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
            var keptBuilder = Builder()
            let keptPaths = paths.reordered(kept)
            keptBuilder.paths = keptPaths
            keptBuilder.sizes = kept.map { sizes[$0] }
            return (keptBuilder.build().files, repeats)
        }
    }
}
