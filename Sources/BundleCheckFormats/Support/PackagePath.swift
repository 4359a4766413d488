/// Paths inside a package: `/`-separated, relative to its root, without a trailing slash.
package enum PackagePath {
    /// The last component, `S.appex` for `Payload/X.app/PlugIns/S.appex`; the path itself when
    /// it has none (it is empty or all slashes).
    package static func name(_ path: String) -> String {
        // From the end, without splitting the whole path: checks ask this of every entry.
        var end = path.utf8.endIndex
        while end > path.utf8.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = path.utf8.index(before: end)
        }
        guard end > path.utf8.startIndex else { return path }
        let start = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.utf8.startIndex
        return String(path[start..<end])
    }
}

extension String {
    /// Where the last `/` is, found among the UTF-8 bytes. `lastIndex(of: "/")` walks the
    /// Characters, grapheme by grapheme, and was an eighth of a check of 60,000 entries.
    /// Step past it with `utf8.index(after:)`: a path is bytes, and a combining mark after the
    /// slash must stay in the next component.
    package var lastSlash: Index? {
        utf8.lastIndex(of: UInt8(ascii: "/"))
    }
}

extension Substring {
    /// Where the last `/` is, as `String.lastSlash` finds it.
    package var lastSlash: Index? {
        utf8.lastIndex(of: UInt8(ascii: "/"))
    }
}
