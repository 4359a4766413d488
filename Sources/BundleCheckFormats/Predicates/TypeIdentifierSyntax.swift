/// Whether a string is a well-formed uniform type identifier: reverse-DNS components
/// separated by dots, of letters, digits and hyphens (and characters above U+007F, which
/// Apple also allows).
enum TypeIdentifierSyntax {
    /// Why `identifier` is not well-formed, as the end of a sentence, or nil when it is.
    static func problem(in identifier: String) -> String? {
        if identifier.isEmpty { return "it is empty" }
        if identifier.contains(where: \.isWhitespace) { return "it contains white space" }
        if let bad = identifier.first(where: { !isAllowed($0) }) {
            return "it contains \(PredicateTokenizer.describe(bad)); only letters, digits, '-' and '.' are allowed"
        }
        if identifier.hasPrefix(".") { return "it starts with '.'" }
        if identifier.hasSuffix(".") { return "it ends with '.'" }
        if identifier.contains("..") { return "it has an empty component between two dots" }
        if !identifier.contains(".") {
            if let meant = KnownTypeIdentifiers.suggestion(for: identifier) {
                return "it is not a reverse-DNS identifier; did you mean '\(meant)'?"
            }
            return "it is not a reverse-DNS identifier with at least two components, like 'public.image'"
        }
        return nil
    }

    private static func isAllowed(_ character: Character) -> Bool {
        if character == "." || character == "-" { return true }
        guard character.isASCII else { return character.unicodeScalars.allSatisfy { $0.value > 0x7F } }
        return character.isLetter || character.isNumber
    }
}
