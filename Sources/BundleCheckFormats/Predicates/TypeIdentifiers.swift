/// The system's type identifiers, so that an activation rule or a document type naming
/// something else gets a note: a misspelt type matches nothing, and a custom one must be
/// declared by the app. The lists are data (`Rules/data/type-identifiers.yml`), handed in by
/// whoever reads the tables (`KnownTypeIdentifiers.shipped` in the inspection layer).
///
/// Identifiers compare without regard to case. Everything under a known prefix (`com.apple.`)
/// counts as known; `public.` is Apple's namespace too, but only the listed entries are known
/// in it, since a misspelling there (`public.imag`) is the usual mistake.
package struct KnownTypeIdentifiers: Sendable {
    /// Lowercased.
    package let identifiers: Set<String>
    /// Lowercased.
    package let knownPrefixes: [String]
    /// Plausible guesses that are not the system's identifiers, with the one that is; lowercased keys.
    package let likelyMeant: [String: String]
    /// Bare file extensions and words written where an identifier is due; lowercased keys.
    package let bareWords: [String: String]

    package init(identifiers: some Sequence<String>, knownPrefixes: [String], likelyMeant: [String: String], bareWords: [String: String]) {
        self.identifiers = Set(identifiers.map { $0.lowercased() })
        self.knownPrefixes = knownPrefixes.map { $0.lowercased() }
        self.likelyMeant = Dictionary(likelyMeant.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.bareWords = Dictionary(bareWords.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `identifier` is a known system type (any case).
    package func isKnown(_ identifier: String) -> Bool {
        let lowercased = identifier.lowercased()
        return knownPrefixes.contains { lowercased.hasPrefix($0) } || identifiers.contains(lowercased)
    }

    /// The known identifier `identifier` probably means: a listed confusion, or one within two edits.
    package func suggestion(for identifier: String) -> String? {
        let lowercased = identifier.lowercased()
        if let meant = likelyMeant[lowercased] ?? bareWords[lowercased] { return meant }
        return BoundedEditDistance.nearest(to: Array(lowercased), among: identifiers, limit: 2)
    }
}

/// Whether a string is a well-formed uniform type identifier: reverse-DNS components
/// separated by dots, of letters, digits and hyphens (and characters above U+007F, which
/// Apple also allows).
enum TypeIdentifierSyntax {
    /// Why `identifier` is not well-formed, as the end of a sentence, or nil when it is; a bare
    /// word gets the identifier `types` suggests for it.
    static func problem(in identifier: String, suggesting types: KnownTypeIdentifiers? = nil) -> String? {
        if identifier.isEmpty { return "it is empty" }
        if identifier.contains(where: \.isWhitespace) { return "it contains white space" }
        if let bad = identifier.first(where: { !isAllowed($0) }) {
            return "it contains \(PredicateTokenizer.describe(bad)); only letters, digits, '-' and '.' are allowed"
        }
        if identifier.hasPrefix(".") { return "it starts with '.'" }
        if identifier.hasSuffix(".") { return "it ends with '.'" }
        if identifier.contains("..") { return "it has an empty component between two dots" }
        if !identifier.contains(".") {
            if let meant = types?.suggestion(for: identifier) {
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
