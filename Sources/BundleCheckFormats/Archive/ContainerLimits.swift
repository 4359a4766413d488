/// How much of an untrusted package listing the containers are willing to take.
///
/// The one place the caps of `ZipArchiveReader` and `DirectoryContainer` live; docs/limits.md
/// lists them with their values. Past a listing cap the input is refused as not a package
/// (exit 2, the cap in the reason); the per-entry caps skip or refuse that entry only.
public struct ContainerLimits: Sendable, Hashable {
    /// Most entries in a zip's central directory, folder entries included; also keeps a
    /// libzip index within 32 bits. No app anyone can submit has millions.
    public var maxZipEntries: Int
    /// Most bytes all file names of a zip take together. libzip holds the central
    /// directory itself; this bounds bundlecheck's own copy (`ContainerFiles`).
    public var maxNameBytes: Int
    /// Most files, and separately most folders, a directory input may hold.
    public var maxDirectoryFiles: Int
    /// Deepest folder nesting of a directory input (a loop through a bind mount, or a hostile tree).
    public var maxDirectoryDepth: Int
    /// Longest symbolic-link target read from a zip; no file system's path is longer, so a
    /// longer "target" is something else and the link is left out.
    public var maxLinkTargetBytes: Int

    public init(
        maxZipEntries: Int = 2_000_000,
        maxNameBytes: Int = 256 << 20,
        maxDirectoryFiles: Int = 2_000_000,
        maxDirectoryDepth: Int = 64,
        maxLinkTargetBytes: Int = 4096
    ) {
        self.maxZipEntries = maxZipEntries
        self.maxNameBytes = maxNameBytes
        self.maxDirectoryFiles = maxDirectoryFiles
        self.maxDirectoryDepth = maxDirectoryDepth
        self.maxLinkTargetBytes = maxLinkTargetBytes
    }

    public static let standard = ContainerLimits()
}
