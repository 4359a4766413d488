/// The files of a directory input: an `.xcarchive`, an `.app`, or an unzipped IPA.
///
/// `root` is the directory on disk; `pathPrefix` is put in front of every path
/// relative to it. `PackageOpener` opens `/x/Foo.app` with the prefix `Foo.app/`,
/// so its files read `Foo.app/Info.plist`, exactly as in a zipped `.app`, and the
/// bundle locator sees the app bundle itself at the package root, without the
/// other contents of `/x` being listed.
///
/// Symbolic links are never followed and not listed as files (they are in `skippedPaths`):
/// a link can point outside the package or make a cycle, and an IPA cannot carry what
/// it points to (a zipped link is a small file holding the target's path). Their targets
/// are read (`symbolicLinks`), since a Mac framework's `Versions/Current` says which version
/// it is and a link that leaves its bundle is a finding. FIFOs, sockets and devices are
/// skipped and never opened, since reading a FIFO blocks.
final class DirectoryContainer: PackageContainer {

    /// The directory on disk, without a trailing slash.
    let root: String
    /// Empty, or a folder name ending in `/` put in front of every listed path.
    let pathPrefix: String
    let storage = ContainerStorage.directory
    /// Regular files, sorted by path.
    let files: ContainerFiles
    /// Every directory under `root`, sorted, as package paths; with a prefix, the
    /// prefix's own folder (`Foo.app`) too, since it is a folder of the package.
    let folders: [String]
    /// Symbolic links and special files that were not listed, as package paths, sorted.
    let skippedPaths: [String]
    /// The symbolic links among them, with their targets as stored, sorted by path.
    let symbolicLinks: [ContainerLink]

    /// Lists the regular files under `root`.
    ///
    /// - Parameter pathPrefix: `""`, or a prefix ending in `/` such as `Foo.app/`.
    /// - Throws: `BundleCheckError.notFound`, `.unreadable` (naming the folder
    ///   that could not be listed) or `.notAPackage` (too many files, too deep).
    init(root: String, pathPrefix: String = "", limits: ContainerLimits = .standard) throws {
        let maximumFileCount = limits.maxDirectoryFiles
        let maximumDepth = limits.maxDirectoryDepth
        precondition(pathPrefix.isEmpty || pathPrefix.hasSuffix("/"), "pathPrefix must be empty or end in /")
        let root = Self.trimmingTrailingSlashes(root)
        let rootStatus: FileSystem.Status
        do throws(FileSystem.Failure) {
            rootStatus = try FileSystem.status(root, followingSymlinks: true)
        } catch {
            throw error.bundleCheckError(path: root)
        }
        guard rootStatus.type == .directory else {
            throw BundleCheckError.unreadable(path: root, reason: "not a directory")
        }

        var files: [ContainerEntry] = []
        var folders: [String] = pathPrefix.isEmpty ? [] : [String(pathPrefix.dropLast())]
        var skipped: [String] = []
        var links: [ContainerLink] = []
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast() {
            let directory = relative.isEmpty ? root : root + "/" + relative
            let names: [String]
            do throws(FileSystem.Failure) {
                names = try FileSystem.entries(ofDirectory: directory)
            } catch {
                throw BundleCheckError.unreadable(path: directory, reason: error.reason)
            }
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                let status: FileSystem.Status
                do throws(FileSystem.Failure) {
                    status = try FileSystem.status(root + "/" + child, followingSymlinks: false)
                } catch {
                    throw BundleCheckError.unreadable(path: root + "/" + child, reason: error.reason)
                }
                switch status.type {
                case .regular:
                    guard files.count < maximumFileCount else {
                        throw BundleCheckError.notAPackage(
                            path: root,
                            reason: "more than the \(maximumFileCount) files bundlecheck lists"
                        )
                    }
                    files.append(ContainerEntry(path: pathPrefix + child, size: status.size))
                case .directory:
                    guard depth < maximumDepth else {
                        throw BundleCheckError.notAPackage(
                            path: root,
                            reason: "folders nested more than \(maximumDepth) levels deep at \(child)"
                        )
                    }
                    // Empty folders cost nothing on disk: they count against the same cap as files.
                    guard folders.count < maximumFileCount else {
                        throw BundleCheckError.notAPackage(
                            path: root,
                            reason: "more than the \(maximumFileCount) folders bundlecheck lists"
                        )
                    }
                    folders.append(pathPrefix + child)
                    pending.append((child, depth + 1))
                case .symbolicLink:
                    skipped.append(pathPrefix + child)
                    // Counted with the files: a folder of a million links is as hostile as one of a million files.
                    guard links.count < maximumFileCount else { continue }
                    if let target = FileSystem.linkTarget(root + "/" + child, limit: limits.maxLinkTargetBytes) {
                        links.append(ContainerLink(path: pathPrefix + child, target: target))
                    }
                case .other:
                    skipped.append(pathPrefix + child)
                }
            }
        }
        files.sort { $0.path < $1.path }
        self.root = root
        self.pathPrefix = pathPrefix
        self.files = ContainerFiles(files)
        self.folders = folders.sorted()
        self.skippedPaths = skipped.sorted()
        self.symbolicLinks = links.sorted { $0.path < $1.path }
    }

    func size(of path: String) throws -> UInt64 {
        guard let position = files.position(of: path) else { throw BundleCheckError.missingEntry(file: path) }
        return files.size(at: position)
    }

    func stream(_ path: String, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        precondition(chunkSize > 0, "chunkSize must be positive")
        try withOpenFile(path) { descriptor, _ in
            try readChunks(descriptor, chunkSize: chunkSize, body)
        }
    }

    /// Opens a listed file for reading forward; skipping is an `lseek`.
    func openEntry(_ path: String) throws -> any EntryReader {
        guard files.position(of: path) != nil else { throw BundleCheckError.missingEntry(file: path) }
        return try DirectoryEntryReader(diskPath: root + "/" + path.dropFirst(pathPrefix.count))
    }

    // MARK: - Private

    /// Opens a listed file (never a path outside the listing), checking it is still a regular file.
    private func withOpenFile<Result>(_ path: String, _ body: (Int32, UInt64) throws -> Result) throws -> Result {
        guard files.position(of: path) != nil else { throw BundleCheckError.missingEntry(file: path) }
        let diskPath = root + "/" + path.dropFirst(pathPrefix.count)
        do {
            return try FileSystem.withFile(diskPath) { descriptor, status in
                guard status.type == .regular else {
                    throw BundleCheckError.unreadable(path: diskPath, reason: "no longer a regular file")
                }
                return try body(descriptor, status.size)
            }
        } catch let failure as FileSystem.Failure {
            throw BundleCheckError.unreadable(path: diskPath, reason: failure.reason)
        }
    }

    private func readChunks(
        _ descriptor: Int32,
        chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try FileSystem.read(descriptor, into: buffer)
            if count == 0 { return }
            guard try body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
        }
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") {
            trimmed = trimmed.dropLast()
        }
        return String(trimmed)
    }
}
