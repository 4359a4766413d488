/// How much of an untrusted BOM store (an installer `Bom`, an `Assets.car`) the readers take.
///
/// The defaults are far above what Apple's tools write (a `Bom` of Xcode's half a million paths
/// is about 1.5 million blocks; a tree of 4096-byte nodes holds 510 entries a node, so 3 levels
/// index 130 million entries) and low enough that no file, however it links its blocks, makes a
/// read take unbounded time or memory. The one place these caps live; docs/limits.md lists them.
package struct BOMLimits: Sendable, Hashable {
    /// Entries of the block table, the null block 0 included.
    package var maxBlocks: Int
    /// Named variables (`Paths`, `RENDITIONS`, …).
    package var maxVariables: Int
    /// Bytes of one block, checked whenever a block is read: what a reader working from byte
    /// ranges would have to fetch for it.
    package var maxBlockLength: Int
    /// The node size a tree's header declares (Apple writes 128, 1024 and 4096).
    package var maxTreeBlockSize: Int
    /// Levels of branch nodes above a tree's leaves.
    package var maxTreeDepth: Int
    /// Entries of one tree node (its count is 16 bits; a 4096-byte node holds 510).
    package var maxEntriesPerNode: Int
    /// Entries of one tree, over all its leaves.
    package var maxTreeEntries: Int
    /// Bytes of one full path of an installer `Bom` (`./Foo.app/Contents/Info.plist`).
    package var maxPathLength: Int
    /// Parents above one path of an installer `Bom`, the root `.` included.
    package var maxPathDepth: Int
    /// Bytes a store read from a stream (`BOMStreamedStore`) holds at once: its block table,
    /// variables, the head of the file and the blocks fetched.
    package var maxStreamedBytesKept: Int
    /// Forward passes over a streamed store's bytes (each inflates a zip entry again up to the
    /// last block it keeps).
    package var maxStreamPasses: Int
    /// Bytes from a streamed store's start kept by its first pass, where Apple's tools put the
    /// trees' headers and first nodes (the corpus's catalogs: within the first 27 KiB).
    package var streamedHeadLength: Int

    package init(
        maxBlocks: Int = 4_194_304, maxVariables: Int = 256, maxBlockLength: Int = 256 << 20, maxTreeBlockSize: Int = 1 << 20,
        maxTreeDepth: Int = 32, maxEntriesPerNode: Int = 16_384, maxTreeEntries: Int = 4_194_304,
        maxPathLength: Int = 4096, maxPathDepth: Int = 256,
        maxStreamedBytesKept: Int = 40 << 20, maxStreamPasses: Int = 6, streamedHeadLength: Int = 64 << 10
    ) {
        self.maxBlocks = maxBlocks
        self.maxVariables = maxVariables
        self.maxBlockLength = maxBlockLength
        self.maxTreeBlockSize = maxTreeBlockSize
        self.maxTreeDepth = maxTreeDepth
        self.maxEntriesPerNode = maxEntriesPerNode
        self.maxTreeEntries = maxTreeEntries
        self.maxPathLength = maxPathLength
        self.maxPathDepth = maxPathDepth
        self.maxStreamedBytesKept = maxStreamedBytesKept
        self.maxStreamPasses = maxStreamPasses
        self.streamedHeadLength = streamedHeadLength
    }

    package static let standard = BOMLimits()
}
