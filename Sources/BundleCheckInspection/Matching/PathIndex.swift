import Foundation
import BundleCheckFormats

/// Every file and folder path of a package, built once, for path and text matchers.
///
/// Folders come from the container's explicit folders (so an empty `Frameworks`
/// folder is there) and from the parents of every file and folder. Entries are
/// kept in tree order: bytewise, except that `/` sorts before every other
/// character, so a folder is directly followed by everything beneath it and
/// "all paths under a folder" is one binary search and a contiguous slice.
struct PathIndex: Sendable {
    struct Entry: Sendable, Hashable {
        /// Path relative to the package root, without a trailing slash.
        let path: String
        let isFolder: Bool
    }

    /// Files and folders in tree order. A path that is both a file and a folder
    /// (a broken zip can say so) has both entries, the file first.
    let entries: [Entry]
    /// Each entry's path as UTF-8 with `/` turned into 0, so that `memcmp` gives tree order.
    private let sortKeys: [[UInt8]]

    init(container: any PackageContainer) {
        self.init(files: container.files.map(\.path), folders: container.folders)
    }

    init(files: [String], folders: [String]) {
        var folderSet = Set<Substring>()
        var folderList: [Substring] = []
        // Adds `path` and its parents, stopping at the first parent already known,
        // so the whole pass is linear in the total length of the paths.
        func addFolder(_ path: Substring) {
            var current = path
            while !current.isEmpty, folderSet.insert(current).inserted {
                folderList.append(current)
                guard let slash = current.lastIndex(of: "/") else { return }
                current = current[..<slash]
            }
        }
        for folder in folders {
            var trimmed = Substring(folder)
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            addFolder(trimmed)
        }
        var fileSet = Set<String>()
        var entries: [Entry] = []
        entries.reserveCapacity(files.count + folderList.count)
        for file in files where !file.isEmpty && fileSet.insert(file).inserted {
            entries.append(Entry(path: file, isFolder: false))
            if let slash = file.lastIndex(of: "/") { addFolder(file[..<slash]) }
        }
        entries += folderList.map { Entry(path: String($0), isFolder: true) }
        let keyed = entries.map { (entry: $0, key: Self.sortKey($0.path)) }.sorted { lhs, rhs in
            let order = Self.compare(lhs.key, rhs.key)
            return order != 0 ? order < 0 : (!lhs.entry.isFolder && rhs.entry.isFolder)
        }
        self.entries = keyed.map(\.entry)
        self.sortKeys = keyed.map(\.key)
    }

    /// Every entry strictly beneath `folder`, in tree order; everything for `""`.
    func entries(under folder: String) -> ArraySlice<Entry> {
        if folder.isEmpty { return entries[...] }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let start = lowerBound(prefix)
        var end = start
        // Tree order keeps the folder's contents together; only their count is unknown.
        var high = entries.count
        while end < high {
            let middle = (end + high) / 2
            if entries[middle].path.utf8.starts(with: prefix.utf8) {
                end = middle + 1
            } else {
                high = middle
            }
        }
        return entries[start..<end]
    }

    /// Whether `path` is a folder of the package, explicit or derived.
    func isFolder(_ path: String) -> Bool {
        let index = lowerBound(path)
        return entries[index...].prefix(2).contains { $0.isFolder && $0.path.utf8.elementsEqual(path.utf8) }
    }

    /// Whether `path` is a file of the package.
    func isFile(_ path: String) -> Bool {
        let index = lowerBound(path)
        return index < entries.count && !entries[index].isFolder && entries[index].path.utf8.elementsEqual(path.utf8)
    }

    // MARK: - Private

    /// The first index whose path is not before `path` in tree order.
    private func lowerBound(_ path: String) -> Int {
        let key = Self.sortKey(path)
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Self.compare(sortKeys[middle], key) < 0 {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private static func sortKey(_ path: String) -> [UInt8] {
        path.utf8.map { $0 == UInt8(ascii: "/") ? 0 : $0 }
    }

    /// Bytewise, shorter first on a common prefix: negative, zero or positive like `memcmp`.
    private static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        let common = min(lhs.count, rhs.count)
        let order = lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                common == 0 ? 0 : Int(memcmp(left.baseAddress!, right.baseAddress!, common))
            }
        }
        return order != 0 ? order : lhs.count - rhs.count
    }
}
