import Foundation

/// A JSON value that keeps what the report needs to be reproducible:
/// object members stay in the order they were written, and integers stay
/// distinct from doubles (`3` is not `3.0`).
///
/// Build one with literals: `["name": "bundlecheck", "size": 12, "bundles": []]`
/// keeps `name`, `size`, `bundles` in that order. `JSONWriter` turns it into text.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// Written as `null` when not finite: JSON has no NaN or infinity.
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in writing order; keys should be unique, as RFC 8259 recommends.
    case object([Member])

    /// One `"key": value` pair of an object.
    public struct Member: Sendable, Hashable {
        public let key: String
        public let value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A string, or `null` when absent.
    public init(_ string: String?) {
        self = string.map(JSONValue.string) ?? .null
    }

    /// An integer, or `null` when absent.
    public init(_ integer: Int?) {
        self = integer.map { .integer(Int64($0)) } ?? .null
    }

    /// The member's value for `key` (the last one, should a key repeat); nil for other values.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The element at `index`; nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// An object's keys in order; empty for other values.
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Keeps the literal's order, which a Swift `Dictionary` would not.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}

/// Property-list values as JSON, for the entitlements a report shows: integers stay integers
/// (above Int64.max, decimal strings), data becomes base64, dates ISO 8601 in UTC, UIDs integers.
package enum PlistJSON {
    package static func value(_ plist: PlistValue) -> JSONValue {
        switch plist {
        case .string(let text): .string(text)
        case .integer(let integer): integer.int64.map(JSONValue.integer) ?? .string(integer.description)
        case .real(let real): .double(real)
        case .bool(let flag): .bool(flag)
        case .date(let date): .string(date.formatted(.iso8601))
        case .data(let bytes): .string(Data(bytes).base64EncodedString())
        case .array(let items): .array(items.map(value))
        case .dictionary(let dictionary): .object(dictionary.keys.compactMap { key in dictionary[key].map { JSONValue.Member(key, value($0)) } })
        case .uid(let uid): uid <= UInt64(Int64.max) ? .integer(Int64(uid)) : .string(String(uid))
        }
    }
}
