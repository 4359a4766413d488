/// Paths inside a package: `/`-separated, relative to its root, without a trailing slash.
package enum PackagePath {
    /// The last component, `S.appex` for `Payload/X.app/PlugIns/S.appex`; the path itself when
    /// it has none (it is empty or all slashes).
    package static func name(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
