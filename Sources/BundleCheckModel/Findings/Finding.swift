import BundleCheckFormats

/// One problem found in a package, located precisely enough to fix.
///
/// Checks and matchers never build one field by field: `RuleDefinition.finding(_:at:identity:appleCodes:)`
/// stamps the rule's id, severity and Apple codes, so those are stated once, in the rule file.
public struct Finding: Sendable, Hashable {
    /// The rule's id: a public contract, used in configuration and baselines.
    public let rule: String
    public let severity: Severity
    public let message: String
    public let location: FindingLocation
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
        location: FindingLocation,
        appleCodes: [String],
        identity: String? = nil,
        suppressed: Bool = false
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.appleCodes = appleCodes
        self.fingerprint = Fingerprint.make(rule: rule, bundle: location.bundle, keyPath: location.keyPath, identity: identity)
        self.suppressed = suppressed
    }

    /// A finding from its parts, as a report reader or a test writes one.
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
        self.init(
            rule: rule, severity: severity, message: message,
            location: FindingLocation(bundle: bundle, file: file, keyPath: keyPath, line: line, column: column, excerpt: excerpt),
            appleCodes: appleCodes, identity: identity, suppressed: suppressed
        )
    }

    /// Path of the bundle at fault, relative to the package root; nil for archive-wide findings.
    public var bundle: String? { location.bundle }
    /// Path of the file at fault, relative to the package root.
    public var file: String? { location.file }
    /// Where in the file's property list, as a JSON Pointer.
    public var keyPath: JSONPointer? { location.keyPath }
    /// 1-based line in the file, when it is an XML plist.
    public var line: Int? { location.line }
    /// 1-based column inside the value at `keyPath`, for problems within a string.
    public var column: Int? { location.column }
    /// The line of the value at fault with a caret under `column`.
    public var excerpt: String? { location.excerpt }

    /// The same finding, marked as accepted by a baseline; the fingerprint stays as it was.
    public func suppressing() -> Finding {
        var copy = self
        copy.suppressed = true
        return copy
    }
}

/// Where a finding points: the bundle at fault, the file inside the package, the key path inside
/// that file's property list, and, for problems inside one string (a predicate), the column and
/// the caret excerpt of its line.
public struct FindingLocation: Sendable, Hashable {
    /// Path of the bundle, relative to the package root; nil for archive-wide findings.
    public var bundle: String?
    /// Path of the file, relative to the package root.
    public var file: String?
    /// Where in the file's property list, as a JSON Pointer.
    public var keyPath: JSONPointer?
    /// 1-based line in the file, when it is an XML plist.
    public var line: Int?
    /// 1-based column inside the value at `keyPath`.
    public var column: Int?
    /// The value's line with a caret under `column`.
    public var excerpt: String?

    public init(
        bundle: String? = nil,
        file: String? = nil,
        keyPath: JSONPointer? = nil,
        line: Int? = nil,
        column: Int? = nil,
        excerpt: String? = nil
    ) {
        self.bundle = bundle
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.column = column
        self.excerpt = excerpt
    }
}
