@testable import BundleCheckFormats

/// A container held in memory, for engine tests that need many entries or a file that cannot be read.
final class InMemoryContainer: PackageContainer {
    let storage = ContainerStorage.zip
    let files: ContainerFiles
    let folders: [String]
    private let contents: [String: [UInt8]]
    /// Listed, but reading them fails as a damaged zip entry would.
    private let damaged: Set<String>

    init(contents: [String: [UInt8]], folders: [String] = [], damaged: Set<String> = []) {
        self.contents = contents
        self.folders = folders
        self.damaged = damaged
        self.files = ContainerFiles(contents.keys.sorted().map { ContainerEntry(path: $0, size: UInt64(contents[$0]!.count)) })
    }

    func size(of path: String) throws -> UInt64 {
        guard let bytes = contents[path] else { throw BundleCheckError.missingEntry(file: path) }
        return UInt64(bytes.count)
    }

    func stream(_ path: String, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        guard let bytes = contents[path] else { throw BundleCheckError.missingEntry(file: path) }
        if damaged.contains(path) {
            throw BundleCheckError.corruptArchive(path: "memory.zip", reason: "\(path): crc error")
        }
        _ = try bytes.withUnsafeBytes { try body($0) }
    }
}
