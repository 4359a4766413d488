import BundleCheckFormats

/// A YAML file bundlecheck reads that it cannot use: a rule file, the configuration or a data
/// table. One shape for the three: the file, the line, the key at fault and what was expected,
/// so every message reads `file:line: key 'match.plist.key': expected …`.
///
/// On the command line a rule pack's or the configuration's is a usage error (exit 64); the
/// shipped rules and tables are read by `bundlecheck-generate` and the tests before a build.
public struct YAMLLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based; 0 for a problem with no line (a folder that does not exist).
    public let line: Int
    /// For YAML that does not parse, where libyaml stopped on the line; nil otherwise.
    public let column: Int?
    /// The key at fault, dotted from the top (`match.plist.key`, `ignore[2].reason`), or nil for
    /// the file as a whole.
    public let field: String?
    /// What was expected, or what is wrong.
    public let message: String

    package init(file: String, line: Int, column: Int? = nil, field: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    /// Not YAML bundlecheck reads: libyaml's message, an anchor, a duplicate key.
    package init(_ yaml: YAMLError) {
        self.init(file: yaml.file, line: yaml.line, column: yaml.column, field: nil, message: yaml.message)
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line)" + (column.map { ":\($0)" } ?? "") : file
        if let field {
            return "\(place): key '\(field)': \(message)"
        }
        return "\(place): \(message)"
    }
}
