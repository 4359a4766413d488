import Foundation

/// CHANGELOG.md (Keep a Changelog) rendered as a Debian changelog (deb-changelog(5)), for the
/// package's `/usr/share/doc/bundlecheck/changelog.gz`: one entry per dated release, newest
/// first, and above them an entry for the snapshot the package was built from when its version
/// is not a release's own. Markdown stays as written; only the bullets are re-wrapped, since
/// Debian's tools read 80 columns.
public struct DebianChangelog: Sendable {
    /// One `### Added` (or Changed, Fixed …) list of a section.
    public struct Group: Sendable, Equatable {
        public let heading: String
        public let items: [String]
    }

    /// A `## [0.1.0] - 2026-12-03` section.
    public struct Release: Sendable, Equatable {
        public let version: String
        public let date: String
        public let groups: [Group]
    }

    public enum Failure: Error, CustomStringConvertible, Equatable {
        case noRelease(version: String)
        case badDate(heading: String)

        public var description: String {
            switch self {
            case .noRelease(let version):
                "CHANGELOG.md has no dated section for version \(version) (## [\(version)] - YYYY-MM-DD)"
            case .badDate(let heading):
                "CHANGELOG.md: '\(heading)' needs a date as YYYY-MM-DD"
            }
        }
    }

    public let unreleased: [Group]
    public let releases: [Release]

    /// Reads the sections of a Keep a Changelog document. A bullet is `- ` at the start of a line;
    /// the indented lines under it continue it.
    public init(markdown: String) throws {
        var unreleased: [Group] = []
        var releases: [Release] = []
        var section: (version: String, date: String)?
        var inUnreleased = false
        var groups: [Group] = []
        var heading: String?
        var items: [String] = []

        func closeGroup() {
            if let heading, !items.isEmpty { groups.append(Group(heading: heading, items: items)) }
            heading = nil
            items = []
        }
        func closeSection() {
            closeGroup()
            if inUnreleased { unreleased = groups }
            if let section { releases.append(Release(version: section.version, date: section.date, groups: groups)) }
            groups = []
            section = nil
            inUnreleased = false
        }

        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.hasPrefix("## ") {
                closeSection()
                let title = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                if title.lowercased().hasPrefix("[unreleased]") {
                    inUnreleased = true
                } else if let release = try Self.release(heading: title) {
                    section = release
                }
            } else if line.hasPrefix("### ") {
                closeGroup()
                heading = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
            } else if heading != nil, line.hasPrefix("- ") {
                items.append(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
            } else if heading != nil, !items.isEmpty, line.hasPrefix(" "), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                items[items.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        closeSection()
        self.unreleased = unreleased
        self.releases = releases
    }

    /// `[0.1.0] - 2026-12-03` → ("0.1.0", "2026-12-03"); nil for a heading that names no version.
    private static func release(heading: String) throws -> (version: String, date: String)? {
        guard heading.hasPrefix("["), let close = heading.firstIndex(of: "]") else { return nil }
        let version = String(heading[heading.index(after: heading.startIndex)..<close])
        let rest = heading[heading.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard rest.hasPrefix("-") else { throw Failure.badDate(heading: heading) }
        let date = rest.dropFirst().trimmingCharacters(in: .whitespaces)
        guard ChangelogDate.parse(date) != nil else { throw Failure.badDate(heading: heading) }
        return (version, date)
    }

    /// The changelog of a package of `packageVersion`, built from `upstreamVersion` (the project's
    /// version, which must have a dated section) at `commit`, made at `builtAt`.
    public func render(
        packageVersion: String, upstreamVersion: String, commit: String, builtAt: Date,
        maintainer: String, package: String = "bundlecheck"
    ) throws -> String {
        guard let index = releases.firstIndex(where: { $0.version == upstreamVersion }) else {
            throw Failure.noRelease(version: upstreamVersion)
        }
        var entries: [String] = []
        if packageVersion != upstreamVersion {
            var groups = unreleased
            groups.insert(
                Group(
                    heading: "Snapshot",
                    items: [
                        "Built from commit \(commit), after release \(upstreamVersion)"
                            + (unreleased.isEmpty ? "; no change is listed since." : "; the changes since follow.")
                    ]), at: 0)
            entries.append(
                Self.entry(
                    package: package, version: packageVersion, groups: groups,
                    maintainer: maintainer, date: builtAt))
        }
        for release in releases[index...] {
            let date = ChangelogDate.parse(release.date) ?? builtAt
            entries.append(
                Self.entry(
                    package: package, version: release.version, groups: release.groups,
                    maintainer: maintainer, date: date))
        }
        return entries.joined(separator: "\n")
    }

    private static func entry(package: String, version: String, groups: [Group], maintainer: String, date: Date) -> String {
        var lines = ["\(package) (\(version)) unstable; urgency=medium", ""]
        for group in groups {
            lines.append("  * \(group.heading)")
            for item in group.items {
                lines += wrap(item, first: "    - ", rest: "      ", width: 78)
            }
        }
        if groups.isEmpty { lines.append("  * Release \(version).") }
        lines += ["", " -- \(maintainer)  \(ChangelogDate.rfc5322(date))", ""]
        return lines.joined(separator: "\n")
    }

    /// Greedy word wrap; a word longer than the line stands alone rather than being split.
    static func wrap(_ text: String, first: String, rest: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = first
        var empty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !empty, current.count + 1 + word.count > width {
                lines.append(current)
                current = rest + word
            } else {
                current += (empty ? "" : " ") + word
            }
            empty = false
        }
        lines.append(current)
        return lines
    }
}

/// The dates of a Debian changelog's trailer lines, always in UTC.
enum ChangelogDate {
    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date
    }

    /// `Thu, 03 Dec 2026 20:02:01 +0000`.
    static func rfc5322(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
