import Foundation

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
