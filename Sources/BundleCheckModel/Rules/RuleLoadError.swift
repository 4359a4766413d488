import BundleCheckFormats

/// A rule file that cannot be used: names the file, line and field, and what is wrong.
///
/// For user packs (`--rules DIR`) this is a usage error (exit 64).
public struct RuleLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    /// The field at fault, dotted from the top (`match.plist.key`), or nil for the file as a whole.
    public let field: String?
    public let message: String

    public init(file: String, line: Int, field: String?, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public init(_ yaml: YAMLError) {
        self.init(file: yaml.file, line: yaml.line, field: nil, message: yaml.message)
    }

    public var description: String {
        if let field {
            return "\(file):\(line): field '\(field)': \(message)"
        }
        return "\(file):\(line): \(message)"
    }
}
