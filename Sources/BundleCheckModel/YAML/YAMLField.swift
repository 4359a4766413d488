import BundleCheckFormats

/// A node of a YAML file with the dotted key path that names it (`entries.app[2].limit`): what
/// the data tables' readers walk. Every accessor checks the node's shape through the file's
/// `YAMLFieldReader`, so a row a table type cannot use is a `YAMLLoadError` naming the file, its
/// line and its key, never a row silently dropped or a crash.
package struct YAMLField: Sendable {
    package let node: YAMLNode
    /// The key path of the node, for messages.
    package let path: String
    package let reader: YAMLFieldReader

    package init(_ node: YAMLNode, path: String, reader: YAMLFieldReader) {
        self.node = node
        self.path = path
        self.reader = reader
    }

    package var line: Int { node.line }

    /// An error about this node: `message` says what was expected or what is wrong.
    package func error(_ message: String) -> YAMLLoadError {
        reader.error(node, path, message)
    }

    /// The value of `key`, which must be there.
    package func callAsFunction(_ key: String) throws(YAMLLoadError) -> YAMLField {
        guard node.mapping != nil else { throw error("expected a mapping with '\(key)', found \(node.kindName)") }
        guard let child = node[key] else {
            throw reader.error(node, YAMLFieldReader.path(path, key), "missing required key")
        }
        return YAMLField(child, path: YAMLFieldReader.path(path, key), reader: reader)
    }

    /// The value of `key`, or nil when the mapping has no such key.
    package func optional(_ key: String) throws(YAMLLoadError) -> YAMLField? {
        guard node.mapping != nil else { throw error("expected a mapping, found \(node.kindName)") }
        return node[key].map { YAMLField($0, path: YAMLFieldReader.path(path, key), reader: reader) }
    }

    /// This mapping, after refusing a key not among `keys`: a misspelt optional key would
    /// otherwise read as absent, its value silently unused.
    package func allowing(keys: [String]) throws(YAMLLoadError) -> YAMLField {
        _ = try reader.pairs(node, field: path, allowed: keys)
        return self
    }

    /// The list's items, each with its index in its path; an empty list is refused unless
    /// `allowEmpty`, since a table row without entries is a mistake of the table.
    package func items(allowEmpty: Bool = false) throws(YAMLLoadError) -> [YAMLField] {
        let items = try reader.list(node, field: path)
        guard allowEmpty || !items.isEmpty else { throw error("expected at least one item") }
        return items.enumerated().map { YAMLField($1, path: "\(path)[\($0)]", reader: reader) }
    }

    /// The mapping's pairs in the file's order, each value with its key in its path.
    package func pairs(allowEmpty: Bool = false) throws(YAMLLoadError) -> [(key: String, value: YAMLField)] {
        let pairs = try reader.pairs(node, field: path)
        guard allowEmpty || !pairs.isEmpty else { throw error("expected at least one key") }
        return pairs.map { ($0.key, YAMLField($0.value, path: YAMLFieldReader.path(path, $0.key), reader: reader)) }
    }

    /// The mapping's pairs in the file's order with each key a field of its own (the pair's path,
    /// the key's line), for a table keyed by ids its reader checks: a block mapping's value starts
    /// on the line after its key, so an error about the key is made at the key.
    package func keyedPairs(allowEmpty: Bool = false) throws(YAMLLoadError) -> [(key: YAMLField, value: YAMLField)] {
        let pairs = try reader.pairs(node, field: path)
        guard allowEmpty || !pairs.isEmpty else { throw error("expected at least one key") }
        return pairs.map { pair in
            let path = YAMLFieldReader.path(path, pair.key)
            return (YAMLField(pair.keyNode, path: path, reader: reader), YAMLField(pair.value, path: path, reader: reader))
        }
    }

    /// One value, possibly empty (`suffix: ""`).
    package func scalar() throws(YAMLLoadError) -> String {
        try reader.string(node, field: path)
    }

    /// One value with something in it besides blanks.
    package func string() throws(YAMLLoadError) -> String {
        try reader.nonEmptyString(node, field: path)
    }

    /// A non-empty list of non-empty strings (a single string is a list of one).
    package func strings() throws(YAMLLoadError) -> [String] {
        let list = try reader.strings(node, field: path)
        guard !list.isEmpty else { throw error("expected at least one item") }
        guard list.allSatisfy({ !$0.allSatisfy(\.isWhitespace) }) else { throw error("an item is empty") }
        return list
    }

    package func bool() throws(YAMLLoadError) -> Bool {
        try reader.bool(node, field: path)
    }

    /// A whole number, 0 or more, in decimal digits.
    package func integer() throws(YAMLLoadError) -> Int {
        try reader.nonNegativeInteger(node, field: path)
    }

    /// A whole number, 1 or more: a size or a scale, where 0 would mean nothing.
    package func positiveInteger() throws(YAMLLoadError) -> Int {
        let value = try reader.nonNegativeInteger(node, field: path, what: "a whole number of 1 or more")
        guard value > 0 else { throw error("'\(try scalar())' is not a whole number of 1 or more") }
        return value
    }

    /// A whole number, 0 or more, that fits 64 bits unsigned.
    package func unsignedInteger() throws(YAMLLoadError) -> UInt64 {
        let text = try scalar()
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = UInt64(text) else {
            throw error("'\(text)' is not a non-negative whole number")
        }
        return value
    }

    /// A version such as `17.0` or `13.4.1`.
    package func version() throws(YAMLLoadError) -> MachOVersion {
        let text = try scalar()
        guard let version = MachOVersion(text) else { throw error("'\(text)' is not a version such as 17.0") }
        return version
    }

    /// One of `T`'s raw values.
    package func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type = T.self) throws(YAMLLoadError) -> T where T.RawValue == String {
        try reader.choice(node, field: path, as: type)
    }

    /// A value that must be one of `words`.
    package func word(_ words: [String]) throws(YAMLLoadError) -> String {
        let text = try scalar()
        guard words.contains(text) else { throw error("'\(text)' is not one of: \(words.joined(separator: ", "))") }
        return text
    }
}
