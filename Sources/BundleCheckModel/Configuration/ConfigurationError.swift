import BundleCheckFormats

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

    public var description: String {
        switch self {
        case .notFound(let file):
            "\(file): no such configuration file"
        case .unreadable(let file, let reason):
            "\(file): the configuration cannot be read: \(reason)"
        case .yaml(let error):
            "\(error)"
        case .expectedMapping(let file, let line, nil, let found):
            "\(file):\(line): expected a mapping of settings (rules, fail-on, distribution), found \(found)"
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
        }
    }

    /// `off, error, warning or note`.
    private static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
