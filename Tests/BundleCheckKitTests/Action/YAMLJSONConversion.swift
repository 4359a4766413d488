import Foundation

@testable import BundleCheckFormats

/// A YAML document as the JSON a schema validator reads, typed as GitHub reads action.yml
/// (YAML 1.2's core schema): the project's YAML reader keeps every scalar a string, so a plain
/// `true` becomes a boolean here, a plain integer a number, a plain `null`, `~` or nothing null;
/// quoted scalars, blocks and `!!str` stay strings.
enum YAMLJSONConversion {
    static func json(_ node: YAMLNode) -> JSONValue {
        switch node.value {
        case .sequence(let items):
            return .array(items.map(json))
        case .mapping(let pairs):
            return .object(pairs.map { JSONValue.Member($0.key.scalar ?? "", json($0.value)) })
        case .scalar(let text):
            if node.tag == "tag:yaml.org,2002:str" || (node.isQuoted && node.tag == nil) { return .string(text) }
            return typed(text)
        }
    }

    /// The core schema's resolution of a plain scalar.
    static func typed(_ text: String) -> JSONValue {
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case "", "~", "null", "Null", "NULL": return .null
        default:
            if text.wholeMatch(of: #/[-+]?[0-9]+/#) != nil, let integer = Int64(text) { return .integer(integer) }
            if text.wholeMatch(of: #/[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/#) != nil, let double = Double(text) {
                return .double(double)
            }
            return .string(text)
        }
    }
}
