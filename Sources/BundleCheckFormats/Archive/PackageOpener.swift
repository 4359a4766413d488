/// Opens an input path as a container, by what is on disk rather than by its extension.
///
/// - A directory is a `DirectoryContainer` rooted at it. A directory whose name
///   ends in `.app` is itself the app bundle, so its files are listed under its
///   own name (`Foo.app/Info.plist`, `Foo.app/PlugIns/X.appex/...`), exactly as
///   in a zipped `.app`: bundle paths in the report then read `Foo.app` and
///   `Foo.app/PlugIns/X.appex`, and nothing next to the `.app` is listed.
///   Any other directory (`Foo.xcarchive`, an unzipped IPA) is the package root.
/// - A regular file of any extension (`.ipa`, `.zip`, none) is opened as a zip.
/// - Anything else (FIFO, socket, device) is not a package.
public enum PackageOpener {
    public static func open(path: String) throws -> any PackageContainer {
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

    /// The directory's own name, also for `Foo.app/`, `Foo.app/.` or `.`.
    private static func directoryName(_ path: String) -> String {
        // `PackagePath.name` gives back a path without components (`/`, empty) as it is.
        let name = PackagePath.name(path)
        guard name == "." || name == ".." || name.isEmpty || name.contains("/") else { return name }
        let canonical = PackagePath.name(FileSystem.canonicalPath(path) ?? "")
        return canonical.contains("/") ? "" : canonical
    }
}
