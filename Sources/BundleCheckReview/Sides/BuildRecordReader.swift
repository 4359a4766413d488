import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports

// The report's objects, by the member names `ReportSchema` declares (JSONReporter writes them).
private typealias Document = ReportSchema.Document
private typealias Tool = ReportSchema.Tool
private typealias Input = ReportSchema.Input
private typealias InputError = ReportSchema.InputError
private typealias Bundle = ReportSchema.Bundle
private typealias Finding = ReportSchema.Finding

/// Reads a `BuildRecord` from a bundlecheck JSON report (docs/report.schema.json), refusing what
/// bundlecheck did not write: another tool's JSON, a newer schema, a report of several packages
/// or of one that could not be checked, members of the wrong type.
enum BuildRecordReader {
    static func read(_ document: JSONValue, path: String, source: BuildRecord.Source) throws(ReviewSideError.Problem) -> BuildRecord {
        guard case .object = document else { throw .notReport("the JSON is not an object") }
        guard document[Document.tool]?[Tool.name]?.stringValue == "bundlecheck" else {
            throw .notReport("it is not a bundlecheck report (no \"tool\": {\"name\": \"bundlecheck\"})")
        }
        guard let schema = document[Document.schemaVersion]?.integerValue else { throw .notReport("it has no integer schemaVersion") }
        guard schema >= 1, schema <= Int64(Report.schemaVersion) else {
            throw .schema(Int(clamping: schema), supported: Report.schemaVersion)
        }
        guard let inputs = document[Document.inputs]?.arrayValue else { throw .shape(RecordShapeError(pointer: "/inputs", expected: "an array")) }
        guard inputs.count == 1, let input = inputs.first else { throw .inputCount(inputs.count) }
        guard case .object = input else { throw .shape(RecordShapeError(pointer: "/inputs/0", expected: "an object")) }
        if let error = input[Input.error], error != .null {
            throw .inputError(error[InputError.message]?.stringValue ?? "an error")
        }
        guard let bundleValues = input[Input.bundles]?.arrayValue else { throw .shape(RecordShapeError(pointer: "/inputs/0/bundles", expected: "an array")) }
        var bundles: [BundleRecord] = []
        for (index, value) in bundleValues.enumerated() {
            let pointer = "/inputs/0/bundles/\(index)"
            guard case .object = value, value[Bundle.path]?.stringValue != nil, value[Bundle.kind]?.stringValue != nil else {
                throw .shape(RecordShapeError(pointer: pointer, expected: "a bundle object with a path and a kind"))
            }
            for key in [Bundle.parent, .bundleIdentifier, .shortVersion, .version, .infoPlist] {
                if let member = value[key], member != .null, member.stringValue == nil {
                    throw .shape(RecordShapeError(pointer: pointer + "/" + key.rawValue, expected: "a string or null"))
                }
            }
            do {
                bundles.append(try BundleRecord(object: value, pointer: pointer))
            } catch {
                throw .shape(error)
            }
        }
        let findings = try self.findings(input[Input.findings])
        return BuildRecord(
            path: path, source: source, schemaVersion: Int(schema), toolVersion: document[Document.tool]?[Tool.version]?.stringValue,
            inputPath: input[Input.path]?.stringValue ?? path, inputKind: input[Input.kind]?.stringValue,
            bundles: bundles, findings: findings, rulesRun: try rulesRun(document[Document.rulesRun])
        )
    }

    private static func findings(_ value: JSONValue?) throws(ReviewSideError.Problem) -> [FindingRecord] {
        guard let value else { return [] }
        guard let elements = value.arrayValue else { throw .shape(RecordShapeError(pointer: "/inputs/0/findings", expected: "an array")) }
        var findings: [FindingRecord] = []
        for (index, element) in elements.enumerated() {
            guard let rule = element[Finding.rule]?.stringValue, let severity = element[Finding.severity]?.stringValue,
                let message = element[Finding.message]?.stringValue, let fingerprint = element[Finding.fingerprint]?.stringValue
            else {
                throw .shape(RecordShapeError(pointer: "/inputs/0/findings/\(index)", expected: "a finding with a rule, severity, message and fingerprint"))
            }
            findings.append(
                FindingRecord(
                    rule: rule, severity: severity, message: message, bundle: element[Finding.bundle]?.stringValue,
                    appleCodes: element[Finding.appleCodes]?.arrayValue?.compactMap(\.stringValue) ?? [],
                    fingerprint: fingerprint, suppressed: element[Finding.suppressed]?.boolValue ?? false
                ))
        }
        return findings
    }

    private static func rulesRun(_ value: JSONValue?) throws(ReviewSideError.Problem) -> Set<String>? {
        guard let value else { return nil }
        guard let elements = value.arrayValue else { throw .shape(RecordShapeError(pointer: "/rulesRun", expected: "an array of rule ids")) }
        var ids = Set<String>()
        for element in elements {
            guard let id = element.stringValue else { throw .shape(RecordShapeError(pointer: "/rulesRun", expected: "an array of rule ids")) }
            ids.insert(id)
        }
        return ids
    }
}
