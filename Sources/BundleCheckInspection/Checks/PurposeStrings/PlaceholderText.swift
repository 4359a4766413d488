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

    static let table = "purpose-string-placeholders"
    static let shipped = DataTables.read(table, PlaceholderText.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        words = try entries("words").items().map { row throws(YAMLLoadError) in
            Word(word: try row("word").string(), isExact: try row("case").word(["exact", "any"]) == "exact")
        }
        values = Set(try entries("values").items().map { item throws(YAMLLoadError) in try item.string().lowercased() })
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
