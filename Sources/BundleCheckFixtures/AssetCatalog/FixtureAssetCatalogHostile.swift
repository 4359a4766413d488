extension FixtureAssetCatalog {
    /// Shapes a real catalogue never has, for the reader's hostile-input tests. Those about "the
    /// App Store icon" act on the first rendition of an icon set that is 1024×1024 pixels
    /// (marketing or universal), or else the first bitmap rendition of the first icon set.
    public enum Hostile: Sendable, Hashable, Codable {
        /// The file cut after its first `length` bytes.
        case truncated(length: Int)
        /// The `RENDITIONS` tree's first leaf's forward link names the leaf itself.
        case renditionsTreeCycle
        /// The `RENDITIONS` tree's first leaf declares `count` entries (65535: far more than its
        /// block holds), its header still the true count.
        case wideTreeNode(count: UInt16)
        /// The `RENDITIONS` tree written a rendition a leaf, so that branches of two children
        /// stand above the leaves (a catalogue of more renditions than a 4 KiB leaf holds, in
        /// miniature), and the last child of the rightmost branch `level` levels below the root
        /// (0: the root) naming `block`, past the block table. Walking down the first children
        /// and along the leaves never follows that link; a lookup by key would. The car fuzz
        /// harness found such a root (docs/fuzzing.md).
        case renditionsBranchChildPastTable(level: Int, block: UInt32)
        /// The App Store icon's header says these pixels while its payload holds its own.
        case lyingDimensions(width: UInt32, height: UInt32)
        /// `KEYFORMAT` declares `count` attributes, its list and the keys unchanged.
        case keyFormatCount(UInt32)
        /// The App Store icon's pixels decode one row short: valid streams, the last chunk's
        /// declared rows and the header's size unchanged.
        case shortPixelPayload
    }
}

extension FixtureAssetCatalog {
    /// `Fuzz/Regressions/car/renditions-branch-child-past-table`: the car fuzz harness's finding
    /// of 2026-12-06 remade, as the fuzzer's input grew from third parties' catalogues. An icon
    /// set of one 24-pixel icon whose `RENDITIONS` root is a branch of its two leaves, the last
    /// child block 3,014,669 (the finding's), past the table of 256 entries.
    public static var renditionsBranchChildPastTable: FixtureAssetCatalog {
        let icon = FixtureIconRendition(idiom: .universal, points: 1024, scale: 1, pixelWidth: 24, pixelHeight: 24, compression: .lzfseRaw)
        return FixtureAssetCatalog(
            iconSets: [FixtureIconSet(name: "AppIcon", renditions: [icon])], hostile: [.renditionsBranchChildPastTable(level: 0, block: 3_014_669)])
    }
}
