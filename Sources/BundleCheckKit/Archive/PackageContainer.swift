/// Read access to the files of one input, whether a zip archive or a directory.
///
/// Paths are relative to the package root, `/`-separated, without a leading
/// slash, exactly as zip entry names are written. Folders are derived from
/// file paths: a zip need not hold folder entries.
public protocol PackageContainer: AnyObject {
    /// How the input is stored.
    var storage: ContainerStorage { get }
    /// Every regular file in the container, in a stable order.
    var files: [ContainerEntry] { get }
    /// Reads a whole file, failing with `BundleCheckError.entryTooLarge` past `limit` bytes.
    func read(_ path: String, limit: Int) throws -> [UInt8]
    /// Streams a file in chunks; `body` returns false to stop early.
    func stream(_ path: String, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws
}

/// Zip archive (read through libzip) or plain directory.
public enum ContainerStorage: String, Sendable, CaseIterable {
    case zip
    case directory
}
