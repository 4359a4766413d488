import Foundation
import BundleCheckFormats

/// Reads `.bundlecheck.yml` or a `--config` file into a `Configuration`.
///
/// The file is YAML read by `YAMLParser` (scalars stay strings, anchors and duplicate keys
/// are refused). Every key and value is checked against what bundlecheck knows, rule ids
/// against the catalogue the run uses (shipped rules and `--rules` packs): a typo must
/// not silently leave a rule on.
public enum ConfigurationLoader {
    /// The file looked for in the working directory.
    public static let fileName = ".bundlecheck.yml"

    static let keys = ["rules", "fail-on", "distribution"]

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
        let data: Data
        do throws(UserFile.Failure) {
            data = try UserFile.read(path)
        } catch .notFound {
            throw .notFound(file: path)
        } catch {
            throw .unreadable(file: path, reason: UserFile.reason(error))
        }
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

    private static func value(_ node: YAMLNode, key: String, file: String) throws(ConfigurationError) -> String {
        guard let text = node.scalar else {
            throw .expectedValue(file: file, line: node.line, key: key, found: node.kindName)
        }
        return text
    }
}
