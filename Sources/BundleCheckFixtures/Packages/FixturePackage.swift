import BundleCheckFormats
import Foundation

/// A whole package built from fixture bundles, written as a zip or a directory.
public struct FixturePackage: Sendable {
    public var files: [FixtureFile]
    /// For an installer package (`installerPackage(_:options:)`): its app, and how it is written.
    public var installer: (app: FixtureBundle, options: FixtureInstallerOptions)?

    public init(files: [FixtureFile]) {
        self.files = files
    }

    /// A macOS installer package installing `app` in /Applications (`write(to:)` writes it).
    public static func installerPackage(_ app: FixtureBundle, options: FixtureInstallerOptions = FixtureInstallerOptions()) throws -> FixturePackage {
        var package = FixturePackage(files: try app.flattened(under: ""))
        package.installer = (app, options)
        return package
    }

    /// Writes the package as what it is: an installer package, or else a zip.
    public func write(to path: String) throws {
        if let installer {
            try installer.options.installerPackage(of: installer.app, files: files).write(to: path)
        } else {
            try writeZip(to: path)
        }
    }

    /// An IPA: `Payload/<App>.app`, optionally under a top-level folder.
    public static func ipa(_ apps: FixtureBundle..., topLevelFolder: String? = nil, extraFiles: [FixtureFile] = []) throws -> FixturePackage {
        let prefix = [topLevelFolder, "Payload"].compactMap { $0 }.joined(separator: "/")
        let files = try apps.flatMap { try $0.flattened(under: prefix) }
        return FixturePackage(files: files + extraFiles)
    }

    /// An Xcode archive: `Products/Applications/<App>.app` and the archive's own Info.plist.
    public static func xcarchive(_ app: FixtureBundle, name: String, rootFolder: String? = nil) throws -> FixturePackage {
        let root = rootFolder.map { $0 + "/" } ?? ""
        var archivePlist = PlistDictionary()
        var properties = PlistDictionary()
        properties.append(key: "ApplicationPath", value: .string("Applications/" + app.name))
        properties.append(key: "CFBundleIdentifier", value: app.infoPlist["CFBundleIdentifier"] ?? .string(""))
        archivePlist.append(key: "ApplicationProperties", value: .dictionary(properties))
        archivePlist.append(key: "ArchiveVersion", value: .integer(PlistInteger(2)))
        archivePlist.append(key: "Name", value: .string(name))
        let info = FixtureFile(path: root + "Info.plist", contents: XMLPropertyListWriter.write(.dictionary(archivePlist)))
        return FixturePackage(files: [info] + (try app.flattened(under: root + "Products/Applications")))
    }

    /// A bare app bundle, as `<App>.app/...` (zip it for a zipped .app).
    public static func app(_ app: FixtureBundle, topLevelFolder: String? = nil) throws -> FixturePackage {
        FixturePackage(files: try app.flattened(under: topLevelFolder ?? ""))
    }

    /// The same package with every entry stored uncompressed: its bytes then depend on
    /// nothing but the input, not even on the zlib version that deflates it.
    public func stored() -> FixturePackage {
        FixturePackage(
            files: files.map { file in
                var stored = file
                stored.compression = .stored
                return stored
            })
    }

    /// Writes the package as a zip archive with fixed timestamps: identical input, identical bytes.
    public func writeZip(to path: String) throws {
        let writer = try ZipArchiveWriter(path: path)
        for file in files {
            if file.isFolder {
                try writer.addDirectory(path: file.path)
            } else {
                try writer.add(
                    path: file.path, contents: file.contents, compression: file.isDamaged ? .stored : file.compression,
                    permissions: file.permissions ?? 0o644, isSymbolicLink: file.isSymbolicLink
                )
            }
        }
        try writer.close()
        let damaged = files.filter(\.isDamaged)
        let renamed = files.filter { $0.zipName != nil }
        let declared = files.filter { $0.declaredSize != nil }
        guard !damaged.isEmpty || !renamed.isEmpty || !declared.isEmpty else { return }
        var zip = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        for file in declared {
            try Self.declare(file.declaredSize ?? 0, for: file.path, in: &zip)
        }
        for file in renamed {
            // The name stands twice: in the local header and in the central directory.
            let old = Array(file.path.utf8), new = Array((file.zipName ?? "").utf8)
            guard old.count == new.count else {
                throw FixtureDescription.Problem(line: 0, message: "\(file.path): zip-name must be as long as the path")
            }
            var from = 0
            while let start = Self.firstIndex(of: old, in: Array(zip[from...])).map({ $0 + from }) {
                zip.replaceSubrange(start..<(start + old.count), with: new)
                from = start + old.count
            }
        }
        for file in damaged {
            // Stored data is the contents as they are: flip its first byte where it stands.
            guard !file.contents.isEmpty, let start = Self.firstIndex(of: file.contents, in: zip) else {
                throw FixtureDescription.Problem(line: 0, message: "\(file.path): a damaged file needs contents found once in the zip")
            }
            zip[start] ^= 0xFF
        }
        try Data(zip).write(to: URL(fileURLWithPath: path))
    }

    /// Writes `size` as the uncompressed size of the entry named `name` in its local header
    /// (size at 22, name length at 26, name at 30) and its central-directory record (size at 24,
    /// name length at 28, name at 46).
    static func declare(_ size: UInt32, for name: String, in zip: inout [UInt8]) throws {
        let nameBytes = Array(name.utf8)
        var patched = 0
        for (signature, sizeOffset, lengthOffset, nameOffset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22, 26, 30), ([0x50, 0x4B, 0x01, 0x02], 24, 28, 46)] {
            var from = 0
            while let start = firstIndex(of: signature, in: Array(zip[from...])).map({ $0 + from }) {
                from = start + 4
                guard start + nameOffset <= zip.count else { continue }
                let nameLength = Int(zip[start + lengthOffset]) | Int(zip[start + lengthOffset + 1]) << 8
                guard start + nameOffset + nameLength <= zip.count, nameLength == nameBytes.count,
                    zip[(start + nameOffset)..<(start + nameOffset + nameLength)].elementsEqual(nameBytes)
                else { continue }
                for byte in 0..<4 { zip[start + sizeOffset + byte] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(byte))) }
                patched += 1
            }
        }
        guard patched == 2 else {
            throw FixtureDescription.Problem(line: 0, message: "\(name): declared-size found \(patched) headers, not 2")
        }
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }

    /// Writes the package's files under a directory (for `.xcarchive` and `.app` directory inputs):
    /// symbolic links as links to their targets as stored (a Mac framework's `Versions/Current -> A`),
    /// other files with their `permissions`.
    public func writeDirectory(to path: String) throws {
        let root = URL(fileURLWithPath: path)
        for file in files {
            let url = root.appendingPathComponent(file.path)
            if file.isFolder {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if file.isSymbolicLink {
                try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: String(decoding: file.contents, as: UTF8.self))
                continue
            }
            try Data(file.contents).write(to: url)
            if let permissions = file.permissions {
                try FileManager.default.setAttributes([.posixPermissions: Int(permissions)], ofItemAtPath: url.path)
            }
        }
    }
}
