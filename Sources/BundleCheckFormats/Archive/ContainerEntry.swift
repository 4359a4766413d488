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
