// Typed reads of a JSON value, for readers of documents written earlier (reports read back).

extension JSONValue {
    /// The string, or nil for every other value.
    package var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The elements, or nil for every other value.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The integer, or nil for every other value.
    package var integerValue: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }

    /// The flag, or nil for every other value.
    package var boolValue: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }
}
