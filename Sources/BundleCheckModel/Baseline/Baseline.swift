import BundleCheckFormats

/// The findings a team has accepted for now, by fingerprint.
///
/// `--write-baseline FILE` writes one from a run's findings; `--baseline FILE` marks the
/// findings it lists as suppressed: still in the JSON report, but counted in no severity
/// and never failing the run. The file is versioned and deterministic:
///
///     {
///       "schemaVersion": 1,
///       "findings": [
///         { "fingerprint": "7f3db159a228817d", "rule": "version-mismatch", "bundle": "Payload/A.app/PlugIns/B.appex" }
///       ]
///     }
///
/// Only `fingerprint` decides; `rule` and `bundle` say what each entry is about.
public struct Baseline: Sendable, Equatable {
    /// Bumped only on incompatible changes.
    public static let schemaVersion = 1

    /// Sorted by rule, bundle and fingerprint, without repeats.
    package let entries: [BaselineEntry]
    private let fingerprints: Set<String>

    init(entries: [BaselineEntry]) {
        self.entries = Set(entries).sorted(by: BaselineEntry.fileOrder)
        self.fingerprints = Set(entries.map(\.fingerprint))
    }

    /// The baseline that accepts every one of `findings`.
    public init(findings: [Finding]) {
        self.init(entries: findings.map(BaselineEntry.init))
    }

    public func contains(_ finding: Finding) -> Bool {
        fingerprints.contains(finding.fingerprint)
    }

    /// `input` with the findings this baseline lists marked as suppressed (those the
    /// configuration already ignores keep their reason).
    public func applied(to input: InputReport) -> InputReport {
        input.suppressing { contains($0) ? .baseline : nil }
    }

    /// The file's content, as a JSON value.
    var document: JSONValue {
        [
            "schemaVersion": .integer(Int64(Self.schemaVersion)),
            "findings": .array(
                entries.map { entry in
                    [
                        "fingerprint": .string(entry.fingerprint),
                        "rule": .string(entry.rule),
                        "bundle": JSONValue(entry.bundle),
                    ]
                }),
        ]
    }

    /// The file's text: pretty-printed like the report, ending with a newline.
    public var text: String {
        JSONWriter().string(from: document)
    }
}

/// One accepted finding in a baseline: its fingerprint, with the rule and bundle for people reading the file.
package struct BaselineEntry: Sendable, Hashable {
    /// What suppression compares: `Finding.fingerprint` (rule, bundle, key path, value identity).
    let fingerprint: String
    let rule: String
    /// Nil for findings about the whole package.
    let bundle: String?

    init(fingerprint: String, rule: String, bundle: String?) {
        self.fingerprint = fingerprint
        self.rule = rule
        self.bundle = bundle
    }

    init(_ finding: Finding) {
        self.init(fingerprint: finding.fingerprint, rule: finding.rule, bundle: finding.bundle)
    }

    /// The file's order: rule, bundle, fingerprint, so a re-written baseline diffs by line.
    static func fileOrder(_ lhs: BaselineEntry, _ rhs: BaselineEntry) -> Bool {
        (lhs.rule, lhs.bundle ?? "", lhs.fingerprint) < (rhs.rule, rhs.bundle ?? "", rhs.fingerprint)
    }
}
