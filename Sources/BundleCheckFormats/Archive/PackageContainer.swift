/// Read access to the files of one input, whether a zip archive or a directory.
///
/// Paths are relative to the package root, `/`-separated, without a leading
/// slash, exactly as zip entry names are written. Folders are mostly derived
/// from file paths, since a zip need not hold folder entries; `folders` lists
/// the ones the input states itself, so that an empty folder can be seen too.
public protocol PackageContainer: AnyObject {
    /// How the input is stored.
    var storage: ContainerStorage { get }
    /// The input's size in bytes: the zip file's; by default the sum of the files' sizes
    /// (a directory's).
    var byteCount: UInt64 { get }
    /// Names the listing holds more than once (zip only; the first entry is the one read).
    var duplicateNames: [String] { get }
    /// Entries that are symbolic links, with their targets (zip only: a directory's links are
    /// never followed).
    var symbolicLinks: [ContainerLink] { get }
    /// Every regular file in the container, in a stable order.
    var files: ContainerFiles { get }
    /// Folders the input states itself, without a trailing slash: a zip's folder
    /// entries, or every directory of a directory input. Empty ones included.
    var folders: [String] { get }
    /// Reads a whole file, failing with `BundleCheckError.entryTooLarge` past `limit` bytes.
    func read(_ path: String, limit: Int) throws -> [UInt8]
    /// The size the listing declares for a file; `BundleCheckError.missingEntry` when it is not listed.
    func size(of path: String) throws -> UInt64
    /// Streams a file in chunks; `body` returns false to stop early.
    func stream(_ path: String, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws
    /// Opens a file for reading forward with the option to skip ahead, for readers
    /// (Mach-O) that want a few ranges of a large file without holding it whole.
    func openEntry(_ path: String) throws -> any EntryReader
    /// The bytes each file of `files` takes as stored, by position (a zip entry's compressed
    /// size, as its central directory states it); nil where the storage does not compress.
    var storedSizes: [UInt64]? { get }
    /// The Mach-O file at `path` as the container's pass read it ahead of the checks (an
    /// installer package's payload, read once forward); nil when it read none there.
    func prefetchedMachO(at path: String) -> PrefetchedMachO?
    /// The `algorithm` digest the container's pass took of the file at `path`; nil when it took none.
    func prefetchedDigest(of path: String, _ algorithm: DigestAlgorithm) -> [UInt8]?
    /// What an installer package says about itself (signatures, Distribution, components);
    /// nil for every other container.
    var installerContents: InstallerPackageContents? { get }
}

extension PackageContainer {
    public var byteCount: UInt64 { files.indices.reduce(0) { $0 + files.size(at: $1) } }
    public var duplicateNames: [String] { [] }
    public var symbolicLinks: [ContainerLink] { [] }
    public var storedSizes: [UInt64]? { nil }
    public func prefetchedMachO(at path: String) -> PrefetchedMachO? { nil }
    public func prefetchedDigest(of path: String, _ algorithm: DigestAlgorithm) -> [UInt8]? { nil }
    public var installerContents: InstallerPackageContents? { nil }

    /// Reads a whole file through `stream`. The declared size is only a first
    /// guard: a zip may understate it and a file may grow, so what comes out is counted.
    public func read(_ path: String, limit: Int) throws -> [UInt8] {
        let declared = try size(of: path)
        let limit = max(0, limit)
        guard declared <= UInt64(limit) else {
            throw BundleCheckError.entryTooLarge(file: path, size: declared, limit: limit)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(declared))
        try stream(path, chunkSize: 64 << 10) { chunk in
            guard bytes.count + chunk.count <= limit else {
                throw BundleCheckError.entryTooLarge(file: path, size: UInt64(bytes.count + chunk.count), limit: limit)
            }
            bytes.append(contentsOf: chunk)
            return true
        }
        return bytes
    }

    /// The fallback for containers that hold their files in memory anyway: reads the
    /// whole file (up to `InMemoryEntryReader.containerFallbackLimit`) and serves it
    /// from memory. Zip archives and directories open a real reader instead.
    public func openEntry(_ path: String) throws -> any EntryReader {
        InMemoryEntryReader(bytes: try read(path, limit: InMemoryEntryReader.containerFallbackLimit))
    }
}

/// Zip archive (read through libzip), plain directory, or installer package (libarchive).
public enum ContainerStorage: String, Sendable, CaseIterable {
    case zip
    case directory
    /// A macOS installer package: a xar archive whose payloads are cpio streams (libarchive).
    case installerPackage = "pkg"
}

/// One file of a container, as listed without reading its contents.
public struct ContainerEntry: Sendable, Hashable {
    /// Path relative to the package root, `/`-separated.
    public let path: String
    /// Uncompressed size in bytes, as the zip's central directory or the file system states it.
    public let size: UInt64

    public init(path: String, size: UInt64) {
        self.path = path
        self.size = size
    }
}

/// A symbolic link stored in a container: its path and the target it names, as written.
public struct ContainerLink: Sendable, Hashable {
    public let path: String
    public let target: String

    package init(path: String, target: String) {
        self.path = path
        self.target = target
    }
}
