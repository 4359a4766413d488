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
        "rules", "fail-on", "distribution", "profile-expiry-warning-days", "app-clip-digital-only", "icon-catalog-threshold", "rule-packs", "baseline",
        "ignore", "help-url", "diff",
    ]
    static let ignoreKeys = ["rule", "path", "reason", "secret"]

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
            throw .invalid(YAMLLoadError(error))
        }
        // An empty file (or one holding only comments) keeps every default.
        guard let root else { return ConfigurationSource(file: file, pairs: []) }
        let reader = YAMLFieldReader(file: file)
        let pairs = try invalid { () throws(YAMLLoadError) in
            try reader.pairs(root, field: nil, allowed: keys, expected: "a mapping of settings (\(keys.joined(separator: ", ")))")
        }
        return ConfigurationSource(file: file, pairs: pairs.map { YAMLNode.Pair(key: $0.keyNode, value: $0.value) })
    }

    /// The rule-pack folders the file names, resolved against its folder, so their rules can
    /// be loaded before the rest of the file is checked against them.
    public static func rulePacks(of source: ConfigurationSource) throws(ConfigurationError) -> [String] {
        guard let pair = source.pairs.first(where: { $0.key.scalar == "rule-packs" }) else { return [] }
        return try invalid { () throws(YAMLLoadError) in try Settings(source: source).paths(pair.value, key: "rule-packs") }
    }

    /// Checks every setting of `source`; rule ids must be in `catalogue`.
    public static func load(_ source: ConfigurationSource, catalogue: RuleCatalogue) throws(ConfigurationError) -> Configuration {
        try invalid { () throws(YAMLLoadError) in try Settings(source: source).configuration(catalogue: catalogue) }
    }

    /// The `diff:` section: `ReviewConfiguration`. `field` is the section's key path, for a
    /// rule example's `diff:` (`examples[2].diff`).
    package static func review(_ node: YAMLNode, reader: YAMLFieldReader, field: String) throws(YAMLLoadError) -> ReviewConfiguration {
        try Settings(reader: reader).review(node, field: field)
    }

    /// The settings a rule example's `configuration:` may give: those the checks read.
    package static let exampleKeys = ["app-clip-digital-only", "icon-catalog-threshold"]

    /// A rule example's `configuration:` (`examples[2].configuration`), read as the file's
    /// settings of the same names are; the other settings keep their defaults.
    package static func exampleConfiguration(_ node: YAMLNode, reader: YAMLFieldReader, field: String) throws(YAMLLoadError) -> Configuration {
        var configuration = Configuration()
        let settings = Settings(reader: reader)
        let expected = "a mapping of \(ConfigurationError.list(exampleKeys, conjunction: "or"))"
        for pair in try reader.pairs(node, field: field, allowed: exampleKeys, expected: expected) {
            try settings.checkSetting(pair.key, pair.value, field: YAMLFieldReader.path(field, pair.key), into: &configuration)
        }
        return configuration
    }

    private static func invalid<T>(_ body: () throws(YAMLLoadError) -> T) throws(ConfigurationError) -> T {
        do {
            return try body()
        } catch {
            throw .invalid(error)
        }
    }

    /// The settings' values read through the one YAML reader: each must be what bundlecheck
    /// knows, or the error names the file, line and key.
    private struct Settings {
        let reader: YAMLFieldReader
        var source: ConfigurationSource?

        init(reader: YAMLFieldReader) {
            self.reader = reader
        }

        init(source: ConfigurationSource) {
            reader = YAMLFieldReader(file: source.file)
            self.source = source
        }

        func configuration(catalogue: RuleCatalogue) throws(YAMLLoadError) -> Configuration {
            var configuration = Configuration(file: reader.file)
            for pair in source?.pairs ?? [] {
                let key = pair.key.scalar ?? ""
                switch key {
                case "rules":
                    configuration.rules = try rules(pair.value, catalogue: catalogue)
                case "fail-on":
                    configuration.failOn = try reader.choice(pair.value, field: key)
                case "distribution":
                    configuration.statedDistribution = try reader.choice(pair.value, field: key)
                case "profile-expiry-warning-days":
                    configuration.profileExpiryWarningDays = try reader.nonNegativeInteger(pair.value, field: key, what: "a whole number of days (0 or more)")
                case _ where ConfigurationLoader.exampleKeys.contains(key):
                    try checkSetting(key, pair.value, field: key, into: &configuration)
                case "rule-packs":
                    configuration.rulePacks = try paths(pair.value, key: key)
                case "baseline":
                    configuration.baseline = try resolve(path(pair.value, key: key))
                case "ignore":
                    configuration.ignores = try ignores(pair.value, catalogue: catalogue)
                case "help-url":
                    configuration.helpURL = try absoluteURL(pair.value, key: key)
                case "diff":
                    configuration.review = try review(pair.value, field: key)
                default:
                    break // `parse` let only the known keys through
                }
            }
            return configuration
        }

        /// A list of folders (`[ci/rules, vendor/rules]`), each resolved against the file's folder.
        func paths(_ node: YAMLNode, key: String) throws(YAMLLoadError) -> [String] {
            var paths: [String] = []
            for (index, item) in try reader.list(node, field: key, emptyIsNone: true).enumerated() {
                paths.append(try resolve(path(item, key: "\(key)[\(index)]")))
            }
            return paths
        }

        private func resolve(_ path: String) -> String {
            source?.resolve(path) ?? path
        }

        private func path(_ node: YAMLNode, key: String) throws(YAMLLoadError) -> String {
            let text = try reader.string(node, field: key, what: "a single value")
            guard !text.isEmpty else { throw reader.error(node, key, "expected a path, found an empty value") }
            return text
        }

        /// An `http` or `https` URL with a host: SARIF consumers (GitHub) reject relative help links.
        private func absoluteURL(_ node: YAMLNode, key: String) throws(YAMLLoadError) -> String {
            let text = try reader.string(node, field: key, what: "a single value")
            let lowercased = text.lowercased()
            guard lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://"),
                let host = text.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first, !host.isEmpty,
                !text.contains(where: { $0.isWhitespace })
            else { throw reader.error(node, key, "'\(text)' is not an absolute http or https URL") }
            return text
        }

        /// `ignore:` entries: each a mapping of `rule` (a known id), `path` (a glob) and `reason`,
        /// all required; or of `secret` (a fingerprint) and `reason`, with `rule` and `path` optional.
        private func ignores(_ node: YAMLNode, catalogue: RuleCatalogue) throws(YAMLLoadError) -> [IgnoreEntry] {
            var entries: [IgnoreEntry] = []
            for (index, item) in try reader.list(node, field: "ignore", emptyIsNone: true).enumerated() {
                let entryKey = "ignore[\(index)]"
                let pairs = try reader.pairs(
                    item, field: entryKey, allowed: ignoreKeys, expected: "a mapping of rule, path and reason (or of secret and reason)")
                let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                // A secret's entry needs only its fingerprint and a reason; any other, a rule and a path.
                for name in (fields["secret"] == nil ? ["rule", "path", "reason"] : ["reason"]) where fields[name] == nil {
                    throw reader.error(item, entryKey, Self.missing(name))
                }
                guard let reasonNode = fields["reason"] else { continue }
                var secret: String?
                if let secretNode = fields["secret"] {
                    let text = try reader.string(secretNode, field: entryKey + ".secret", what: "a single value")
                    guard IgnoreEntry.isSecretFingerprint(text) else {
                        throw reader.error(
                            secretNode, entryKey + ".secret",
                            "'\(text)' is not a secret's fingerprint: write it as the finding prints it, sha256: and 8 lowercase hexadecimal digits")
                    }
                    secret = text
                }
                var id: String?
                if let ruleNode = fields["rule"] {
                    let named = try reader.string(ruleNode, field: entryKey + ".rule", what: "a single value")
                    guard catalogue[named] != nil else {
                        throw reader.error(ruleNode, entryKey + ".rule", Self.unknownRule(named, catalogue: catalogue))
                    }
                    id = named
                }
                var pattern = "**"
                if let pathNode = fields["path"] {
                    pattern = try reader.string(pathNode, field: entryKey + ".path", what: "a single value")
                    if let problem = Glob.validate(pattern) {
                        throw reader.error(pathNode, entryKey + ".path", "'\(pattern)' is not a valid glob: \(problem)")
                    }
                }
                let reason = try reader.string(reasonNode, field: entryKey + ".reason", what: "a single value")
                guard reason.contains(where: { !$0.isWhitespace }) else {
                    throw reader.error(reasonNode, entryKey, Self.missing("reason"))
                }
                entries.append(IgnoreEntry(rule: id, path: Glob(pattern), reason: reason, secret: secret))
            }
            return entries
        }

        /// What an ignore entry without `name` is told.
        private static func missing(_ name: String) -> String {
            name == "reason"
                ? "an ignore entry needs a reason: say why these findings are accepted (reason: …)" : "an ignore entry needs a \(name) (\(name): …)"
        }

        private static func unknownRule(_ id: String, catalogue: RuleCatalogue) -> String {
            "no rule has this id; " + RuleIDSuggestions.hint(RuleIDSuggestions.closest(to: id, among: catalogue.rules.map(\.id)))
        }

        private func rules(_ node: YAMLNode, catalogue: RuleCatalogue) throws(YAMLLoadError) -> [String: RuleSetting] {
            // `rules:` with every entry commented out is an empty plain scalar: no settings.
            if YAMLFieldReader.isEmpty(node) { return [:] }
            let pairs = try reader.pairs(
                node, field: "rules", expected: "a mapping of rule ids to \(ConfigurationError.list(RuleSetting.choices))")
            var settings: [String: RuleSetting] = [:]
            for pair in pairs {
                let key = "rules." + pair.key
                guard catalogue[pair.key] != nil else {
                    throw reader.error(pair.keyNode, key, Self.unknownRule(pair.key, catalogue: catalogue))
                }
                let text = try reader.string(pair.value, field: key, what: "a single value")
                guard let setting = RuleSetting(configurationValue: text) else {
                    throw reader.error(pair.value, key, "'\(text)' is not one of: \(RuleSetting.choices.joined(separator: ", "))")
                }
                settings[pair.key] = setting
            }
            return settings
        }

        func review(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> ReviewConfiguration {
            var review = ReviewConfiguration()
            if YAMLFieldReader.isEmpty(node) { return review }
            let pairs = try reader.pairs(
                node, field: field, allowed: ReviewConfiguration.keys,
                expected: "a mapping of \(ConfigurationError.list(ReviewConfiguration.keys, conjunction: "and"))")
            for pair in pairs {
                let key = YAMLFieldReader.path(field, pair.key)
                switch pair.key {
                case "old-build":
                    review.oldBuild = try reader.choice(pair.value, field: key)
                case "fail-on-new":
                    review.failOnNew = []
                    for (index, item) in try reader.list(pair.value, field: key, emptyIsNone: true).enumerated() {
                        let gate: ChangeGate = try reader.choice(item, field: "\(key)[\(index)]")
                        if !review.failOnNew.contains(gate) { review.failOnNew.append(gate) }
                    }
                case "fail-on-growth":
                    review.failOnGrowth = try bytes(pair.value, key: key)
                case "growth-threshold":
                    review.growthThreshold = try bytes(pair.value, key: key)
                default:
                    break // `pairs` let only the known keys through
                }
            }
            return review
        }

        /// A size: `10 MiB`, `500 kB`, `1048576`.
        /// One of the settings the checks read (`exampleKeys`), which a rule example may give too.
        func checkSetting(_ name: String, _ value: YAMLNode, field: String, into configuration: inout Configuration) throws(YAMLLoadError) {
            switch name {
            case "app-clip-digital-only": configuration.appClipDigitalOnly = try reader.bool(value, field: field)
            case "icon-catalog-threshold": configuration.iconCatalogThreshold = try bytes(value, key: field)
            default: break // the callers let only `exampleKeys` through
            }
        }

        private func bytes(_ node: YAMLNode, key: String) throws(YAMLLoadError) -> UInt64 {
            let text = try reader.string(node, field: key, what: "a single value")
            guard let bytes = ByteQuantity.parse(text) else {
                throw reader.error(node, key, "'\(text)' is not a size (such as \(ByteQuantity.examples))")
            }
            return bytes
        }
    }
}

/// A configuration file bundlecheck cannot use.
///
/// A setting it cannot use names the file, the line and the key (`rules.junk-file`, `fail-on`)
/// as every YAML file bundlecheck reads does (`YAMLLoadError`). On the command line these are
/// usage errors (exit 64).
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--config FILE` names nothing.
    case notFound(file: String)
    /// The file exists but cannot be read (a folder, permissions).
    case unreadable(file: String, reason: String)
    /// Not YAML bundlecheck reads (libyaml's message, an anchor, a duplicate key …), or a
    /// setting that is not what bundlecheck knows.
    case invalid(YAMLLoadError)

    public var description: String {
        switch self {
        case .notFound(let file):
            "\(file): no such configuration file"
        case .unreadable(let file, let reason):
            "\(file): the configuration cannot be read: \(reason)"
        case .invalid(let error):
            "\(error)"
        }
    }

    /// `off, error, warning or note`; `rule, path and reason`.
    static func list(_ words: [String], conjunction: String = "or") -> String {
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
