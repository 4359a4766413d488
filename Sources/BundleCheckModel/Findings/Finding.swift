import BundleCheckFormats

/// One problem found in a package, located precisely enough to fix.
///
/// Checks and matchers never build one field by field: `RuleDefinition.finding(_:at:identity:appleCodes:)`
/// stamps the rule's id, severity and Apple codes, so those are stated once, in the rule file.
public struct Finding: Sendable, Hashable {
    /// The rule's id: a public contract, used in configuration and baselines.
    public let rule: String
    public let severity: Severity
    public package(set) var message: String
    public package(set) var location: FindingLocation
    /// Codes Apple's upload validation prints for the same problem; never invented.
    public let appleCodes: [String]
    /// Stable identity across rebuilds: rule, bundle, key path and, when given, the value's identity.
    public let fingerprint: String
    /// Why the finding is accepted (a baseline lists it, or a configuration `ignore:` entry
    /// matches it); nil when it stands. Suppressed findings are still reported (JSON, SARIF),
    /// but not counted and never fail the run.
    public private(set) var suppression: Suppression?

    /// Whether a baseline or the configuration accepted the finding.
    public var suppressed: Bool { suppression != nil }
    /// Set on the one finding that stands for those `FindingCap` left out: how many it left out.
    public private(set) var omittedCount: Int?
    /// For a finding about a secret, `sha256:` and the first 8 hexadecimal digits of the
    /// SHA-256 of the secret: what an `ignore:` entry's `secret:` names, the same however the
    /// package is laid out, and never the secret itself.
    public private(set) var secret: String?

    package init(
        rule: String,
        severity: Severity,
        message: String,
        location: FindingLocation,
        appleCodes: [String],
        identity: String? = nil,
        suppressed: Bool = false,
        suppression: Suppression? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.appleCodes = appleCodes
        self.fingerprint = Fingerprint.make(rule: rule, bundle: location.bundle, keyPath: location.keyPath, identity: identity)
        // `suppressed: true` alone, as older callers write it, is the baseline's.
        self.suppression = suppression ?? (suppressed ? .baseline : nil)
    }

    /// A finding from its parts, as a report reader or a test writes one.
    package init(
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
        suppressed: Bool = false,
        suppression: Suppression? = nil
    ) {
        self.init(
            rule: rule, severity: severity, message: message,
            location: FindingLocation(bundle: bundle, file: file, keyPath: keyPath, line: line, column: column, excerpt: excerpt),
            appleCodes: appleCodes, identity: identity, suppressed: suppressed, suppression: suppression
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

    /// The same finding, standing for `omitted` findings of its rule the cap left out.
    func counting(omitted: Int) -> Finding {
        var copy = self
        copy.omittedCount = omitted
        return copy
    }

    /// The same finding, about the secret whose fingerprint is `fingerprint`.
    package func about(secret fingerprint: String) -> Finding {
        var copy = self
        copy.secret = fingerprint
        return copy
    }

    /// The same finding, marked as accepted; the fingerprint stays as it was.
    func suppressing(_ suppression: Suppression) -> Finding {
        var copy = self
        copy.suppression = suppression
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

    package init(
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

/// How bad a finding is. Errors fail the run (exit status 1); with `fail-on: warning`, warnings do too.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}

/// Fingerprints that survive rebuilds: they hash what identifies a problem
/// (rule, bundle path, key path, the value's identity), never message text or lines.
/// Reporters reuse the hash for identities of their own (GitLab's and SARIF's per-input fingerprints).
package enum Fingerprint {
    static func make(rule: String, bundle: String?, keyPath: JSONPointer?, identity: String?) -> String {
        var parts = [rule, bundle ?? "", keyPath?.description ?? ""]
        if let identity { parts.append(identity) }
        return of(parts)
    }

    /// The fingerprint of `parts`, joined by NUL so that no part can run into the next.
    package static func of(_ parts: [String]) -> String {
        hex(fnv1a64(parts.joined(separator: "\u{0}")))
    }

    /// FNV-1a, 64-bit: stable across platforms and runs, unlike `Hasher`.
    package static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
