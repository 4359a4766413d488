/// How a fixture installer package's component stores its `Payload`.
public enum InstallerPayload: Sendable, Hashable {
    /// A gzip-wrapped odc cpio archive of the files, as `pkgbuild` writes it by default.
    case gzipCpio
    /// The odc cpio archive without gzip: not what pkgbuild writes, for hostile tests.
    case rawCpio
    /// These bytes as they are: a pbzx stream, a damaged gzip, an archive a test crafted.
    case custom([UInt8])

    /// The cpio archive of `files` as pkgbuild lays out a payload: `.` first, then every
    /// folder before what it holds (folders the paths imply included), each name `./`-prefixed,
    /// siblings in byte order of their names. Folders are 0755, links 0755 with their target
    /// as data, files their `permissions` or 0644.
    public static func cpio(of files: [FixtureFile]) -> CpioWriter {
        var writer = CpioWriter()
        writer.addFolder(".")
        for (name, file) in layout(of: files) {
            guard let file else {
                writer.addFolder(name)
                continue
            }
            if file.isSymbolicLink {
                writer.addSymbolicLink(name, target: String(decoding: file.contents, as: UTF8.self), permissions: file.permissions ?? 0o755)
            } else {
                writer.addFile(name, contents: file.contents, permissions: file.permissions ?? 0o644)
            }
        }
        return writer
    }

    /// The `Bom` mkbom writes for the same files: `.`, every folder and file, links with their targets.
    public static func bom(of files: [FixtureFile]) -> [UInt8] {
        var entries: [BOMWriter.Entry] = [.directory(".")]
        for (name, file) in layout(of: files) {
            guard let file else {
                entries.append(.directory(name))
                continue
            }
            if file.isSymbolicLink {
                entries.append(.link(name, to: String(decoding: file.contents, as: UTF8.self)))
            } else {
                entries.append(.file(name, contents: file.contents, mode: 0o100000 | (file.permissions ?? 0o644)))
            }
        }
        return BOMWriter.write(entries)
    }

    /// The payload's entries after `.`, in pkgbuild's order: `./`-prefixed names, each with its
    /// file (nil for a folder).
    static func layout(of files: [FixtureFile]) -> [(name: String, file: FixtureFile?)] {
        var folders: Set<String> = []
        var entries: [String: FixtureFile] = [:]
        for file in files {
            let path = file.path.split(separator: "/").joined(separator: "/")
            let components = path.split(separator: "/")
            for depth in components.indices.dropLast() {
                folders.insert(components[...depth].joined(separator: "/"))
            }
            if file.isFolder {
                folders.insert(path)
            } else {
                entries[path] = file
            }
        }
        let paths = Set(entries.keys).union(folders).sorted { lhs, rhs in
            // Component by component, so that a folder's contents follow it before a sibling
            // whose name extends the folder's ("A/x" before "A.b").
            lhs.split(separator: "/").lexicographicallyPrecedes(rhs.split(separator: "/")) { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        }
        return paths.map { path in
            ("./" + path, folders.contains(path) ? nil : entries[path])
        }
    }
}
