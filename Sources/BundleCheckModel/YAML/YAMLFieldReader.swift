import BundleCheckFormats

/// Reads typed values out of the YAML of a rule file, the configuration or a data table, turning
/// every mismatch into a `YAMLLoadError` that names the file, the line and the dotted key.
///
/// The one reader of the three kinds of file: what a value must be (a mapping of known keys, a
/// list, one value, a whole number, `true` or `false`, one of a set of words) is checked, and
/// worded, here. `YAMLField` walks a node with its key path on top of it.
package struct YAMLFieldReader: Sendable {
    /// What messages call the file.
    package let file: String

    package init(file: String) {
        self.file = file
    }

    package func error(_ node: YAMLNode, _ field: String?, _ message: String) -> YAMLLoadError {
        YAMLLoadError(file: file, line: node.line, field: field, message: message)
    }

    /// The mapping's pairs in the file's order, after checking every key is a plain scalar and,
    /// when `allowed` is given, one of it (listed in its order in the message). `expected` says
    /// what the mapping holds when the node is something else ("a mapping of settings (…)").
    package func pairs(
        _ node: YAMLNode, field: String?, allowed: [String]? = nil, expected: String = "a mapping"
    ) throws(YAMLLoadError) -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        guard let pairs = node.mapping else {
            throw error(node, field, "expected \(expected), found \(node.kindName)")
        }
        var result: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []
        for pair in pairs {
            guard let key = pair.key.scalar else {
                throw error(pair.key, field, "keys must be plain scalars")
            }
            if let allowed, !allowed.contains(key) {
                throw error(pair.key, Self.path(field, key), "unknown key; expected one of: \(allowed.joined(separator: ", "))")
            }
            result.append((key, pair.key, pair.value))
        }
        return result
    }

    /// The mapping's values by key, after checking every key is one of `allowed`.
    package func mapping(_ node: YAMLNode, field: String?, allowed: Set<String>) throws(YAMLLoadError) -> [String: YAMLNode] {
        var result: [String: YAMLNode] = [:]
        for pair in try pairs(node, field: field, allowed: allowed.sorted()) {
            result[pair.key] = pair.value
        }
        return result
    }

    /// A list's items; `key:` with nothing after it is an empty list when `emptyIsNone`.
    package func list(_ node: YAMLNode, field: String, emptyIsNone: Bool = false) throws(YAMLLoadError) -> [YAMLNode] {
        if emptyIsNone, Self.isEmpty(node) { return [] }
        guard let items = node.sequence else {
            throw error(node, field, "expected a list, found \(node.kindName)")
        }
        return items
    }

    /// One value; `what` names it in the message ("a string", "a single value").
    package func string(_ node: YAMLNode, field: String, what: String = "a string") throws(YAMLLoadError) -> String {
        guard let text = node.scalar else {
            throw error(node, field, "expected \(what), found \(node.kindName)")
        }
        return text
    }

    /// One value with something in it besides blanks.
    package func nonEmptyString(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> String {
        let text = try string(node, field: field)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw error(node, field, "must not be empty")
        }
        return text
    }

    package func required(_ fields: [String: YAMLNode], _ key: String, in parent: YAMLNode, field: String) throws(YAMLLoadError) -> YAMLNode {
        guard let node = fields[key] else {
            throw error(parent, field, "missing required key")
        }
        return node
    }

    /// A string or a list of strings, as a list.
    package func strings(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> [String] {
        if let text = node.scalar { return [text] }
        guard let items = node.sequence else {
            throw error(node, field, "expected a string or a list of strings, found \(node.kindName)")
        }
        return try items.map { value throws(YAMLLoadError) in try string(value, field: field) }
    }

    /// `true` or `false`, nothing else (YAML 1.1's `yes`/`no`/`on` are refused on purpose).
    package func bool(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> Bool {
        let text = try string(node, field: field, what: "true or false")
        switch text {
        case "true": return true
        case "false": return false
        default: throw error(node, field, "'\(text)' is not one of: true, false")
        }
    }

    /// A whole number written in decimal digits only: no sign, no fraction, no hex. `what` says
    /// what it counts in the message ("a whole number of days (0 or more)").
    package func nonNegativeInteger(_ node: YAMLNode, field: String, what: String = "a non-negative whole number") throws(YAMLLoadError) -> Int {
        let text = try string(node, field: field, what: "a single value")
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(text) else {
            throw error(node, field, "'\(text)' is not \(what)")
        }
        return value
    }

    /// One of `T`'s raw values.
    package func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, field: String, as type: T.Type = T.self) throws(YAMLLoadError) -> T
    where T.RawValue == String {
        let text = try string(node, field: field, what: "a single value")
        return try T.named(text) { error(node, field, "'\(text)' is not one of: \($0.joined(separator: ", "))") }
    }

    /// `parent.key`, or `key` at the top.
    package static func path(_ parent: String?, _ key: String) -> String {
        parent.map { "\($0).\(key)" } ?? key
    }

    /// `key:` with nothing after it (or only comments): an empty, unquoted scalar.
    package static func isEmpty(_ node: YAMLNode) -> Bool {
        node.scalar == "" && !node.isQuoted
    }
}
