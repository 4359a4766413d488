import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `bundlecheck --explain ID`: one rule's metadata, rationale, fix and examples, for a terminal.
///
///     No junk files in the package
///
///       id           junk-file
///       severity     warning
///       category     hygiene
///       Apple codes  none
///       scope        the whole archive
///       defined in   Rules/junk-file.yml (built in)
///
///     Why
///       Finder metadata (.DS_Store, …) …
///
///     Fix
///       Export the IPA with Xcode …
///
///     Examples
///       fires  a hand-zipped IPA with Finder metadata
///       quiet  the same IPA exported without Finder metadata
package enum RuleExplanation {
    /// Paragraphs are wrapped to this many columns, indentation included.
    static let width = 80

    package static func text(_ rule: RuleDefinition, configuration: Configuration) -> String {
        var lines = [ReportText.printable(rule.title), ""]
        let kind = rule.source.isBuiltIn ? "built in" : "user pack"
        let implementation =
            switch rule.implementation {
            case .builtIn: "built-in check"
            case .matcher: "declarative matcher"
            }
        let fields =
            [
                ("id", rule.id),
                ("severity", severity(of: rule, in: configuration)),
                ("category", rule.category),
                ("Apple codes", rule.appleCodes.isEmpty ? "none" : rule.appleCodes.joined(separator: ", ")),
                ("scope", rule.scope.summary),
                ("platforms", rule.scope.platformSummary),
                ("check", implementation),
                ("defined in", "\(rule.source.file) (\(kind))"),
            ] + (helpURL(of: rule, configuration: configuration).map { [("help", $0)] } ?? [])
        let labelWidth = fields.map(\.0.count).max() ?? 0
        for (label, value) in fields {
            lines.append("  " + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  " + ReportText.printable(value))
        }
        if !rule.appleMessages.isEmpty {
            lines += ["", "Apple says"] + rule.appleMessages.flatMap { paragraphs($0.code + ": " + $0.text) }
        }
        lines += ["", "Why"] + paragraphs(rule.rationale)
        lines += ["", "Fix"] + paragraphs(rule.fix)
        lines += ["", "Examples"]
        if rule.examples.isEmpty {
            lines.append("  none")
        }
        for example in rule.examples {
            lines.append("  " + (example.triggers ? "fires" : "quiet") + "  " + ReportText.printable(example.name))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--explain ID --format json`: an array (an Apple code may name several rules) of
    /// `RuleExplanation.document`s, pretty-printed like the report.
    package static func json(_ rules: [RuleDefinition], configuration: Configuration) -> String {
        JSONWriter().string(from: .array(rules.map { document($0, configuration: configuration) }))
    }

    /// Everything `--explain` says of a rule, for scripts: `id`, `title`, `severity` (as
    /// configured; `off` when turned off) and `ruleSeverity` (the rule file's), `category`,
    /// `appleCodes`, `appleMessages` ({`code`, `text`}: what Apple prints), `scope`, `platforms` (ids of the platforms judged), `rationale`, `fix`, `examples` ({`name`, `fires`}), `source`
    /// ({`file`, `builtIn`}), and `helpURL` when the configuration names a documentation base.
    package static func document(_ rule: RuleDefinition, configuration: Configuration) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("title", .string(rule.title)),
            ("severity", .string(RuleListing.setting(of: rule, in: configuration))),
            ("ruleSeverity", .string(rule.severity.rawValue)),
            ("category", .string(rule.category)),
            ("appleCodes", .array(rule.appleCodes.map(JSONValue.string))),
            ("appleMessages", .array(rule.appleMessages.map { ["code": .string($0.code), "text": .string($0.text)] })),
            ("scope", .string(rule.scope.summary)),
            ("platforms", .array(rule.scope.platformIDs.map(JSONValue.string))),
            ("rationale", .string(rule.rationale.trimmingCharacters(in: .whitespacesAndNewlines))),
            ("fix", .string(rule.fix.trimmingCharacters(in: .whitespacesAndNewlines))),
            ("examples", .array(rule.examples.map { ["name": .string($0.name), "fires": .bool($0.triggers)] })),
            ("source", ["file": .string(rule.source.file), "builtIn": .bool(rule.source.isBuiltIn)]),
        ]
        if let url = helpURL(of: rule, configuration: configuration) {
            members.append(("helpURL", .string(url)))
        }
        return .object(members.map { JSONValue.Member($0.0, $0.1) })
    }

    /// The rule's page under the configured documentation base, when there is one.
    static func helpURL(of rule: RuleDefinition, configuration: Configuration) -> String? {
        configuration.helpURL.map { $0 + rule.id }
    }

    /// The effective severity, and where it comes from when the configuration changed it.
    static func severity(of rule: RuleDefinition, in configuration: Configuration) -> String {
        let file = configuration.file ?? ConfigurationLoader.fileName
        switch configuration.severity(of: rule) {
        case nil where !rule.runsByDefault && configuration.rules[rule.id] == nil:
            return "off (off by default; turn it on in \(file) with `\(rule.id): on`; it runs as \(rule.severity.rawValue))"
        case nil:
            return "off (turned off by \(file); the rule file says \(rule.severity.rawValue))"
        case let severity? where severity != rule.severity:
            return "\(severity.rawValue) (set by \(file); the rule file says \(rule.severity.rawValue))"
        case let severity?:
            return severity.rawValue
        }
    }

    /// The text's paragraphs (separated by blank lines), each joined into one line and
    /// wrapped at `width` columns with a two-space indent; blank lines between them.
    static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        var words: [Substring] = []
        func flush() {
            guard !words.isEmpty else { return }
            if !result.isEmpty { result.append("") }
            result += wrap(words)
            words = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let lineWords = line.split(whereSeparator: \.isWhitespace)
            if lineWords.isEmpty {
                flush()
            } else {
                words += lineWords
            }
        }
        flush()
        return result
    }

    private static func wrap(_ words: [Substring]) -> [String] {
        let indent = "  "
        var lines: [String] = []
        var current = indent
        for word in words {
            let printable = ReportText.printable(String(word))
            if current.count > indent.count, current.count + 1 + printable.count > width {
                lines.append(current)
                current = indent
            }
            current += (current.count > indent.count ? " " : "") + printable
        }
        lines.append(current)
        return lines
    }
}
