import BundleCheckKit

/// One file of a fixture package: its path from the package root and its bytes.
public struct FixtureFile: Sendable, Hashable {
    public var path: String
    public var contents: [UInt8]
    public var compression: ZipCompression

    public init(path: String, contents: [UInt8], compression: ZipCompression = .deflate) {
        self.path = path
        self.contents = contents
        self.compression = compression
    }

    public init(path: String, text: String, compression: ZipCompression = .deflate) {
        self.init(path: path, contents: Array(text.utf8), compression: compression)
    }
}
