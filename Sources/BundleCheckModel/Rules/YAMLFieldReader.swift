import BundleCheckFormats

/// Reads typed fields out of YAML mappings, turning every mismatch into a
/// `RuleLoadError` that names the file, the line and the dotted field path.
struct YAMLFieldReader {
    let file: String

    func error(_ node: YAMLNode, _ field: String?, _ message: String) -> RuleLoadError {
        RuleLoadError(file: file, line: node.line, field: field, message: message)
    }

    /// The mapping's pairs, after checking every key is one of `allowed`.
    func mapping(_ node: YAMLNode, field: String?, allowed: Set<String>) throws(RuleLoadError) -> [String: YAMLNode] {
        guard let pairs = node.mapping else {
            throw error(node, field, "expected a mapping, found \(node.kindName)")
        }
        var result: [String: YAMLNode] = [:]
        for pair in pairs {
            guard let key = pair.key.scalar else {
                throw error(pair.key, field, "keys must be plain scalars")
            }
            guard allowed.contains(key) else {
                let path = field.map { "\($0).\(key)" } ?? key
                throw error(pair.key, path, "unknown field; expected one of: \(allowed.sorted().joined(separator: ", "))")
            }
            result[key] = pair.value
        }
        return result
    }

    func string(_ node: YAMLNode, field: String) throws(RuleLoadError) -> String {
        guard let text = node.scalar else {
            throw error(node, field, "expected a string, found \(node.kindName)")
        }
        return text
    }

    func nonEmptyString(_ node: YAMLNode, field: String) throws(RuleLoadError) -> String {
        let text = try string(node, field: field)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw error(node, field, "must not be empty")
        }
        return text
    }

    func required(_ fields: [String: YAMLNode], _ key: String, in parent: YAMLNode, field: String) throws(RuleLoadError) -> YAMLNode {
        guard let node = fields[key] else {
            throw error(parent, field, "missing required field")
        }
        return node
    }

    /// A string or a list of strings, as a list.
    func strings(_ node: YAMLNode, field: String) throws(RuleLoadError) -> [String] {
        if let text = node.scalar { return [text] }
        guard let items = node.sequence else {
            throw error(node, field, "expected a string or a list of strings, found \(node.kindName)")
        }
        return try items.map { value throws(RuleLoadError) in try string(value, field: field) }
    }

    /// `true` or `false`, nothing else (YAML 1.1's `yes`/`no`/`on` are refused on purpose).
    func bool(_ node: YAMLNode, field: String) throws(RuleLoadError) -> Bool {
        switch node.scalar {
        case "true": return true
        case "false": return false
        default: throw error(node, field, "expected true or false")
        }
    }

    func nonNegativeInteger(_ node: YAMLNode, field: String) throws(RuleLoadError) -> Int {
        guard let text = node.scalar, let value = Int(text), value >= 0, text.allSatisfy(\.isNumber) else {
            throw error(node, field, "expected a non-negative integer")
        }
        return value
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, field: String, as type: T.Type) throws(RuleLoadError) -> T where T.RawValue == String {
        let text = try string(node, field: field)
        return try T.named(text) { error(node, field, "'\(text)' is not one of: \($0.joined(separator: ", "))") }
    }
}
