import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `Rules/data/purpose-string-placeholders.yml` read into what `purpose-string-placeholder`
/// matches: marker words anywhere in a value, and whole values that explain nothing. No length
/// threshold: "Scan QR codes" and "用于扫描二维码" are good purpose strings.
struct PlaceholderText: Sendable {
    struct Word: Sendable, Hashable {
        let word: String
        /// Compared as written (TODO) rather than in any case.
        let isExact: Bool
    }

    let words: [Word]
    /// Lower-cased.
    let values: Set<String>

    static let shipped: PlaceholderText = {
        do {
            return try PlaceholderText(DataTables.named("purpose-string-placeholders"))
        } catch {
            preconditionFailure("Rules/data/purpose-string-placeholders.yml cannot be read: \(error)")
        }
    }()

    init(_ table: DataTable) throws(YAMLLoadError) {
        func problem(_ node: YAMLNode, _ message: String) -> YAMLLoadError {
            YAMLLoadError(file: table.file, line: node.line, field: "entries", message: message)
        }
        guard let words = table.entries["words"]?.sequence, let values = table.entries["values"]?.sequence else {
            throw problem(table.entries, "the table lists 'words' and 'values'")
        }
        self.words = try words.map { node throws(YAMLLoadError) in
            guard let word = node["word"]?.scalar, !word.isEmpty, ["exact", "any"].contains(node["case"]?.scalar ?? "") else {
                throw problem(node, "a word is {word: WORD, case: exact|any}")
            }
            return Word(word: word, isExact: node["case"]?.scalar == "exact")
        }
        self.values = Set(
            try values.map { node throws(YAMLLoadError) in
                guard let value = node.scalar, !value.isEmpty else { throw problem(node, "a value is a non-empty string") }
                return value.lowercased()
            })
    }

    /// Why `value` reads as a placeholder, or nil. `keys` are the usage-description keys: a value
    /// naming one was pasted from the key column. `$(…)` counts only where `unexpanded-variable`
    /// does not look (localised strings files).
    func reason(for value: String, keys: [String], reportsVariables: Bool) -> String? {
        if reportsVariables, UnexpandedVariable.occurs(in: value) {
            return "a build setting that was never expanded"
        }
        if let key = keys.first(where: value.contains) {
            return "the key's name \(key)"
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let bare = String(trimmed.reversed().drop(while: { ".!?:;。！？".contains($0) }).reversed())
        if values.contains(trimmed) || values.contains(bare) {
            return "a stand-in word, not an explanation"
        }
        let tokens = Self.words(in: value)
        for word in words {
            let hit =
                word.isExact
                ? tokens.contains(word.word)
                : tokens.contains { $0.lowercased() == word.word.lowercased() }
            if hit { return "the word '\(word.word)'" }
        }
        return nil
    }

    /// Runs of letters and digits: "TODO:" and "(todo)" give the word, "todos" and "Todoist" do not.
    static func words(in value: String) -> [String] {
        value.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
