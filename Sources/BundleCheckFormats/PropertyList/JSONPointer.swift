import Foundation

/// A location inside a property list, written as an RFC 6901 JSON Pointer.
///
/// `/NSExtension/NSExtensionAttributes/NSExtensionActivationRule`,
/// `/CFBundleURLTypes/0/CFBundleURLSchemes/1`. Only `~` and `/` are escaped
/// (`~0`, `~1`), so keys with dots read as they are. Matchers use the same
/// syntax with `*` standing for any one component.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    public let components: [String]

    public static let root = JSONPointer(components: [])

    public init(components: [String]) {
        self.components = components
    }

    public init(_ components: String...) {
        self.components = components
    }

    /// Parses pointer text; nil when it does not start with `/` (and is not empty) or has a bad escape.
    public init?(parsing text: String) {
        if text.isEmpty {
            self.components = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var parsed: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let component = Self.unescape(raw) else { return nil }
            parsed.append(component)
        }
        self.components = parsed
    }

    public func appending(_ component: String) -> JSONPointer {
        JSONPointer(components: components + [component])
    }

    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    public var parent: JSONPointer? {
        components.isEmpty ? nil : JSONPointer(components: Array(components.dropLast()))
    }

    public var description: String {
        components.map { "/" + Self.escape($0) }.joined()
    }

    /// The key path as people read it in a report: keys as they are written in the plist
    /// (`/UISupportedInterfaceOrientations~ipad/0`, where the pointer has `~0ipad`); only a `/`
    /// inside a key is shown as `~1`, so the path's own slashes stay unambiguous. Machine formats
    /// (JSON, SARIF) keep the RFC 6901 `description`.
    public var displayed: String {
        components.map { component in
            "/" + (component.utf8.contains(UInt8(ascii: "/")) ? component.replacingOccurrences(of: "/", with: "~1") : component)
        }.joined()
    }

    /// Whether this concrete pointer matches `pattern`, where a `*` component matches any one component.
    public func matches(_ pattern: JSONPointer) -> Bool {
        guard pattern.components.count == components.count else { return false }
        return zip(pattern.components, components).allSatisfy { $0 == "*" || $0 == $1 }
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
    }

    /// A component read as an array index: decimal digits without leading zeros.
    public static func arrayIndex(_ component: String) -> Int? {
        guard let first = component.first, first.isASCII, first.isNumber else { return nil }
        if component.count > 1 && first == "0" { return nil }
        guard component.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(component)
    }

    package static func escape(_ component: String) -> String {
        // Most components hold neither character: skip Foundation's search, which is slow on Linux.
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return component }
        return component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func unescape(_ raw: Substring) -> String? {
        var result = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: return nil
            }
        }
        return result
    }
}
