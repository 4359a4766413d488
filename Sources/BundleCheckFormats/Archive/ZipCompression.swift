/// How `ZipArchiveWriter` stores one entry.
public enum ZipCompression: String, Sendable, Hashable, CaseIterable {
    /// Method 0: the bytes as they are.
    case stored
    /// Method 8: deflate at zlib's default level.
    case deflate
}
