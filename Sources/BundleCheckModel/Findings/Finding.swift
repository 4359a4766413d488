import BundleCheckFormats

/// One problem found in a package, located precisely enough to fix.
public struct Finding: Sendable, Hashable {
    /// The rule's id: a public contract, used in configuration and baselines.
    public let rule: String
    public let severity: Severity
    public let message: String
    /// Path of the bundle at fault, relative to the package root; nil for archive-wide findings.
    public let bundle: String?
    /// Path of the file at fault, relative to the package root.
    public let file: String?
    /// Where in the file's property list, as a JSON Pointer.
    public let keyPath: JSONPointer?
    /// 1-based line in the file, when it is an XML plist.
    public let line: Int?
    /// 1-based column inside the value at `keyPath`, for problems within a string
    /// (a predicate's syntax error); the value's own line is in `excerpt`.
    public let column: Int?
    /// The line of the value at fault with a caret under `column`.
    public let excerpt: String?
    /// Codes Apple's upload validation prints for the same problem; never invented.
    public let appleCodes: [String]
    /// Stable identity across rebuilds: rule, bundle, key path and, when given, the value's identity.
    public let fingerprint: String
    /// Listed in the `--baseline` file: still reported (JSON), but not counted and never failing the run.
    public private(set) var suppressed: Bool

    public init(
        rule: String,
        severity: Severity,
        message: String,
        bundle: String?,
        file: String?,
        keyPath: JSONPointer?,
        line: Int?,
        appleCodes: [String],
        identity: String? = nil,
        column: Int? = nil,
        excerpt: String? = nil,
        suppressed: Bool = false
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.bundle = bundle
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.appleCodes = appleCodes
        self.fingerprint = Fingerprint.make(rule: rule, bundle: bundle, keyPath: keyPath, identity: identity)
        self.column = column
        self.excerpt = excerpt
        self.suppressed = suppressed
    }

    /// The same finding, marked as accepted by a baseline; the fingerprint stays as it was.
    public func suppressing() -> Finding {
        var copy = self
        copy.suppressed = true
        return copy
    }
}
