import BundleCheckFormats
import BundleCheckModel
import Foundation

/// The secrets of `Rules/data/secrets.yml`: the tokens recognised by their documented prefix
/// and shape, the kinds recognised by their structure, the public values that look like
/// secrets, which files are read and how far.
package struct SecretTable: Sendable {
    /// One kind of finding: its id, its name in messages and how bad it is.
    package struct Kind: Sendable, Hashable {
        package let id: String
        package let name: String
        package let severity: Severity
    }

    /// A token recognised by its documented prefix and shape.
    struct Token: @unchecked Sendable {
        let kind: Kind
        /// The documented fixed prefixes; a finding shows the one the value starts with.
        let prefixes: [String]
        /// The whole token, anchored where a prefix was found.
        let pattern: NSRegularExpression
        let checksum: Checksum?
        /// The partner without which the token is no secret (AWS's secret access key).
        let partner: Partner?
        /// The longest text the pattern needs to see from its start.
        let window: Int
    }

    enum Checksum: String, Sendable, CaseIterable {
        /// GitHub's: the last six characters are the base-62 CRC-32 of the thirty before them.
        case githubCRC32 = "github-crc32"
    }

    /// The value a token is paired with: its name, its whole shape, and the character classes
    /// it must mix (a hexadecimal digest of the same length is not a secret key).
    struct Partner: Sendable {
        let name: String
        let lengths: Set<Int>
        let alphabet: ByteClass
        let classes: [CharacterClass]
    }

    enum CharacterClass: String, Sendable, CaseIterable {
        case upper, lower, digit, letter

        func occurs(in bytes: some Sequence<UInt8>) -> Bool {
            bytes.contains { byte in
                switch self {
                case .upper: byte >= 65 && byte <= 90
                case .lower: byte >= 97 && byte <= 122
                case .digit: byte >= 48 && byte <= 57
                case .letter: (byte | 0x20) >= 97 && (byte | 0x20) <= 122
                }
            }
        }
    }

    /// How far the search reads (`docs/limits.md`).
    struct Limits: Sendable {
        let wholeFileBytes: Int
        let sniffBytes: Int
        let sniffFileBytes: UInt64
        let files: Int
        let bytes: Int
        let findings: Int
    }

    let limits: Limits
    let candidateNames: Set<String>
    let candidateNamePrefixes: [String]
    let candidateExtensions: Set<String>
    /// Names of templates (`.env.example`): their values are placeholders.
    let templateSuffixes: [String]
    /// The candidate extensions an installer package's one pass keeps whole.
    let installerPackageExtensions: Set<String>
    let sniffSkippedExtensions: Set<String>
    let secretKeyWords: [String]
    let possibleSecretLength: Int
    let possibleSecretEntropy: Double
    let tokens: [Token]
    let structures: [String: Kind]
    /// Values public by design (Google API keys, Stripe publishable keys): never reported.
    let publicPatterns: [NSRegularExpression]

    static let table = "secrets"
    package static let shipped = DataTables.read(table, SecretTable.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = try table.root.allowing(keys: [
            "limits", "candidate-files", "installer-package-extensions", "template-suffixes", "sniff-skips-extensions", "secret-key-words", "possible-secret",
            "tokens",
            "structures", "public",
        ])
        let limits = try entries("limits").allowing(keys: ["whole-file-bytes", "sniff-bytes", "sniff-file-bytes", "files", "bytes", "findings"])
        self.limits = Limits(
            wholeFileBytes: try limits("whole-file-bytes").positiveInteger(), sniffBytes: try limits("sniff-bytes").positiveInteger(),
            sniffFileBytes: UInt64(try limits("sniff-file-bytes").positiveInteger()), files: try limits("files").positiveInteger(),
            bytes: try limits("bytes").positiveInteger(), findings: try limits("findings").positiveInteger())
        let candidates = try entries("candidate-files").allowing(keys: ["names", "name-prefixes", "extensions"])
        candidateNames = Set(try candidates("names").strings())
        candidateNamePrefixes = try candidates("name-prefixes").strings()
        candidateExtensions = Set(try candidates("extensions").strings())
        installerPackageExtensions = Set(try entries("installer-package-extensions").strings())
        templateSuffixes = try entries("template-suffixes").strings()
        for ext in installerPackageExtensions where !candidateExtensions.contains(ext) {
            throw try entries("installer-package-extensions").error("'\(ext)' is not one of candidate-files.extensions")
        }
        sniffSkippedExtensions = Set(try entries("sniff-skips-extensions").strings())
        secretKeyWords = try entries("secret-key-words").strings()
        let possible = try entries("possible-secret").allowing(keys: ["minimum-length", "minimum-entropy"])
        possibleSecretLength = try possible("minimum-length").positiveInteger()
        let entropy = try possible("minimum-entropy")
        guard let bits = Double(try entropy.string()), bits > 0 else { throw entropy.error("expected a positive number of bits") }
        possibleSecretEntropy = bits
        tokens = try entries("tokens").items().map(Self.token)
        var structures: [String: Kind] = [:]
        for row in try entries("structures").items() {
            let kind = try Self.kind(try row.allowing(keys: ["kind", "name", "severity"]))
            structures[kind.id] = kind
        }
        self.structures = structures
        publicPatterns = try entries("public").items().map { row throws(YAMLLoadError) in
            let row = try row.allowing(keys: ["name", "pattern"])
            _ = try row("name").string()
            return try Self.regex(row("pattern"))
        }
        for id in SecretStructure.allCases.map(\.rawValue) where structures[id] == nil {
            throw try entries("structures").error("the structure '\(id)' the search recognises has no row")
        }
    }

    private static func kind(_ row: YAMLField) throws(YAMLLoadError) -> Kind {
        Kind(id: try row("kind").string(), name: try row("name").string(), severity: try row("severity").choice(Severity.self))
    }

    private static func token(_ row: YAMLField) throws(YAMLLoadError) -> Token {
        let row = try row.allowing(keys: ["kind", "name", "severity", "prefixes", "pattern", "checksum", "requires"])
        let pattern = try regex(row("pattern"))
        let prefixes = try row("prefixes").strings()
        let partner = try row.optional("requires").map { field throws(YAMLLoadError) -> Partner in
            let field = try field.allowing(keys: ["name", "lengths", "alphabet", "classes"])
            let lengths = try field("lengths").items().map { item throws(YAMLLoadError) in try item.positiveInteger() }
            let classes = try field("classes").items().map { item throws(YAMLLoadError) in try item.choice(CharacterClass.self) }
            return Partner(name: try field("name").string(), lengths: Set(lengths), alphabet: ByteClass(try field("alphabet").string()), classes: classes)
        }
        return Token(
            kind: try kind(row), prefixes: prefixes, pattern: pattern, checksum: try row.optional("checksum")?.choice(Checksum.self),
            partner: partner, window: 512)
    }

    private static func regex(_ field: YAMLField) throws(YAMLLoadError) -> NSRegularExpression {
        let text = try field.string()
        do {
            return try NSRegularExpression(pattern: text)
        } catch {
            throw field.error("'\(text)' is not a valid regular expression")
        }
    }

    /// Every prefix of every token, for the executables' screen.
    var allPrefixes: [String] { tokens.flatMap(\.prefixes) }

    /// Whether `value` is public by design.
    func isPublic(_ value: String) -> Bool {
        let range = NSRange(location: 0, length: NSString(string: value).length)
        return publicPatterns.contains { $0.firstMatch(in: value, options: [.anchored], range: range)?.range == range }
    }

    /// The kind of a structure the search recognises.
    func kind(_ structure: SecretStructure) -> Kind {
        structures[structure.rawValue] ?? Kind(id: structure.rawValue, name: structure.rawValue, severity: .error)
    }
}
