import BundleCheckFormats

/// `_CodeSignature/CodeResources` as codesign writes it for an iOS bundle: `files` (SHA-1,
/// the old form) and `files2` (SHA-1 and SHA-256) for every file of the bundle but those
/// sealed otherwise, and nested code in `files2` by its cdhash and requirement. The `rules`
/// that chose the files are left out: nothing reads them.
///
/// A Mac bundle's (`Style.mac`) is sealed from its `Contents/` (a framework's from
/// `Versions/A/`) and has the form of the Mac's codesign rules, as in icyleaf/app-info's
/// macos.zip: `files` holds only what the old rules sealed (`Resources/` and `version.plist`),
/// and each file of `files2` only its SHA-256 (`hash2`).
enum FixtureCodeResources {
    static let path = "_CodeSignature/CodeResources"

    enum Style {
        case iOS
        case mac
    }

    /// A bundle nested in the one being sealed, relative to it.
    struct NestedCode {
        var path: String
        var codeDirectoryHash: [UInt8]
        var identifier: String
    }

    /// Whether codesign seals the file at `path` (relative to the bundle) in CodeResources:
    /// not the executable and Info.plist (the CodeDirectory seals them), PkgInfo (codesign's
    /// rules omit it), nor the signature itself.
    static func seals(_ path: String, executable: String) -> Bool {
        path != executable && path != "Info.plist" && path != "PkgInfo" && !path.hasPrefix("_CodeSignature/")
    }

    /// Whether the old rules (`files`) of the Mac's codesign seal `path`: resources and `version.plist`.
    static func oldRulesSeal(_ path: String) -> Bool {
        path.hasPrefix("Resources/") || path == "version.plist"
    }

    static func write(files: [FixtureFile], nested: [NestedCode], style: Style = .iOS) -> [UInt8] {
        let sorted = files.filter { !$0.isFolder }.sorted { $0.path < $1.path }
        var old = PlistDictionary()
        var current: [(String, PlistValue)] = []
        for file in sorted {
            if style == .mac, file.isSymbolicLink {
                // codesign seals a link by its target, in files2 only.
                current.append(
                    (
                        file.path,
                        .dictionary(PlistDictionary([PlistDictionary.Entry(key: "symlink", value: .string(String(decoding: file.contents, as: UTF8.self)))]))
                    ))
                continue
            }
            let sha1 = digest(file.contents, .sha1)
            if style == .iOS || oldRulesSeal(file.path) { old.append(key: file.path, value: .data(sha1)) }
            var entry = PlistDictionary()
            if style == .iOS { entry.append(key: "hash", value: .data(sha1)) }
            entry.append(key: "hash2", value: .data(digest(file.contents, .sha256)))
            current.append((file.path, .dictionary(entry)))
        }
        for code in nested {
            var entry = PlistDictionary()
            entry.append(key: "cdhash", value: .data(code.codeDirectoryHash))
            entry.append(key: "requirement", value: .string("identifier \"\(code.identifier)\" and anchor apple generic"))
            current.append((code.path, .dictionary(entry)))
        }
        var files2 = PlistDictionary()
        for (path, value) in current.sorted(by: { $0.0 < $1.0 }) { files2.append(key: path, value: value) }
        var root = PlistDictionary()
        root.append(key: "files", value: .dictionary(old))
        root.append(key: "files2", value: .dictionary(files2))
        return XMLPropertyListWriter.write(.dictionary(root))
    }

    private static func digest(_ bytes: [UInt8], _ algorithm: Digest.Algorithm) -> [UInt8] {
        do {
            return try Digest.hash(bytes, algorithm)
        } catch {
            fatalError("the fixture writer cannot hash with \(algorithm.rawValue): \(error)")
        }
    }
}
