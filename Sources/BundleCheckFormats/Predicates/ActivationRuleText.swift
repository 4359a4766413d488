import Foundation

/// An activation rule written as text that two builds can be compared by: a predicate as
/// written; a dictionary as one canonical line, so that reordering its keys changes nothing.
///
/// The dictionary's line is its keys sorted, each `Key = value`, joined by `; `. A value is
/// written as a plist scalar: an integer in decimal, a boolean `true`/`false`, a string as is,
/// a real as Swift prints it (`1.5`), a date in ISO 8601 (UTC), data as lowercase hex in angle
/// brackets (`<0fa1>`), a keyed-archiver reference as `uid(3)`. A nested array is `[a, b]`, a
/// nested dictionary `{Key = value; Other = value}` with its keys sorted. A rule of another
/// type is its type name, a space, then the value so written (`integer 1`, `array [a, b]`).
/// A key written twice counts once, with the value Apple's parsers keep (the last).
public struct ActivationRuleText: Sendable, Hashable {
    /// How the rule is written.
    public enum Form: String, Sendable, Hashable {
        case predicate
        case dictionary
        /// Any other plist type, which no system reads as a rule.
        case other
    }

    public let form: Form
    public let text: String

    public init(rule: PlistValue) {
        switch rule {
        case .string(let predicate):
            form = .predicate
            text = predicate
        case .dictionary(let dictionary):
            form = .dictionary
            text = Self.members(of: dictionary)
        default:
            form = .other
            text = rule.typeName + " " + Self.written(rule)
        }
    }

    private static func members(of dictionary: PlistDictionary) -> String {
        dictionary.keys.sorted().map { key in
            "\(key) = \(dictionary[key].map(written) ?? "")"
        }.joined(separator: "; ")
    }

    private static func written(_ value: PlistValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let integer): integer.description
        case .real(let real): real.description
        case .bool(let flag): flag ? "true" : "false"
        case .date(let date): date.formatted(.iso8601)
        case .data(let bytes): "<" + bytes.map { String(format: "%02x", $0) }.joined() + ">"
        case .uid(let reference): "uid(\(reference))"
        case .array(let items): "[" + items.map(written).joined(separator: ", ") + "]"
        case .dictionary(let dictionary): "{" + members(of: dictionary) + "}"
        }
    }
}
