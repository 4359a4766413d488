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
    /// Codes Apple's upload validation prints for the same problem; never invented.
    public let appleCodes: [String]
    /// Stable identity across rebuilds: rule, bundle, key path and, when given, the value's identity.
    public let fingerprint: String

    public init(
        rule: String,
        severity: Severity,
        message: String,
        bundle: String?,
        file: String?,
        keyPath: JSONPointer?,
        line: Int?,
        appleCodes: [String],
        identity: String? = nil
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
    }
}
