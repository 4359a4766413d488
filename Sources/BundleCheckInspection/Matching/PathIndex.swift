import Foundation
import BundleCheckFormats

/// Every file and folder path of a package, built once, for path and text matchers.
///
/// Folders come from the container's explicit folders (so an empty `Frameworks`
/// folder is there) and from the parents of every file and folder. Entries are
/// kept in tree order: bytewise, except that `/` sorts before every other
/// character, so a folder is directly followed by everything beneath it and
/// "all paths under a folder" is one binary search and a contiguous slice.
///
/// Paths are held packed (`PackedUTF8`), not as `String`s: an `Entry` is made when
/// someone reads it, so 60,000 entries cost their bytes and an offset each.
struct PathIndex: Sendable {
    struct Entry: Sendable, Hashable {
        /// Path relative to the package root, without a trailing slash.
        let path: String
        let isFolder: Bool
    }

    /// Files and folders in tree order, made on access. A path that is both a file and a
    /// folder (a broken zip can say so) has both entries, the file first.
    struct Entries: RandomAccessCollection, Sendable {
        /// Each path as UTF-8 with `/` turned into 0 (no zip or file name holds a 0 byte),
        /// so that `memcmp` gives tree order; in the order they were found, not sorted.
        fileprivate let keys: PackedUTF8
        /// Positions in `keys`, in tree order: sorting these is cheaper than moving the bytes.
        fileprivate let order: [Int32]
        /// Whether each entry, in tree order, is a folder.
        fileprivate let folderFlags: [Bool]

        var startIndex: Int { 0 }
        var endIndex: Int { order.count }

        subscript(position: Int) -> Entry {
            Entry(path: PathIndex.path(ofKey: Int(order[position]), in: keys), isFolder: folderFlags[position])
        }

        /// Calls `body` with the key of the entry at `position` in tree order.
        fileprivate func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            keys.withBytes(at: Int(order[position]), body)
        }
    }

    let entries: Entries

    init(container: any PackageContainer) {
        self.init(files: container.files.lazy.map(\.path), folders: container.folders)
    }

    init(files: some Collection<String>, folders: [String]) {
        // First pass: the folders, and how many bytes everything takes, so that the
        // keys are written once into a buffer of the right size (growing one by doubling
        // held twice the paths at the peak of a large listing).
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
        var fileCount = 0
        var byteCount = 0
        for file in files where !file.isEmpty {
            fileCount += 1
            byteCount += file.utf8.count
            if let slash = file.lastIndex(of: "/") { addFolder(file[..<slash]) }
        }
        byteCount += folderList.reduce(0) { $0 + $1.utf8.count }

        var unsortedKeys = PackedUTF8()
        unsortedKeys.reserveCapacity(strings: fileCount + folderList.count, bytes: byteCount)
        var flags: [Bool] = []
        flags.reserveCapacity(fileCount + folderList.count)
        for file in files where !file.isEmpty {
            unsortedKeys.append(file)
            flags.append(false)
        }
        for folder in folderList {
            unsortedKeys.append(folder)
            flags.append(true)
        }
        folderList = []
        folderSet = []
        unsortedKeys.replaceBytes(UInt8(ascii: "/"), with: 0)
        var order: [Int] = Array(0..<flags.count).sorted { lhs, rhs in
            let comparison = unsortedKeys.compare(lhs, rhs)
            if comparison != 0 { return comparison < 0 }
            return flags[lhs] != flags[rhs] ? !flags[lhs] : lhs < rhs
        }
        // A file listed twice is one entry.
        var kept = 0
        for position in order.indices {
            if kept > 0, unsortedKeys.compare(order[kept - 1], order[position]) == 0, flags[order[kept - 1]] == flags[order[position]] { continue }
            order[kept] = order[position]
            kept += 1
        }
        order.removeLast(order.count - kept)
        self.entries = Entries(keys: unsortedKeys, order: order.map { Int32($0) }, folderFlags: order.map { flags[$0] })
    }

    /// Every entry strictly beneath `folder`, in tree order; everything for `""`.
    func entries(under folder: String) -> Slice<Entries> {
        if folder.isEmpty { return entries[...] }
        let prefix = Self.key(folder.hasSuffix("/") ? folder : folder + "/")
        let start = lowerBound(prefix)
        var end = start
        // Tree order keeps the folder's contents together; only their count is unknown.
        var high = entries.count
        prefix.withUnsafeBufferPointer { prefix in
            while end < high {
                let middle = (end + high) / 2
                if entries.withKey(at: middle, { $0.starts(with: prefix) }) {
                    end = middle + 1
                } else {
                    high = middle
                }
            }
        }
        return entries[start..<end]
    }

    /// Whether `path` is a folder of the package, explicit or derived.
    func isFolder(_ path: String) -> Bool {
        let key = Self.key(path)
        let index = lowerBound(key)
        return (index..<min(index + 2, entries.count)).contains { entries.folderFlags[$0] && matches(at: $0, key) }
    }

    /// Whether `path` is a file of the package.
    func isFile(_ path: String) -> Bool {
        let key = Self.key(path)
        let index = lowerBound(key)
        return index < entries.count && !entries.folderFlags[index] && matches(at: index, key)
    }

    // MARK: - Private

    private func matches(at index: Int, _ key: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer { key in entries.withKey(at: index) { PackedUTF8.compare($0, key) == 0 } }
    }

    /// The first index whose key is not before `key` in tree order.
    private func lowerBound(_ key: [UInt8]) -> Int {
        key.withUnsafeBufferPointer { key in
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries.withKey(at: middle, { PackedUTF8.compare($0, key) }) < 0 {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
    }

    private static func key(_ path: String) -> [UInt8] {
        path.utf8.map { $0 == UInt8(ascii: "/") ? 0 : $0 }
    }

    fileprivate static func path(ofKey index: Int, in keys: PackedUTF8) -> String {
        keys.withBytes(at: index) { key in
            String(unsafeUninitializedCapacity: key.count) { buffer in
                for (offset, byte) in key.enumerated() { buffer[offset] = byte == 0 ? UInt8(ascii: "/") : byte }
                return key.count
            }
        }
    }
}
