import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports

/// The review as JSON (docs/diff.schema.json): every member always present, arrays in a fixed
/// order (NEW's bundles first, facets in `InventoryFacet.all`'s order), so the same two inputs
/// give the same bytes.
public struct DiffJSONReporter: Sendable {
    public static let schemaVersion = 1

    public init() {}

    public func render(_ diff: ReleaseDiff, failOn: FailureThreshold) -> String {
        JSONWriter().string(from: document(diff, failOn: failOn))
    }

    func document(_ diff: ReleaseDiff, failOn: FailureThreshold) -> JSONValue {
        let verdict = ReviewVerdict(diff, failOn: failOn)
        return [
            "schemaVersion": .integer(Int64(Self.schemaVersion)),
            "tool": ["name": "bundlecheck", "version": .string(BundleCheckVersion.current)],
            "old": side(diff.old),
            "new": side(diff.new),
            "oldBuild": .string(diff.oldBuild.rawValue),
            "sameBuild": .bool(diff.isSameBuild),
            "summary": [
                "passed": .bool(!verdict.fails),
                "bundlesAdded": count(diff.added.count),
                "bundlesRemoved": count(diff.removed.count),
                "bundlesChanged": count(diff.changed.count),
                "changes": count(diff.bundles.reduce(0) { $0 + $1.changes.count }),
                "findingsNew": count(diff.findings.new.count),
                "findingsFixed": count(diff.findings.fixed.count),
                "findingsStanding": count(diff.findings.standing.count),
                "verdicts": count(diff.verdicts.count),
                "failing": count(verdict.count),
            ],
            "size": diff.packageSize.map(size) ?? .null,
            "bundles": .array(diff.bundles.filter { $0.status != .unchanged || !$0.notRecorded.isEmpty || ($0.size?.growth ?? 0) != 0 }.map(bundle)),
            "findings": [
                "new": .array(diff.findings.new.map(finding)),
                "fixed": .array(diff.findings.fixed.map(finding)),
                "standing": .array(FindingTally.byRule(diff.findings.standing).map { ["rule": .string($0.rule), "count": count($0.count)] }),
                "oneSided": .array(
                    diff.findings.oneSided.map { entry in
                        ["checkedOn": .string(entry.side.rawValue), "finding": finding(entry.finding)]
                    }),
                "rulesOnlyOn": [
                    "old": .array((diff.findings.rulesOnlyOn[.old] ?? []).map(JSONValue.string)),
                    "new": .array((diff.findings.rulesOnlyOn[.new] ?? []).map(JSONValue.string)),
                ],
            ],
            "verdicts": .array(diff.verdicts.map(verdictFinding)),
        ]
    }

    private func count(_ number: Int) -> JSONValue { .integer(Int64(number)) }

    private func side(_ record: BuildRecord) -> JSONValue {
        [
            "path": .string(record.path),
            "source": .string(record.source.rawValue),
            "schemaVersion": .integer(Int64(record.schemaVersion)),
            "toolVersion": JSONValue(record.toolVersion),
            "input": .string(record.inputPath),
            "kind": JSONValue(record.inputKind),
        ]
    }

    private func bundle(_ diff: BundleDiff) -> JSONValue {
        let reference = diff.pair.new ?? diff.pair.old
        return [
            "status": .string(diff.status.rawValue),
            "old": JSONValue(diff.pair.old?.path),
            "new": JSONValue(diff.pair.new?.path),
            "pairedBy": JSONValue(diff.pair.match?.rawValue),
            "kind": .string(reference?.kind ?? ""),
            "bundleIdentifier": JSONValue(reference?.bundleIdentifier),
            "extensionPoint": JSONValue(reference?.extensionPoint),
            "changes": .array(
                diff.changes.map { change in
                    [
                        "facet": .string(change.facet),
                        "key": JSONValue(change.key),
                        "change": .string(change.kind.rawValue),
                        "old": JSONValue(change.old),
                        "new": JSONValue(change.new),
                    ]
                }),
            "notRecorded": .array(diff.notRecorded.map { ["facet": .string($0.facet), "side": .string($0.side.rawValue)] }),
            "size": diff.size.map(size) ?? .null,
        ]
    }

    private func size(_ size: SizeDiff) -> JSONValue {
        [
            "old": size.old.map(JSONValue.integer) ?? .null,
            "new": size.new.map(JSONValue.integer) ?? .null,
            "growth": size.growth.map(JSONValue.integer) ?? .null,
            "oldStored": size.oldStored.map(JSONValue.integer) ?? .null,
            "newStored": size.newStored.map(JSONValue.integer) ?? .null,
            "grownFiles": .array(
                size.grownFiles.map { file in
                    [
                        "path": .string(file.path),
                        "old": file.old.map(JSONValue.integer) ?? .null,
                        "new": .integer(file.new),
                        "growth": .integer(file.growth),
                        "atLeast": .bool(file.isLowerBound),
                    ]
                }),
        ]
    }

    private func finding(_ finding: FindingRecord) -> JSONValue {
        [
            "rule": .string(finding.rule),
            "severity": .string(finding.severity),
            "message": .string(finding.message),
            "bundle": JSONValue(finding.bundle),
            "appleCodes": .array(finding.appleCodes.map(JSONValue.string)),
            "fingerprint": .string(finding.fingerprint),
        ]
    }

    private func verdictFinding(_ finding: Finding) -> JSONValue {
        [
            "rule": .string(finding.rule),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "bundle": JSONValue(finding.bundle),
            "file": JSONValue(finding.file),
            "keyPath": JSONValue(finding.keyPath?.description),
            "appleCodes": .array(finding.appleCodes.map(JSONValue.string)),
            "fingerprint": .string(finding.fingerprint),
            "suppressed": .bool(finding.suppressed),
            "suppression": JSONReporter.suppression(finding.suppression),
        ]
    }
}

/// Findings counted by rule, most first, then by id.
enum FindingTally {
    static func byRule(_ findings: [FindingRecord]) -> [(rule: String, count: Int)] {
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        return counts.map { ($0.key, $0.value) }.sorted { ($0.count, $1.rule) > ($1.count, $0.rule) }
    }
}
