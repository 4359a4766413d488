/// `_CodeSignature/CodeResources`: the files a bundle's signature seals besides its
/// executable and Info.plist, as its `files2` dictionary lists them (path from the bundle's
/// root → hash). The `files` dictionary of old signatures (SHA-1 only) and the `rules` that
/// chose the files are not read.
package struct CodeResources: Sendable {
    /// One `files2` entry.
    package struct Entry: Sendable, Hashable {
        /// Relative to the bundle folder, as listed.
        package var path: String
        package var seal: Seal
        /// `optional`: the file may be missing (localizations that were stripped).
        package var isOptional: Bool
    }

    /// What an entry says its file must be.
    package enum Seal: Sendable, Hashable {
        /// Contents with this digest: `hash2` (SHA-256) when given, else `hash` or a bare
        /// `<data>` (SHA-1).
        case hash(Digest.Algorithm, [UInt8])
        /// Nested code (a framework, a plug-in), listed by `cdhash` and `requirement`: sealed
        /// by its own signature, not by a hash of its files.
        case nestedCode
        /// A symbolic link to this target.
        case symlink(String)
        /// Nothing bundlecheck can compare (no hash it knows).
        case unknown
    }

    package var entries: [Entry]

    /// Parses the property list; a `files2` that is missing or not a dictionary lists nothing.
    package init(propertyList bytes: [UInt8], file: String) throws {
        let document = try PropertyListParser.parse(bytes, file: file)
        entries = (document.root.dictionaryValue?["files2"]?.dictionaryValue?.entries ?? []).map { entry in
            Entry(path: entry.key, seal: Self.seal(of: entry.value), isOptional: entry.value.dictionaryValue?["optional"]?.boolValue ?? false)
        }
    }

    private static func seal(of value: PlistValue) -> Seal {
        if case .data(let sha1) = value { return .hash(.sha1, sha1) }
        guard let fields = value.dictionaryValue else { return .unknown }
        if case .data(let sha256)? = fields["hash2"] { return .hash(.sha256, sha256) }
        if case .data(let sha1)? = fields["hash"] { return .hash(.sha1, sha1) }
        if fields["cdhash"] != nil || fields["requirement"] != nil { return .nestedCode }
        if let target = fields["symlink"]?.stringValue { return .symlink(target) }
        return .unknown
    }
}
