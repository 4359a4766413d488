/// A file or folder as one match subject sees it.
struct SubjectEntry: Sendable {
    /// The full container path, which hits carry.
    let path: String
    /// The path relative to the subject: to the bundle folder, or the whole path for the archive.
    let relativePath: Substring
    /// `relativePath` split at `/`, once for every glob that looks at it.
    let components: [Substring]
    let isFolder: Bool

    init(path: String, droppingPrefixOf length: Int, isFolder: Bool) {
        self.path = path
        // `length` is that of a folder path and its `/`, so it falls between characters.
        self.relativePath = path[path.utf8.index(path.startIndex, offsetBy: length)...]
        self.components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        self.isFolder = isFolder
    }
}
