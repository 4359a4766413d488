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
            return try ZipArchiveReader(path: path)
        case .symbolicLink, .other:
            throw BundleCheckError.notAPackage(path: path, reason: "neither a regular file nor a directory")
        }
    }

    /// The directory's own name, also for `Foo.app/`, `Foo.app/.` or `.`.
    private static func directoryName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if name == "." || name == ".." || name.isEmpty {
            let canonical = FileSystem.canonicalPath(path) ?? ""
            name = canonical.split(separator: "/").last.map(String.init) ?? ""
        }
        return name
    }
}
