import BundleCheckFormats
import BundleCheckModel
import Foundation

/// Where CI formats say an input is: its path relative to a base directory (the working
/// directory, or GitHub's workspace), so that SARIF, GitLab and GitHub name one input alike.
/// Paths are compared as text (`.`, `..` and doubled slashes removed; no links resolved).
package struct ReportPaths: Sendable {
    /// Where relative inputs start: the run's working directory.
    package let currentDirectory: String
    /// What paths are made relative to.
    package let base: String

    /// Paths relative to the checkout in CI (`$GITHUB_WORKSPACE`, GitLab's `$CI_PROJECT_DIR`),
    /// which code scanning and merge requests resolve them against, whatever folder the job
    /// ran bundlecheck from; elsewhere relative to the working directory.
    package init(_ context: ReportContext) {
        let checkout = ["GITHUB_WORKSPACE", "CI_PROJECT_DIR"].lazy.compactMap { context.environment[$0] }.first { !$0.isEmpty }
        self.init(workingDirectory: context.workingDirectory, base: checkout)
    }

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

    /// Where a file of a directory input is on disk: `inner` is a package path, which for an
    /// `.app` input starts with the bundle's own name (`Foo.app/Info.plist`, as in a zipped
    /// app), so it is joined to the input's parent folder. Nil for an input read from a zip,
    /// whose files exist nowhere on disk.
    package static func fileOnDisk(_ inner: String, of input: InputReport) -> String? {
        guard input.container == .directory else { return nil }
        let trimmed = input.path.hasSuffix("/") ? String(input.path.dropLast()) : input.path
        let name = PackagePath.name(trimmed)
        if name.hasSuffix(".app"), inner.hasPrefix(name + "/") {
            let parent = String(trimmed.dropLast(name.count))
            return parent.isEmpty ? inner : absolute(inner, from: parent)
        }
        return absolute(inner, from: trimmed)
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
