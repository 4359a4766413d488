import Foundation

/// One value of a property list, the same model for XML and binary plists.
///
/// Unlike Foundation's `PropertyListSerialization`, integers and reals stay
/// distinct, booleans are not numbers, dictionaries keep their key order and
/// every duplicate key, and keyed-archiver UIDs are a case of their own.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case integer(PlistInteger)
    case real(Double)
    case bool(Bool)
    /// Seconds since 2001-01-01T00:00:00Z, as both formats store dates.
    case date(Date)
    case data([UInt8])
    case array([PlistValue])
    case dictionary(PlistDictionary)
    /// A keyed-archiver object reference (binary plists only).
    case uid(UInt64)

    /// The type's name as Apple's XML element calls it, for messages and `type-is` matchers.
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        case .uid: "uid"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [PlistValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionaryValue: PlistDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var integerValue: PlistInteger? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value at `pointer`, or nil when any component is absent.
    public func value(at pointer: JSONPointer) -> PlistValue? {
        var current = self
        for component in pointer.components {
            switch current {
            case .dictionary(let dictionary):
                guard let next = dictionary[component] else { return nil }
                current = next
            case .array(let array):
                guard let index = JSONPointer.arrayIndex(component), index < array.count else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }
}
