import BundleCheckFormats
import Foundation

/// Reads `.bundlecheck.yml` or a `--config` file into a `Configuration`.
///
/// The file is YAML read by `YAMLParser` (scalars stay strings, anchors and duplicate keys
/// are refused). Every key and value is checked against what bundlecheck knows, rule ids
/// against the catalogue the run uses (shipped rules and `--rules` packs): a typo must
/// not silently leave a rule on.
public enum ConfigurationLoader {
    /// The file looked for in the working directory.
    package static let fileName = ".bundlecheck.yml"

    static let keys = ["rules", "fail-on", "distribution", "profile-expiry-warning-days"]

    /// The configuration of a run: `explicitPath` (which must exist), else `.bundlecheck.yml`
    /// in `workingDirectory` (the process's when nil) if there is one, else the defaults.
    public static func resolve(
        explicitPath: String?,
        workingDirectory: String?,
        catalogue: RuleCatalogue
    ) throws(ConfigurationError) -> Configuration {
        if let explicitPath {
            return try load(path: explicitPath, catalogue: catalogue)
        }
        let implicit = workingDirectory.map { ($0 as NSString).appendingPathComponent(fileName) } ?? fileName
        guard FileManager.default.fileExists(atPath: implicit) else {
            return .defaults
        }
        return try load(path: implicit, catalogue: catalogue)
    }

    /// Reads the file at `path`; messages name it as given.
    public static func load(path: String, catalogue: RuleCatalogue) throws(ConfigurationError) -> Configuration {
        let data = try UserFile.read(path, notFound: { ConfigurationError.notFound(file: path) }, unreadable: { ConfigurationError.unreadable(file: path, reason: $0) })
        return try load(bytes: Array(data), file: path, catalogue: catalogue)
    }

    /// Reads a configuration from `bytes`; `file` is what messages call it.
    public static func load(bytes: [UInt8], file: String, catalogue: RuleCatalogue) throws(ConfigurationError) -> Configuration {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(bytes, file: file)
        } catch {
            throw .yaml(error)
        }
        var configuration = Configuration(file: file)
        // An empty file (or one holding only comments) keeps every default.
        guard let root else { return configuration }
        guard let pairs = root.mapping else {
            throw .expectedMapping(file: file, line: root.line, key: nil, found: root.kindName)
        }
        for pair in pairs {
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
            default:
                throw .unknownKey(file: file, line: pair.key.line, key: key, expected: keys)
            }
        }
        return configuration
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

    private static func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> T where T.RawValue == String {
        let text = try value(node, key: key, file: file)
        return try T.named(text) { ConfigurationError.invalidValue(file: file, line: node.line, key: key, value: text, choices: $0) }
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
    /// A single value was expected (`fail-on: [warning]`).
    case expectedValue(file: String, line: Int, key: String, found: String)
    case unknownKey(file: String, line: Int, key: String, expected: [String])
    /// `rules` names an id that is neither shipped nor in a `--rules` pack.
    case unknownRule(file: String, line: Int, key: String, suggestions: [String])
    case invalidValue(file: String, line: Int, key: String, value: String, choices: [String])
    /// A value that should be a non-negative whole number (`profile-expiry-warning-days: soon`).
    case invalidNumber(file: String, line: Int, key: String, value: String)

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
        }
    }

    /// `off, error, warning or note`.
    private static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
