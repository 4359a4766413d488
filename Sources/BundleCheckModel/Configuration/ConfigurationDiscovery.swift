import Foundation

/// Finds the `.bundlecheck.yml` of a run: in the working directory or the nearest parent,
/// up to the repository root (the nearest folder holding `.git`, a folder or, in worktrees and
/// submodules, a file). Outside a repository only the working directory counts, so a stray
/// file in a home or temporary folder never configures a run by surprise.
///
/// The file system is one function, so tests can describe a tree without writing it.
package struct ConfigurationDiscovery: Sendable {
    /// The file looked for.
    package static let fileName = ".bundlecheck.yml"
    /// What marks a repository root.
    static let repositoryMarker = ".git"
    /// Folders looked at, at most: no path is deeper than this, and it bounds a hostile one.
    static let maximumDepth = 512

    /// Where the file was found.
    package struct Location: Sendable, Equatable {
        /// The folder holding the file, absolute.
        package let folder: String
        /// 0 for the working directory, 1 for its parent, …
        package let levelsUp: Int

        /// The file's absolute path.
        package var path: String { (folder as NSString).appendingPathComponent(ConfigurationDiscovery.fileName) }

        /// The path as written relative to the working directory: `.bundlecheck.yml`, `../.bundlecheck.yml`, …
        package var relativePath: String {
            String(repeating: "../", count: levelsUp) + ConfigurationDiscovery.fileName
        }
    }

    private let exists: @Sendable (String) -> Bool

    /// `exists` says whether anything (file or folder) is at an absolute path.
    package init(exists: @escaping @Sendable (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        self.exists = exists
    }

    /// The configuration file for a run in `directory` (absolute), or nil when there is none.
    package func find(from directory: String) -> Location? {
        let folders = Self.folders(from: directory)
        let repositoryRoot = folders.firstIndex { exists(Self.join($0, Self.repositoryMarker)) }
        // Outside a repository: the working directory only.
        let searched = folders.prefix(through: repositoryRoot ?? 0)
        for (levelsUp, folder) in searched.enumerated() where exists(Self.join(folder, Self.fileName)) {
            return Location(folder: folder, levelsUp: levelsUp)
        }
        return nil
    }

    /// `directory` (made standard: no `.`, `..` or repeated `/`) and each of its parents up to `/`.
    static func folders(from directory: String) -> [String] {
        var folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
        var folders: [String] = []
        while folders.count < maximumDepth {
            folders.append(folder)
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        return folders
    }

    private static func join(_ folder: String, _ name: String) -> String {
        (folder as NSString).appendingPathComponent(name)
    }
}
