import BundleCheckFormats
import Foundation

/// Text forms of property-list values, for `equals` conditions and for messages.
extension PlistValue {
    /// What an `equals` condition compares against: strings as they are, booleans
    /// `true`/`false`, integers in decimal, reals in Swift's shortest form; nil for other types.
    var comparableText: String? {
        switch self {
        case .string(let value): value
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): value.description
        case .real(let value): value.description
        case .date, .data, .array, .dictionary, .uid: nil
        }
    }

    /// A short description for a finding's message.
    var displayText: String {
        if let comparableText { return comparableText }
        switch self {
        case .date(let date): return ISO8601DateFormatter().string(from: date)
        case .data(let bytes): return "\(bytes.count) bytes of data"
        case .array(let items): return "an array of \(items.count) item\(items.count == 1 ? "" : "s")"
        case .dictionary(let dictionary): return "a dictionary of \(dictionary.keys.count) key\(dictionary.keys.count == 1 ? "" : "s")"
        case .uid(let value): return "uid \(value)"
        case .string, .bool, .integer, .real: return typeName
        }
    }
}
