import BundleCheckFormats

/// Reads the flat fields of a data table's `entries` (a mapping of keys to scalars and lists
/// of scalars), noting the table's line for each field that is missing or empty, so that a
/// table type reports what it could not read instead of dropping it.
package struct DataTableFields {
    private let entries: YAMLNode
    package private(set) var unreadableLines: [Int] = []

    package init(_ entries: YAMLNode) {
        self.entries = entries
    }

    /// The field's scalar; "" when it is missing or empty.
    package mutating func string(_ key: String) -> String {
        guard let value = entries[key]?.scalar, !value.isEmpty else {
            unreadableLines.append(entries.line)
            return ""
        }
        return value
    }

    /// The field's list of scalars; empty when it is missing or empty.
    package mutating func strings(_ key: String) -> [String] {
        guard let list = entries[key]?.sequence?.compactMap(\.scalar), !list.isEmpty else {
            unreadableLines.append(entries.line)
            return []
        }
        return list
    }

    /// The field as a whole number; nil when it is missing or not one.
    package mutating func integer(_ key: String) -> Int? {
        guard let value = entries[key]?.scalar.flatMap(Int.init) else {
            unreadableLines.append(entries.line)
            return nil
        }
        return value
    }

    /// The field's mapping of scalars to scalars, in order; empty when it is missing or empty.
    package mutating func pairs(_ key: String) -> [(key: String, value: String)] {
        let pairs = (entries[key]?.mapping ?? []).compactMap { pair in
            pair.key.scalar.flatMap { key in pair.value.scalar.map { (key: key, value: $0) } }
        }
        guard !pairs.isEmpty, pairs.count == entries[key]?.mapping?.count else {
            unreadableLines.append(entries[key]?.line ?? entries.line)
            return pairs
        }
        return pairs
    }
}
