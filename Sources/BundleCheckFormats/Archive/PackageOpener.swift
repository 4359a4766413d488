/// Opens an input path as a container, by what is on disk rather than by its extension.
///
/// - A directory is a `DirectoryContainer` rooted at it. A directory whose name
///   ends in `.app` is itself the app bundle, so its files are listed under its
///   own name (`Foo.app/Info.plist`, `Foo.app/PlugIns/X.appex/...`), exactly as
///   in a zipped `.app`: bundle paths in the report then read `Foo.app` and
///   `Foo.app/PlugIns/X.appex`, and nothing next to the `.app` is listed.
///   Any other directory (`Foo.xcarchive`, an unzipped IPA) is the package root.
/// - A regular file that starts with a xar header is an installer package (`.pkg`), read in
///   one pass as `plan` says (`InstallerPackageContainer`).
/// - Any other regular file (`.ipa`, `.zip`, no extension) is opened as a zip.
/// - Anything else (FIFO, socket, device) is not a package.
public enum PackageOpener {
    public static func open(path: String, plan: PayloadReadPlan = .listingOnly) throws -> any PackageContainer {
        // Never nil: an installer package is opened here.
        try open(path: path) { try InstallerPackageContainer(path: $0, plan: plan) }!
    }

    /// `open`, except that an installer package is left unopened (nil): what its one pass keeps
    /// depends on the rules, which the caller may not have yet (`PackagePrefetch`).
    public static func openUnlessInstallerPackage(path: String) throws -> (any PackageContainer)? {
        try open(path: path) { _ in nil }
    }

    private static func open(path: String, installerPackage: (String) throws -> (any PackageContainer)?) throws -> (any PackageContainer)? {
        let status: FileSystem.Status
        do throws(FileSystem.Failure) {
            status = try FileSystem.status(path, followingSymlinks: true)
        } catch {
            throw error.bundleCheckError(path: path)
        }
        switch status.type {
        case .directory:
            let name = directoryName(path)
            let isAppBundle = name.count > 4 && name.hasSuffix(".app")
            return try DirectoryContainer(root: path, pathPrefix: isAppBundle ? name + "/" : "")
        case .regular:
            if startsLikeInstallerPackage(path) { return try installerPackage(path) }
            return try ZipArchiveReader(path: path, status: status)
        case .symbolicLink, .other:
            throw BundleCheckError.notAPackage(path: path, reason: "neither a regular file nor a directory")
        }
    }

    /// The size of what is at `path` (following links), for the report of an input that could
    /// not be opened; 0 when there is nothing to look at. An opened input's size comes from its
    /// container.
    public static func sizeOnDisk(of path: String) -> UInt64 {
        (try? FileSystem.status(path, followingSymlinks: true).size) ?? 0
    }

    /// Whether the file starts with xar's magic; a file that cannot be read is left to the zip
    /// reader, which says why.
    private static func startsLikeInstallerPackage(_ path: String) -> Bool {
        let start = try? FileSystem.withFile(path) { descriptor, _ -> [UInt8] in
            var bytes = [UInt8](repeating: 0, count: 4)
            let count = try bytes.withUnsafeMutableBytes { try FileSystem.read(descriptor, into: $0) }
            return Array(bytes[..<count])
        }
        return start.map(XarHeader.startsLikeXar) ?? false
    }

    /// The directory's own name, also for `Foo.app/`, `Foo.app/.` or `.`.
    private static func directoryName(_ path: String) -> String {
        // `PackagePath.name` gives back a path without components (`/`, empty) as it is.
        let name = PackagePath.name(path)
        guard name == "." || name == ".." || name.isEmpty || name.contains("/") else { return name }
        let canonical = PackagePath.name(FileSystem.canonicalPath(path) ?? "")
        return canonical.contains("/") ? "" : canonical
    }
}
