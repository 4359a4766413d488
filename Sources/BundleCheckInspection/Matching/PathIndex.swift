import BundleCheckFormats
import Foundation

/// Every file and folder path of a package, built once, for path and text matchers.
///
/// Folders come from the container's explicit folders (so an empty `Frameworks`
/// folder is there) and from the parents of every file and folder. Entries are
/// kept in tree order: bytewise, except that `/` sorts before every other
/// character, so a folder is directly followed by everything beneath it and
/// "all paths under a folder" is one binary search and a contiguous slice.
///
/// Files are the container's own packed listing (`ContainerFiles`), shared, not copied;
/// folders are packed beside them, and tree order is a list of positions. An `Entry`
/// is made when someone reads it, so 60,000 entries cost little beyond the listing.
struct PathIndex: Sendable {
    struct Entry: Sendable, Hashable {
        /// Path relative to the package root, without a trailing slash.
        let path: String
        let isFolder: Bool
    }

    /// Files and folders in tree order, made on access. A path that is both a file and a
    /// folder (a broken zip can say so) has both entries, the file first.
    struct Entries: RandomAccessCollection, Sendable {
        fileprivate let files: ContainerFiles
        fileprivate let folders: PackedUTF8
        /// Tree order: a value below `files.count` is that file; above, a folder, by
        /// `value - files.count`. Sorting positions is cheaper than moving the bytes.
        fileprivate let order: [Int32]

        var startIndex: Int { 0 }
        var endIndex: Int { order.count }

        subscript(position: Int) -> Entry {
            let value = Int(order[position])
            return value < files.count
                ? Entry(path: files.path(at: value), isFolder: false)
                : Entry(path: folders.string(at: value - files.count), isFolder: true)
        }

        fileprivate func isFolder(at position: Int) -> Bool {
            Int(order[position]) >= files.count
        }

        /// Calls `body` with the path bytes of the entry at `position` in tree order.
        fileprivate func withPath<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            withPath(ofValue: Int(order[position]), body)
        }

        fileprivate func withPath<Result>(ofValue value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            value < files.count ? files.withPathBytes(at: value, body) : folders.withBytes(at: value - files.count, body)
        }
    }

    let entries: Entries
    /// Path comparisons the build made to put the entries in tree order: n log n, whatever the
    /// paths. Kept for the tests, which bound the index's work by it rather than by a clock.
    let comparisonsToBuild: Int

    init(container: any PackageContainer) {
        self.init(files: container.files, folders: container.folders)
    }

    init(files: [String], folders: [String]) {
        self.init(files: ContainerFiles(files.map { ContainerEntry(path: $0, size: 0) }), folders: folders)
    }

    init(files: ContainerFiles, folders: [String]) {
        var folderSet = Set<Substring>()
        var folderList = PackedUTF8()
        // Adds `path` and its parents, stopping at the first parent already known,
        // so the whole pass is linear in the total length of the paths.
        func addFolder(_ path: Substring) {
            var current = path
            while !current.isEmpty, folderSet.insert(current).inserted {
                folderList.append(current)
                guard let slash = current.lastSlash else { return }
                current = current[..<slash]
            }
        }
        for folder in folders {
            var trimmed = Substring(folder)
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            addFolder(trimmed)
        }
        var values: [Int32] = []
        values.reserveCapacity(files.count)
        for position in files.indices {
            let file = files.path(at: position)
            guard !file.isEmpty else { continue }
            values.append(Int32(position))
            if let slash = file.lastSlash { addFolder(file[..<slash]) }
        }
        folderSet = []
        if folderList.unusedCapacity > folderList.byteCount / 8 { folderList = folderList.compacted() }
        values += (0..<folderList.count).map { Int32(files.count + $0) }
        let entries = Entries(files: files, folders: folderList, order: [])
        var comparisons = 0
        values.sort { lhs, rhs in
            comparisons += 1
            let order = entries.withPath(ofValue: Int(lhs)) { left in entries.withPath(ofValue: Int(rhs)) { Self.treeCompare(left, $0) } }
            // Files sort before folders of the same path, and a file repeated
            // (only from the string initializer's caller) stays in listing order.
            return order != 0 ? order < 0 : lhs < rhs
        }
        self.entries = Entries(files: files, folders: folderList, order: values)
        self.comparisonsToBuild = comparisons
    }

    /// Calls `body` with the UTF-8 of the name (the last component) of the entry at `position`
    /// in tree order, where the listing keeps it, without making a `String`: rules and checks
    /// that want a few names among many turn the rest away on these bytes.
    func withNameBytes<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        entries.withPath(at: position) { path in
            body(UnsafeBufferPointer(rebasing: path[((path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...]))
        }
    }

    /// Every entry strictly beneath `folder`, in tree order; everything for `""`.
    func entries(under folder: String) -> Slice<Entries> {
        if folder.isEmpty { return entries[...] }
        let prefix = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8)
        let start = lowerBound(prefix)
        var end = start
        // Tree order keeps the folder's contents together; only their count is unknown.
        var high = entries.count
        prefix.withUnsafeBufferPointer { prefix in
            while end < high {
                let middle = (end + high) / 2
                if entries.withPath(at: middle, { $0.starts(with: prefix) }) {
                    end = middle + 1
                } else {
                    high = middle
                }
            }
        }
        return entries[start..<end]
    }

    /// Calls `body` with the position in the container's `files` of every file strictly beneath
    /// `folder` (everything for `""`), in tree order, without making a path: for adding sizes up.
    func forEachFile(under folder: String, _ body: (Int) -> Void) {
        let fileCount = entries.files.count
        for position in entries(under: folder).indices {
            let value = Int(entries.order[position])
            if value < fileCount { body(value) }
        }
    }

    /// The entries directly inside `folder` (files and folders, each once), in tree order: one
    /// binary search per folder to step over what lies beneath it.
    func children(of folder: String) -> [Entry] {
        let inside = entries(under: folder)
        let prefixLength = folder.isEmpty ? 0 : (folder.hasSuffix("/") ? folder.utf8.count : folder.utf8.count + 1)
        var children: [Entry] = []
        var position = inside.startIndex
        while position < inside.endIndex {
            let entry = entries[position]
            let relative = entry.path.utf8.dropFirst(prefixLength)
            guard !relative.contains(UInt8(ascii: "/")) else {
                position += 1
                continue
            }
            if children.last?.path != entry.path || children.last?.isFolder != entry.isFolder { children.append(entry) }
            position = entry.isFolder ? max(position + 1, entries(under: entry.path).endIndex) : position + 1
        }
        return children
    }

    /// The first component of every entry's path, each once, in tree order (`children` of the
    /// root), so 60,000 entries under `Payload/` cost one binary search.
    func topLevelNames() -> [String] {
        var seen: Set<String> = []
        return children(of: "").map(\.path).filter { seen.insert($0).inserted }
    }

    /// The files strictly beneath `folder` whose name (last component) is `name`, in tree order.
    func files(under folder: String, named name: String) -> [Entry] {
        let wanted = Array(name.utf8)
        return files(under: folder) { $0.elementsEqual(wanted) }
    }

    /// The files strictly beneath `folder` whose name ends with `suffix` (`.dylib`), in tree order.
    func files(under folder: String, nameEndingWith suffix: String) -> [Entry] {
        let wanted = Array(suffix.utf8)
        return files(under: folder) { $0.count >= wanted.count && $0.suffix(wanted.count).elementsEqual(wanted) }
    }

    /// The files strictly beneath `folder` whose name's UTF-8 passes `test`, in tree order. Names
    /// are tested where the listing keeps them, so a check that wants a few files among 60,000
    /// makes a `String` for those few only.
    func files(under folder: String, whereName test: (UnsafeBufferPointer<UInt8>) -> Bool) -> [Entry] {
        entries(under: folder).indices.compactMap { position in
            guard !entries.isFolder(at: position), withNameBytes(at: position, test) else { return nil }
            return entries[position]
        }
    }

    /// The files strictly beneath `folder` that `test` takes, judged on the UTF-8 of their name
    /// and their size as the listing states it, in tree order: a path is made only for those.
    func files(under folder: String, where test: (_ name: UnsafeBufferPointer<UInt8>, _ size: UInt64) -> Bool) -> [(path: String, size: UInt64)] {
        let fileCount = entries.files.count
        return entries(under: folder).indices.compactMap { position in
            let value = Int(entries.order[position])
            guard value < fileCount else { return nil }
            let size = entries.files.size(at: value)
            guard withNameBytes(at: position, { test($0, size) }) else { return nil }
            return (entries[position].path, size)
        }
    }

    /// The folders strictly beneath `folder` whose name is `name` (`.git`), in tree order.
    func folders(under folder: String, named name: String) -> [Entry] {
        let wanted = Array(name.utf8)
        return entries(under: folder).indices.compactMap { position in
            guard entries.isFolder(at: position), withNameBytes(at: position, { $0.elementsEqual(wanted) }) else { return nil }
            return entries[position]
        }
    }

    /// Whether `path` is a folder of the package, explicit or derived.
    func isFolder(_ path: String) -> Bool {
        let key = Array(path.utf8)
        let index = lowerBound(key)
        return (index..<min(index + 2, entries.count)).contains { entries.isFolder(at: $0) && matches(at: $0, key) }
    }

    /// Whether `path` is a file of the package.
    func isFile(_ path: String) -> Bool {
        let key = Array(path.utf8)
        let index = lowerBound(key)
        return index < entries.count && !entries.isFolder(at: index) && matches(at: index, key)
    }

    // MARK: - Private

    private func matches(at index: Int, _ key: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer { key in entries.withPath(at: index) { PackedUTF8.compare($0, key) == 0 } }
    }

    /// The first index whose key is not before `key` in tree order.
    private func lowerBound(_ key: [UInt8]) -> Int {
        key.withUnsafeBufferPointer { key in
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries.withPath(at: middle, { Self.treeCompare($0, key) }) < 0 {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
    }

    /// Tree order: bytewise with `/` before every other byte, a proper prefix first.
    private static func treeCompare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(lhs.count, rhs.count)
        var offset = 0
        while offset < common {
            let left = lhs[offset]
            let right = rhs[offset]
            if left != right { return rank(left) - rank(right) }
            offset += 1
        }
        return lhs.count - rhs.count
    }

    private static func rank(_ byte: UInt8) -> Int {
        byte == UInt8(ascii: "/") ? 0 : Int(byte) + 1
    }
}
