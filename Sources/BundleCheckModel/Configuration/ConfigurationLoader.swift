import BundleCheckFormats
import Foundation

/// Reads `.bundlecheck.yml` or a `--config` file into a `Configuration`.
///
/// The file is YAML read by `YAMLParser` (scalars stay strings, anchors and duplicate keys
/// are refused). Every key and value is checked against what bundlecheck knows, rule ids
/// against the catalogue the run uses (shipped rules, the file's `rule-packs` and `--rules`
/// packs): a typo must not silently leave a rule on. Reading happens in two steps, because
/// the file names rule packs whose ids the rest of it may use: `parse` the file, load the
/// packs `rulePacks(of:)` names, then `load` it against the catalogue they make.
public enum ConfigurationLoader {
    /// The file looked for in the working directory and its parents.
    package static let fileName = ConfigurationDiscovery.fileName

    static let keys = [
        "rules", "fail-on", "distribution", "profile-expiry-warning-days", "app-clip-digital-only", "rule-packs", "baseline", "ignore", "help-url", "diff",
    ]
    static let ignoreKeys = ["rule", "path", "reason"]

    /// The configuration file of a run, as messages and reports call it: `explicitPath` when
    /// given, else `.bundlecheck.yml` found from `workingDirectory` (the process's when nil;
    /// then the path is relative to it, `../.bundlecheck.yml`), else nil for the defaults.
    package static func locate(
        explicitPath: String?,
        workingDirectory: String?,
        discovery: ConfigurationDiscovery = ConfigurationDiscovery()
    ) -> String? {
        if let explicitPath { return explicitPath }
        let current = FileManager.default.currentDirectoryPath
        let start = workingDirectory.map { ($0 as NSString).isAbsolutePath ? $0 : (current as NSString).appendingPathComponent($0) } ?? current
        guard let location = discovery.find(from: start) else { return nil }
        guard let workingDirectory else { return location.relativePath }
        // Found in the directory given: keep its spelling.
        return location.levelsUp == 0 ? (workingDirectory as NSString).appendingPathComponent(fileName) : location.path
    }

    /// The configuration of a run: `explicitPath` (which must exist), else `.bundlecheck.yml`
    /// found from `workingDirectory` (see `locate`), else the defaults. The file's rule packs
    /// are not loaded: rule ids are checked against `catalogue` as it is.
    public static func resolve(
        explicitPath: String?,
        workingDirectory: String?,
        catalogue: RuleCatalogue
    ) throws(ConfigurationError) -> Configuration {
        guard let path = locate(explicitPath: explicitPath, workingDirectory: workingDirectory) else {
            return .defaults
        }
        return try load(path: path, catalogue: catalogue)
    }

    /// Reads the file at `path`; messages name it as given.
    public static func load(path: String, catalogue: RuleCatalogue) throws(ConfigurationError) -> Configuration {
        try load(read(path: path), catalogue: catalogue)
    }

    /// Reads a configuration from `bytes`; `file` is what messages call it.
    public static func load(bytes: [UInt8], file: String, catalogue: RuleCatalogue) throws(ConfigurationError) -> Configuration {
        try load(parse(bytes: bytes, file: file), catalogue: catalogue)
    }

    /// The YAML of the file at `path`, not yet checked beyond being a mapping.
    public static func read(path: String) throws(ConfigurationError) -> ConfigurationSource {
        let data = try UserFile.read(
            path, notFound: { ConfigurationError.notFound(file: path) }, unreadable: { ConfigurationError.unreadable(file: path, reason: $0) })
        return try parse(bytes: Array(data), file: path)
    }

    /// The YAML in `bytes`; `file` is what messages call it and where relative paths start.
    public static func parse(bytes: [UInt8], file: String) throws(ConfigurationError) -> ConfigurationSource {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(bytes, file: file)
        } catch {
            throw .yaml(error)
        }
        // An empty file (or one holding only comments) keeps every default.
        if let root, root.mapping == nil {
            throw .expectedMapping(file: file, line: root.line, key: nil, found: root.kindName)
        }
        return ConfigurationSource(file: file, pairs: root?.mapping ?? [])
    }

    /// The rule-pack folders the file names, resolved against its folder, so their rules can
    /// be loaded before the rest of the file is checked against them.
    public static func rulePacks(of source: ConfigurationSource) throws(ConfigurationError) -> [String] {
        guard let pair = source.pairs.first(where: { $0.key.scalar == "rule-packs" }) else { return [] }
        return try paths(pair.value, key: "rule-packs", source: source)
    }

    /// Checks every setting of `source`; rule ids must be in `catalogue`.
    public static func load(_ source: ConfigurationSource, catalogue: RuleCatalogue) throws(ConfigurationError) -> Configuration {
        let file = source.file
        var configuration = Configuration(file: file)
        for pair in source.pairs {
            let key = pair.key.scalar ?? ""
            switch key {
            case "rules":
                configuration.rules = try rules(pair.value, file: file, catalogue: catalogue)
            case "fail-on":
                configuration.failOn = try choice(pair.value, key: key, file: file)
            case "distribution":
                configuration.statedDistribution = try choice(pair.value, key: key, file: file)
            case "profile-expiry-warning-days":
                configuration.profileExpiryWarningDays = try days(pair.value, key: key, file: file)
            case "app-clip-digital-only":
                configuration.appClipDigitalOnly = try flag(pair.value, key: key, file: file)
            case "rule-packs":
                configuration.rulePacks = try paths(pair.value, key: key, source: source)
            case "baseline":
                configuration.baseline = source.resolve(try path(pair.value, key: key, file: file))
            case "ignore":
                configuration.ignores = try ignores(pair.value, file: file, catalogue: catalogue)
            case "help-url":
                configuration.helpURL = try absoluteURL(pair.value, key: key, file: file)
            case "diff":
                configuration.review = try review(pair.value, file: file)
            default:
                throw .unknownKey(file: file, line: pair.key.line, key: key, expected: keys)
            }
        }
        return configuration
    }

    /// A list of folders (`[ci/rules, vendor/rules]`), each resolved against the file's folder.
    private static func paths(_ node: YAMLNode, key: String, source: ConfigurationSource) throws(ConfigurationError) -> [String] {
        let items = try list(node, key: key, file: source.file)
        var paths: [String] = []
        for (index, item) in items.enumerated() {
            paths.append(source.resolve(try path(item, key: "\(key)[\(index)]", file: source.file)))
        }
        return paths
    }

    /// The items of a list; `key:` with nothing after it is an empty list.
    private static func list(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> [YAMLNode] {
        if node.scalar == "", !node.isQuoted { return [] }
        guard let items = node.sequence else {
            throw .expectedList(file: file, line: node.line, key: key, found: node.kindName)
        }
        return items
    }

    private static func path(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> String {
        let text = try value(node, key: key, file: file)
        guard !text.isEmpty else { throw .emptyValue(file: file, line: node.line, key: key) }
        return text
    }

    /// An `http` or `https` URL with a host: SARIF consumers (GitHub) reject relative help links.
    private static func absoluteURL(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> String {
        let text = try value(node, key: key, file: file)
        let lowercased = text.lowercased()
        guard lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://"),
            let host = text.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first, !host.isEmpty,
            !text.contains(where: { $0.isWhitespace })
        else { throw .invalidURL(file: file, line: node.line, key: key, value: text) }
        return text
    }

    /// `ignore:` entries: each a mapping of `rule` (a known id), `path` (a glob) and `reason`, all required.
    private static func ignores(_ node: YAMLNode, file: String, catalogue: RuleCatalogue) throws(ConfigurationError) -> [IgnoreEntry] {
        let items = try list(node, key: "ignore", file: file)
        var entries: [IgnoreEntry] = []
        for (index, item) in items.enumerated() {
            let entryKey = "ignore[\(index)]"
            guard let pairs = item.mapping else {
                throw .expectedIgnoreEntry(file: file, line: item.line, key: entryKey, found: item.kindName)
            }
            var fields: [String: YAMLNode] = [:]
            for pair in pairs {
                let name = pair.key.scalar ?? ""
                guard ignoreKeys.contains(name) else {
                    throw .unknownKey(file: file, line: pair.key.line, key: "\(entryKey).\(name)", expected: ignoreKeys)
                }
                fields[name] = pair.value
            }
            for name in ignoreKeys where fields[name] == nil {
                throw .missingKey(file: file, line: item.line, key: entryKey, missing: name)
            }
            guard let ruleNode = fields["rule"], let pathNode = fields["path"], let reasonNode = fields["reason"] else { continue }

            let id = try value(ruleNode, key: entryKey + ".rule", file: file)
            guard catalogue[id] != nil else {
                throw .unknownRule(
                    file: file, line: ruleNode.line, key: entryKey + ".rule", suggestions: RuleIDSuggestions.closest(to: id, among: catalogue.rules.map(\.id)))
            }
            let pattern = try value(pathNode, key: entryKey + ".path", file: file)
            if let problem = Glob.validate(pattern) {
                throw .invalidGlob(file: file, line: pathNode.line, key: entryKey + ".path", pattern: pattern, problem: problem)
            }
            let reason = try value(reasonNode, key: entryKey + ".reason", file: file)
            guard reason.contains(where: { !$0.isWhitespace }) else {
                throw .missingKey(file: file, line: reasonNode.line, key: entryKey, missing: "reason")
            }
            entries.append(IgnoreEntry(rule: id, path: Glob(pattern), reason: reason))
        }
        return entries
    }

    private static func rules(_ node: YAMLNode, file: String, catalogue: RuleCatalogue) throws(ConfigurationError) -> [String: RuleSetting] {
        // `rules:` with every entry commented out is an empty plain scalar: no settings.
        if node.scalar == "", !node.isQuoted { return [:] }
        guard let pairs = node.mapping else {
            throw .expectedMapping(file: file, line: node.line, key: "rules", found: node.kindName)
        }
        var settings: [String: RuleSetting] = [:]
        for pair in pairs {
            let id = pair.key.scalar ?? ""
            let key = "rules." + id
            guard catalogue[id] != nil else {
                throw .unknownRule(file: file, line: pair.key.line, key: key, suggestions: RuleIDSuggestions.closest(to: id, among: catalogue.rules.map(\.id)))
            }
            let text = try value(pair.value, key: key, file: file)
            guard let setting = RuleSetting(configurationValue: text) else {
                throw .invalidValue(file: file, line: pair.value.line, key: key, value: text, choices: RuleSetting.choices)
            }
            settings[id] = setting
        }
        return settings
    }

    /// The `diff:` section: `ReviewConfiguration`.
    package static func review(_ node: YAMLNode, file: String) throws(ConfigurationError) -> ReviewConfiguration {
        var review = ReviewConfiguration()
        if node.scalar == "", !node.isQuoted { return review }
        guard let pairs = node.mapping else {
            throw .expectedSection(file: file, line: node.line, key: "diff", keys: ReviewConfiguration.keys, found: node.kindName)
        }
        for pair in pairs {
            let name = pair.key.scalar ?? ""
            let key = "diff." + name
            switch name {
            case "old-build":
                review.oldBuild = try choice(pair.value, key: key, file: file)
            case "fail-on-new":
                review.failOnNew = []
                for (index, item) in try list(pair.value, key: key, file: file).enumerated() {
                    let gate: ChangeGate = try choice(item, key: "\(key)[\(index)]", file: file)
                    if !review.failOnNew.contains(gate) { review.failOnNew.append(gate) }
                }
            case "fail-on-growth":
                review.failOnGrowth = try bytes(pair.value, key: key, file: file)
            case "growth-threshold":
                review.growthThreshold = try bytes(pair.value, key: key, file: file)
            default:
                throw .unknownKey(file: file, line: pair.key.line, key: key, expected: ReviewConfiguration.keys)
            }
        }
        return review
    }

    /// A size: `10 MiB`, `500 kB`, `1048576`.
    private static func bytes(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> UInt64 {
        let text = try value(node, key: key, file: file)
        guard let bytes = ByteQuantity.parse(text) else { throw .invalidSize(file: file, line: node.line, key: key, value: text) }
        return bytes
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> T
    where T.RawValue == String {
        let text = try value(node, key: key, file: file)
        return try T.named(text) { ConfigurationError.invalidValue(file: file, line: node.line, key: key, value: text, choices: $0) }
    }

    /// `true` or `false`, as YAML writes them.
    private static func flag(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> Bool {
        let text = try value(node, key: key, file: file)
        guard text == "true" || text == "false" else {
            throw .invalidValue(file: file, line: node.line, key: key, value: text, choices: ["true", "false"])
        }
        return text == "true"
    }

    /// A whole number of days written in decimal digits only: no sign, no fraction, no hex.
    private static func days(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> Int {
        let text = try value(node, key: key, file: file)
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let days = Int(text) else {
            throw .invalidNumber(file: file, line: node.line, key: key, value: text)
        }
        return days
    }

    private static func value(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> String {
        guard let text = node.scalar else {
            throw .expectedValue(file: file, line: node.line, key: key, found: node.kindName)
        }
        return text
    }
}

/// A configuration file bundlecheck cannot use, worded in one place.
///
/// Every case names the file and, when it is about a setting, the line and the key
/// (`rules.junk-file`, `fail-on`). On the command line these are usage errors (exit 64).
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--config FILE` names nothing.
    case notFound(file: String)
    /// The file exists but cannot be read (a folder, permissions).
    case unreadable(file: String, reason: String)
    /// Not YAML bundlecheck reads (libyaml's message, an anchor, a duplicate key …).
    case yaml(YAMLError)
    /// A mapping was expected (the whole file, or `rules`).
    case expectedMapping(file: String, line: Int, key: String?, found: String)
    /// A list was expected (`rule-packs`, `ignore`).
    case expectedList(file: String, line: Int, key: String, found: String)
    /// An `ignore:` item that is not a mapping of rule, path and reason.
    case expectedIgnoreEntry(file: String, line: Int, key: String, found: String)
    /// An `ignore:` entry without `rule`, `path` or `reason` (or with a blank reason).
    case missingKey(file: String, line: Int, key: String, missing: String)
    /// A path that is empty (`baseline: ''`).
    case emptyValue(file: String, line: Int, key: String)
    /// An `ignore:` path that is not a glob bundlecheck reads; `problem` says why.
    case invalidGlob(file: String, line: Int, key: String, pattern: String, problem: String)
    /// A single value was expected (`fail-on: [warning]`).
    case expectedValue(file: String, line: Int, key: String, found: String)
    case unknownKey(file: String, line: Int, key: String, expected: [String])
    /// `rules` or an `ignore:` entry names an id that is neither shipped nor in a rule pack.
    case unknownRule(file: String, line: Int, key: String, suggestions: [String])
    case invalidValue(file: String, line: Int, key: String, value: String, choices: [String])
    /// A value that should be a non-negative whole number (`profile-expiry-warning-days: soon`).
    case invalidNumber(file: String, line: Int, key: String, value: String)
    /// A value that should be an absolute `http(s)` URL (`help-url`).
    case invalidURL(file: String, line: Int, key: String, value: String)
    /// A value that should be a size (`diff.fail-on-growth: big`).
    case invalidSize(file: String, line: Int, key: String, value: String)
    /// A section that should be a mapping of its settings (`diff: true`).
    case expectedSection(file: String, line: Int, key: String, keys: [String], found: String)

    public var description: String {
        switch self {
        case .notFound(let file):
            "\(file): no such configuration file"
        case .unreadable(let file, let reason):
            "\(file): the configuration cannot be read: \(reason)"
        case .yaml(let error):
            "\(error)"
        case .expectedMapping(let file, let line, nil, let found):
            "\(file):\(line): expected a mapping of settings (\(ConfigurationLoader.keys.joined(separator: ", "))), found \(found)"
        case .expectedMapping(let file, let line, let key?, let found):
            "\(file):\(line): key '\(key)': expected a mapping of rule ids to \(Self.list(RuleSetting.choices)), found \(found)"
        case .expectedList(let file, let line, let key, let found):
            "\(file):\(line): key '\(key)': expected a list, found \(found)"
        case .expectedIgnoreEntry(let file, let line, let key, let found):
            "\(file):\(line): key '\(key)': expected a mapping of \(Self.list(ConfigurationLoader.ignoreKeys, conjunction: "and")), found \(found)"
        case .missingKey(let file, let line, let key, "reason"):
            "\(file):\(line): key '\(key)': an ignore entry needs a reason: say why these findings are accepted (reason: …)"
        case .missingKey(let file, let line, let key, let missing):
            "\(file):\(line): key '\(key)': an ignore entry needs a \(missing) (\(missing): …)"
        case .emptyValue(let file, let line, let key):
            "\(file):\(line): key '\(key)': expected a path, found an empty value"
        case .invalidGlob(let file, let line, let key, let pattern, let problem):
            "\(file):\(line): key '\(key)': '\(pattern)' is not a valid glob: \(problem)"
        case .expectedValue(let file, let line, let key, let found):
            "\(file):\(line): key '\(key)': expected a single value, found \(found)"
        case .unknownKey(let file, let line, let key, let expected):
            "\(file):\(line): key '\(key)': unknown key; expected one of: \(expected.joined(separator: ", "))"
        case .unknownRule(let file, let line, let key, let suggestions):
            "\(file):\(line): key '\(key)': no rule has this id; " + RuleIDSuggestions.hint(suggestions)
        case .invalidValue(let file, let line, let key, let value, let choices):
            "\(file):\(line): key '\(key)': '\(value)' is not one of: \(choices.joined(separator: ", "))"
        case .invalidNumber(let file, let line, let key, let value):
            "\(file):\(line): key '\(key)': '\(value)' is not a whole number of days (0 or more)"
        case .invalidURL(let file, let line, let key, let value):
            "\(file):\(line): key '\(key)': '\(value)' is not an absolute http or https URL"
        case .invalidSize(let file, let line, let key, let value):
            "\(file):\(line): key '\(key)': '\(value)' is not a size (such as \(ByteQuantity.examples))"
        case .expectedSection(let file, let line, let key, let keys, let found):
            "\(file):\(line): key '\(key)': expected a mapping of \(Self.list(keys, conjunction: "and")), found \(found)"
        }
    }

    /// `off, error, warning or note`; `rule, path and reason`.
    private static func list(_ words: [String], conjunction: String = "or") -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}

/// A configuration file parsed but not yet checked: `ConfigurationLoader.parse` makes one.
public struct ConfigurationSource: Sendable {
    /// What messages call the file.
    public let file: String
    /// The top-level settings, in the file's order.
    let pairs: [YAMLNode.Pair]

    /// The line a top-level key is on, for messages about what it names; nil when absent.
    package func line(ofKey key: String) -> Int? {
        pairs.first { $0.key.scalar == key }?.key.line
    }

    /// `path` as written in the file, resolved against the file's own folder (absolute paths stay),
    /// so `rule-packs: [ci/rules]` means the same from wherever bundlecheck runs.
    func resolve(_ path: String) -> String {
        guard !(path as NSString).isAbsolutePath else { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}
