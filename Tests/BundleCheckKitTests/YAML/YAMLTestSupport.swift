@testable import BundleCheckFormats

/// Shorthands for the YAML suites: parse text as `rule.yml`, or get the error it raises.
enum YAMLTestSupport {
    static let file = "rule.yml"

    static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        try YAMLParser.parse(Array(text.utf8), file: file)
    }

    /// The error `bytes` raise, or nil when they parse.
    static func failure(_ bytes: [UInt8]) -> YAMLError? {
        do {
            _ = try YAMLParser.parse(bytes, file: file)
            return nil
        } catch {
            return error
        }
    }

    static func failure(_ text: String) -> YAMLError? {
        failure(Array(text.utf8))
    }

    /// The scalar strings of a list node.
    static func scalars(_ node: YAMLNode?) -> [String?] {
        (node?.sequence ?? []).map(\.scalar)
    }
}
