import BundleCheckFormats

/// One file of a fixture package: its path from the package root and its bytes.
public struct FixtureFile: Sendable, Hashable {
    public var path: String
    public var contents: [UInt8]
    public var compression: ZipCompression
    /// An explicit (possibly empty) folder entry rather than a file; `contents` is then empty.
    public var isFolder: Bool
    /// Written stored, then one byte of its data flipped in the zip, so that reading it fails its CRC.
    public var isDamaged: Bool = false
    /// The uncompressed size the zip's headers state instead of the contents' (below 4 GiB),
    /// for size rules: the listing claims it, no byte of it is written.
    public var declaredSize: UInt32?
    /// A symbolic link whose target is `contents`.
    public var isSymbolicLink: Bool = false
    /// The Unix permission bits written (zip and directory); nil writes 0644. A Mac bundle's
    /// executables and links are 0755, as Xcode and `ditto` leave them.
    public var permissions: UInt16?
    /// The name the entry carries in the zip, when it is not `path`: written as `path`, then
    /// renamed in place, so that it may repeat another entry's name (same length as `path`).
    public var zipName: String?

    public init(path: String, contents: [UInt8], compression: ZipCompression = .deflate) {
        self.path = path
        self.contents = contents
        self.compression = compression
        self.isFolder = false
    }

    /// An explicit folder entry, as zip tools write for folders (and the only trace of an empty one).
    public static func folder(_ path: String) -> FixtureFile {
        var file = FixtureFile(path: path, contents: [])
        file.isFolder = true
        return file
    }

    public init(path: String, text: String, compression: ZipCompression = .deflate) {
        self.init(path: path, contents: Array(text.utf8), compression: compression)
    }
}
