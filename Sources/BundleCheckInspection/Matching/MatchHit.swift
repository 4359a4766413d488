import BundleCheckFormats

/// One place where a matcher matched: what a rule turns into a finding.
public struct MatchHit: Sendable, Hashable, Comparable {
    /// The bundle the hit is in; nil for path and text hits of an archive-scoped rule.
    public let bundle: String?
    /// The file or folder at fault, as a full container path.
    public let file: String?
    /// Where in the file's property list, for plist hits.
    public let keyPath: JSONPointer?
    /// 1-based line: of the plist element (XML only) or of the text match.
    public let line: Int?
    /// What matched, in words for a message: the path relative to the subject,
    /// the value's text, or the matched text; nil for `missing` and `not`.
    public let value: String?
    /// Tells apart the hits of one rule in one bundle for the fingerprint: the
    /// file path for path hits, the pointer for plist hits, `file:line` for text hits.
    public let identity: String?

    public init(bundle: String?, file: String?, keyPath: JSONPointer?, line: Int?, value: String?, identity: String?) {
        self.bundle = bundle
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.value = value
        self.identity = identity
    }

    /// By bundle, file, key path, then line: a report reads bundle by bundle, file by file.
    public static func < (lhs: MatchHit, rhs: MatchHit) -> Bool {
        for (left, right) in zip(lhs.orderingKey, rhs.orderingKey) where left != right {
            return left < right
        }
        return false
    }

    /// Missing parts sort first: a leading marker keeps nil apart from the empty
    /// string, and lines are padded so that line 9 comes before line 10.
    private var orderingKey: [String] {
        let paddedLine = line.map { String(repeating: "0", count: max(0, 20 - String($0).count)) + String($0) }
        return [bundle, file, keyPath?.description, paddedLine, identity, value].map { $0.map { "1" + $0 } ?? "0" }
    }
}
