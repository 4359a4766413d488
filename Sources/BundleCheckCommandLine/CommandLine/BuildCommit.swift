/// The commit `bundlecheck` was built from, which `--version` prints. `make build` stamps it:
/// it writes the git-ignored `BuildCommit.stamped.swift` (`let stampedBuildCommit: String?`,
/// from `git rev-parse`) and compiles with `-D BUNDLECHECK_STAMPED_BUILD`. A plain `swift build`
/// does neither, so a clean clone builds, and a stamped file left from an older `make` is ignored.
enum BuildCommit {
    #if BUNDLECHECK_STAMPED_BUILD
        static let hash: String? = stampedBuildCommit
    #else
        static let hash: String? = nil
    #endif

    /// `bundlecheck 0.1.0 (commit cef6f9f)`; `(commit unknown)` for a build that was not stamped.
    static func versionLine(version: String, commit: String?) -> String {
        "bundlecheck \(version) (commit \(commit ?? "unknown"))"
    }
}
