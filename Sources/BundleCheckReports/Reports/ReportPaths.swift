import Foundation

/// Where CI formats say an input is: its path relative to a base directory (the working
/// directory, or GitHub's workspace), so that SARIF, GitLab and GitHub name one input alike.
/// Paths are compared as text (`.`, `..` and doubled slashes removed; no links resolved).
package struct ReportPaths: Sendable {
    /// Where relative inputs start: the run's working directory.
    package let currentDirectory: String
    /// What paths are made relative to.
    package let base: String

    /// `base` nil: relative to `currentDirectory` (nil: the process's working directory).
    package init(workingDirectory: String?, base: String? = nil) {
        let current = workingDirectory ?? FileManager.default.currentDirectoryPath
        currentDirectory = current
        self.base = Self.normalized(Self.absolute(base ?? current, from: current))
    }

    /// `path` relative to `base` when it lies inside it; otherwise absolute.
    package func relative(_ path: String) -> String {
        let absolute = Self.normalized(Self.absolute(path, from: currentDirectory))
        if absolute == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    static func absolute(_ path: String, from directory: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// Without `.`, `..` and doubled or trailing slashes, by text alone.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
