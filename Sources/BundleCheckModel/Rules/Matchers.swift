import BundleCheckFormats
import Foundation

/// A declarative matcher of a rule file; `all`, `any` and `not` combine the others.
///
/// Each matcher yields hits (places that match) for one subject: a bundle, or
/// the whole archive. `any` is the union of its children's hits; `all` is the
/// union when every child has hits, else nothing; `not` yields one hit on the
/// subject itself when its child has none.
package indirect enum Matcher: Sendable {
    case all([Matcher])
    case any([Matcher])
    case not(Matcher)
    case path(PathMatcher)
    case plist(PlistMatcher)
    case text(TextMatcher)
    /// Symbols, selectors, class names and strings of a bundle's executable.
    case binary(BinaryMatcher)
}

/// Globs over entry paths, files and folders alike (folders are derived from entry paths).
///
/// Relative to the bundle for bundle-scoped rules (the contents of nested bundles
/// excluded, the nested bundle folders themselves included), or to the container
/// root for archive-scoped ones. When a folder matches, nothing beneath it is
/// reported again.
package struct PathMatcher: Sendable {
    package let globs: [Glob]
    package let exclude: [Glob]

    package init(globs: [Glob], exclude: [Glob] = []) {
        self.globs = globs
        self.exclude = exclude
    }
}

/// A condition on the values at a key path of a bundle's property list.
package struct PlistMatcher: Sendable {
    package let source: PlistSource
    /// A JSON Pointer where `*` stands for one component and `**` for any number.
    package let key: KeyPathPattern
    package let condition: PlistCondition

    package init(source: PlistSource = .infoPlist, key: KeyPathPattern, condition: PlistCondition) {
        self.source = source
        self.key = key
        self.condition = condition
    }
}

/// What must hold at a `plist` matcher's key path for it to hit.
package enum PlistCondition: @unchecked Sendable {
    /// Some value is there (each value found is a hit).
    case exists
    /// No value is there (one hit at the key path).
    case missing
    /// The value's text form equals this: strings as they are, booleans `true`/`false`,
    /// integers in decimal, reals in Swift's shortest form.
    case equals(String)
    /// A string value matches this ICU regular expression somewhere.
    case matches(NSRegularExpression)
    /// The value is of this type: string, integer, real, boolean, date, data, array, dictionary.
    case typeIs(String)
}

/// Which property list of a bundle a `plist` matcher reads.
package enum PlistSource: String, Sendable, Hashable, CaseIterable {
    case infoPlist = "info-plist"
    /// The entitlements of the code signature, else of `archived-expanded-entitlements.xcent`.
    case entitlements
    /// The property list inside `embedded.mobileprovision` (keys `Entitlements`, `ExpirationDate`, …).
    case profile
}

/// A condition on what an executable holds: imported symbols, Objective-C selectors and class
/// names, C strings. Read in the same forward pass as the signature; only matching values are kept.
package struct BinaryMatcher: Sendable {
    package let kind: BinaryEvidenceKind
    package let condition: BinaryCondition

    package init(kind: BinaryEvidenceKind, condition: BinaryCondition) {
        self.kind = kind
        self.condition = condition
    }

    package func matches(_ evidence: BinaryEvidence) -> Bool {
        evidence.kind == kind && condition.matches(evidence.value)
    }

    /// What it asks, as text: two matchers with the same identity keep the same strings.
    package var identity: String {
        "\(kind.rawValue) \(condition.identity)"
    }
}

/// How a `binary` matcher compares a value: exactly, by prefix, by substring, or by ICU
/// regular expression. Executables hold hundreds of thousands of strings, so the plain forms
/// are preferred wherever they say enough; a regular expression runs on every string.
package enum BinaryCondition: @unchecked Sendable {
    case equals(String)
    /// Exactly one of these: one hash lookup however long a table of names is (built-in checks;
    /// rule files have no syntax for it).
    case equalsAny(Set<String>)
    case prefix(String)
    case contains(String)
    case matches(NSRegularExpression)
    /// Any of these pieces of text, anywhere: one pass over the value however many there are
    /// (the secrets' documented prefixes; built-in checks only).
    case containsAny(NeedleSet)
    /// A value of one of these lengths in bytes made only of `alphabet`'s ASCII characters (a
    /// secret that pairs with a token, such as AWS's 40-character secret access key; built-in
    /// checks only). Testing the length first passes over most strings at once.
    case shaped(lengths: Set<Int>, alphabet: ByteClass)

    /// The form and its operand, as text (a regular expression by its pattern and options).
    package var identity: String {
        switch self {
        case .equals(let text): "equals \(text)"
        case .equalsAny(let texts): "equals-any \(texts.sorted().joined(separator: "\u{0}"))"
        case .prefix(let text): "prefix \(text)"
        case .contains(let text): "contains \(text)"
        case .matches(let regex): "matches \(regex.options.rawValue) \(regex.pattern)"
        case .containsAny(let needles):
            "contains-any \(needles.atWordStart) \(needles.minimumLength) \(needles.minimumRun) \(needles.runBytes.identity) \(needles.texts.joined(separator: "\u{0}"))"
        case .shaped(let lengths, let alphabet): "shaped \(lengths.sorted()) \(alphabet.identity)"
        }
    }

    package func matches(_ value: String) -> Bool {
        switch self {
        case .equals(let text): value == text
        case .equalsAny(let texts): texts.contains(value)
        case .prefix(let text): value.hasPrefix(text)
        case .contains(let text): value.contains(text)
        case .matches(let regex):
            regex.firstMatch(in: value, range: NSRange(location: 0, length: NSString(string: value).length)) != nil
        case .containsAny(let needles):
            needles.occursIn(utf8: Array(value.utf8)[...])
        case .shaped(let lengths, let alphabet):
            lengths.contains(value.utf8.count) && value.utf8.allSatisfy(alphabet.contains)
        }
    }
}

/// An ICU regular expression over the UTF-8 text files of a bundle whose paths match `files`.
///
/// Files over `maximumFileSize` and files that are not valid UTF-8 are skipped.
package struct TextMatcher: @unchecked Sendable {
    package static let maximumFileSize = 1 << 20

    package let files: [Glob]
    package let pattern: NSRegularExpression

    package init(files: [Glob], pattern: NSRegularExpression) {
        self.files = files
        self.pattern = pattern
    }
}
