import Foundation

/// JSON as Foundation's `JSONSerialization` reads it, made comparable, so golden JSON is
/// checked as values (independently of our own `JSONValue`) rather than as text.
enum ParsedJSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])

    struct NotJSON: Error, CustomStringConvertible {
        let description: String
    }

    init(parsing text: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        try self.init(object)
    }

    init(_ object: Any) throws {
        switch object {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // Booleans come back as NSNumber too; their class is the one `true` has.
            if type(of: number) == type(of: NSNumber(value: true)) {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = .array(try array.map(ParsedJSON.init))
        case let dictionary as [String: Any]:
            self = .object(try dictionary.mapValues(ParsedJSON.init))
        default:
            throw NotJSON(description: "unexpected \(type(of: object)) from JSONSerialization")
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): "\(number)"
        case .string(let string): string.debugDescription
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
