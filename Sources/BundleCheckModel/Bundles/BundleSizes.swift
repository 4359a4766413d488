import BundleCheckFormats

/// How many bytes a bundle's files take, from what the package's listing declares (nothing is
/// inflated to count them): uncompressed, as they are installed before App Store thinning and
/// encryption change them, and as stored (a zip entry's compressed size).
public struct BundleSizes: Sendable, Hashable {
    /// Every file under the bundle's folder, nested bundles included.
    public let total: ByteCount
    /// The bundle's own files: those in no nested bundle.
    public let own: ByteCount
    /// For a top-level app, its largest folders (directly inside its root, nested bundles' and
    /// resource folders' totals) and its largest files anywhere, largest first; empty otherwise.
    public let largestFolders: [SizedPath]
    public let largestFiles: [SizedPath]

    package init(total: ByteCount, own: ByteCount, largestFolders: [SizedPath] = [], largestFiles: [SizedPath] = []) {
        self.total = total
        self.own = own
        self.largestFolders = largestFolders
        self.largestFiles = largestFiles
    }

    /// Files counted, their uncompressed bytes, and their stored bytes (nil where the storage
    /// does not compress: a directory).
    public struct ByteCount: Sendable, Hashable {
        public let files: Int
        public let uncompressed: UInt64
        public let stored: UInt64?

        package init(files: Int, uncompressed: UInt64, stored: UInt64?) {
            self.files = files
            self.uncompressed = uncompressed
            self.stored = stored
        }

        package static let zero = ByteCount(files: 0, uncompressed: 0, stored: 0)

        /// Saturating: a hostile listing may declare any size.
        package static func + (lhs: ByteCount, rhs: ByteCount) -> ByteCount {
            ByteCount(
                files: lhs.files + rhs.files, uncompressed: lhs.uncompressed.saturatingAdd(rhs.uncompressed),
                stored: lhs.stored.flatMap { left in rhs.stored.map { left.saturatingAdd($0) } })
        }

        package static func - (lhs: ByteCount, rhs: ByteCount) -> ByteCount {
            ByteCount(
                files: max(lhs.files - rhs.files, 0), uncompressed: lhs.uncompressed.saturatingSubtract(rhs.uncompressed),
                stored: lhs.stored.flatMap { left in rhs.stored.map { left.saturatingSubtract($0) } })
        }
    }

    /// A folder or file with the bytes under it.
    public struct SizedPath: Sendable, Hashable {
        public let path: String
        public let isFolder: Bool
        public let size: ByteCount

        package init(path: String, isFolder: Bool, size: ByteCount) {
            self.path = path
            self.isFolder = isFolder
            self.size = size
        }
    }
}
