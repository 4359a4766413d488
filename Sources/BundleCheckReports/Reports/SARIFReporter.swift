import BundleCheckFormats
import BundleCheckModel
import Foundation

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
///
/// One run per input, each with its own `automationDetails.id`, so uploading two apps' reports
/// does not close each other's alerts. Findings point at the package (relative to the working
/// directory), with the path inside it as a logical location, since no checkout holds the files
/// inside an IPA; for the same reason each result carries a fingerprint of our own.
/// The same report always gives the same bytes.
public struct SARIFReporter: Reporter {
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The `partialFingerprints` key; bump the version if what is hashed changes.
    static let fingerprintKey = "bundlecheckFingerprint/v1"
    /// The `partialFingerprints` key of a finding about a secret: `sha256:` and 8 hex digits of the secret's SHA-256.
    static let secretFingerprintKey = "secretSha256/v1"
    /// The rule of the result an input that could not be checked gives.
    static let inputFailureRule = ReportVerdict.inputNotCheckedID

    /// GitHub's limits: longer texts are cut, more tags dropped, more results left out.
    static let maximumTextLength = 1024
    static let maximumNameLength = 255
    static let maximumTags = 20
    static let maximumResults = 25_000
    package static let maximumRuns = 20

    let rules: [RuleDefinition]
    let paths: ReportPaths
    /// Whether a path exists on disk: a result of a directory input points at its file then.
    let fileExists: @Sendable (String) -> Bool
    /// Absolute base URL of the rule documentation (`<base><rule-id>`); with none, no
    /// `informationUri` or `helpUri`, since GitHub wants them absolute.
    let documentationBaseURL: String?

    package init(context: ReportContext = ReportContext(), documentationBaseURL: String? = nil) {
        rules = context.rules
        paths = ReportPaths(context)
        fileExists = { FileManager.default.fileExists(atPath: $0) }
        self.documentationBaseURL = (documentationBaseURL ?? context.helpURL).flatMap { URL(string: $0)?.scheme == nil ? nil : $0 }
    }

    public func render(_ report: Report) -> String {
        JSONWriter().string(from: document(for: report))
    }

    func document(for report: Report) -> JSONValue {
        // GitHub rejects a file without runs; a report of no inputs still says the tool ran.
        let runs = report.inputs.isEmpty ? [emptyRun(report)] : runs(report)
        return [
            "$schema": .string(Self.schemaURI),
            "version": "2.1.0",
            "runs": .array(runs),
        ]
    }

    // MARK: Runs

    private func emptyRun(_ report: Report) -> JSONValue {
        [
            "tool": ["driver": driver(report, rules: rules.map(ruleDescriptor))],
            "automationDetails": ["id": "bundlecheck/"],
            "invocations": [["executionSuccessful": true]],
            "results": [],
        ]
    }

    /// One run per input, so each keeps its own alerts; past GitHub's limit of runs per file,
    /// one run for all, since a file GitHub rejects would upload nothing at all.
    private func runs(_ report: Report) -> [JSONValue] {
        guard report.inputs.count > Self.maximumRuns else {
            return report.inputs.map { run([$0], category: relativePath(of: $0.path), report: report) }
        }
        let note =
            "the \(report.inputs.count) inputs are reported in one run: GitHub accepts at most \(Self.maximumRuns) runs per file. "
            + "Alerts of an input this category no longer lists will be closed; check at most \(Self.maximumRuns) inputs per run to keep one category per input"
        return [run(report.inputs, category: "all-inputs", report: report, notice: note)]
    }

    /// A run over `inputs` (one, or all past the limit), each input an artifact of its own.
    private func run(_ inputs: [InputReport], category: String, report: Report, notice: String? = nil) -> JSONValue {
        var descriptors = rules.map(ruleDescriptor)
        var indices: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where indices[rule.id] == nil {
            indices[rule.id] = index
        }
        // Findings of rules the context does not list (a report read back) still need a rule.
        for input in inputs {
            for finding in input.findings where indices[finding.rule] == nil {
                indices[finding.rule] = descriptors.count
                descriptors.append(bareDescriptor(id: finding.rule, severity: finding.severity))
            }
        }

        var results: [JSONValue] = []
        var notifications: [JSONValue] = []
        if let notice {
            notifications.append(["level": "warning", "message": ["text": .string(notice)]])
        }
        var listed = 0
        var total = 0
        for (artifactIndex, input) in inputs.enumerated() {
            let artifact = Artifact(uri: Self.uri(relativePath(of: input.path)), index: artifactIndex)
            if let error = input.error {
                let failureRule = Self.inputFailureRule
                if indices[failureRule] == nil {
                    indices[failureRule] = descriptors.count
                    descriptors.append(
                        bareDescriptor(
                            id: failureRule, severity: .error,
                            title: "The input could not be checked",
                            help: "bundlecheck could not open or read this package, so none of its rules ran."
                        ))
                }
                notifications.append([
                    "level": "error",
                    "message": ["text": .string(error.description)],
                    "descriptor": ["id": .string(error.code)],
                ])
                // Without a result, an upload would mark every open alert of this input fixed.
                results.append([
                    "ruleId": .string(failureRule),
                    "ruleIndex": .integer(Int64(indices[failureRule] ?? 0)),
                    "level": "error",
                    "message": ["text": .string("The input could not be checked: \(error.description)")],
                    "locations": [location(artifact: artifact, logical: nil, line: nil)],
                    "partialFingerprints": .object([
                        .init(Self.fingerprintKey, .string(Self.fingerprint(input: input.path, parts: [failureRule, error.code])))
                    ]),
                ])
            }
            total += input.findings.count
            for finding in input.findings.prefix(max(0, Self.maximumResults - results.count)) {
                results.append(result(finding, ruleIndex: indices[finding.rule] ?? 0, artifact: artifact, input: input))
                listed += 1
            }
        }
        if listed < total {
            notifications.append([
                "level": "warning",
                "message": [
                    "text": .string("only the first \(listed) of \(total) findings are listed: GitHub accepts at most \(Self.maximumResults) results per run")
                ],
            ])
        }

        var invocation: [JSONValue.Member] = [.init("executionSuccessful", .bool(inputs.allSatisfy { $0.error == nil }))]
        if !notifications.isEmpty {
            invocation.append(.init("toolExecutionNotifications", .array(notifications)))
        }
        return [
            "tool": ["driver": driver(report, rules: descriptors)],
            // Everything before the last `/` is the category GitHub keeps apart per input.
            "automationDetails": ["id": .string("bundlecheck/\(category)/")],
            "invocations": [.object(invocation)],
            "artifacts": .array(inputs.map { ["location": ["uri": .string(Self.uri(relativePath(of: $0.path)))]] }),
            "results": .array(results),
        ]
    }

    /// An input as the run's artifact (its URI and its place in `artifacts`), or a file of a
    /// directory input, which is not listed.
    private struct Artifact {
        let uri: String
        let index: Int?
    }

    private func driver(_ report: Report, rules descriptors: [JSONValue]) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("name", "bundlecheck"),
            .init("semanticVersion", .string(report.toolVersion)),
        ]
        if let documentationBaseURL {
            members.append(.init("informationUri", .string(documentationBaseURL)))
        }
        members.append(.init("rules", .array(descriptors)))
        return .object(members)
    }

    // MARK: Rules

    private func ruleDescriptor(_ rule: RuleDefinition) -> JSONValue {
        var tags = [rule.category]
        for code in rule.appleCodes where !tags.contains(code) {
            tags.append(code)
        }
        let rationale = rule.rationale.trimmingCharacters(in: .whitespacesAndNewlines)
        let fix = rule.fix.trimmingCharacters(in: .whitespacesAndNewlines)
        // What Apple prints, so a code scanning alert can be matched to the upload's message.
        let apple = rule.appleMessages.map { "\($0.code): \($0.text)" }
        let appleText = apple.isEmpty ? "" : "\n\nApple says: " + apple.joined(separator: "\n")
        let appleMarkdown = apple.isEmpty ? "" : "\n\n**Apple says:** " + apple.map(Self.literalMarkdown).joined(separator: "  \n")
        return descriptor(
            id: rule.id,
            title: rule.title,
            full: rule.rationale,
            helpText: "\(rationale)\n\nFix: \(fix)\(appleText)",
            // Rule texts are plain prose: `&gt;` in one means those four characters, so markdown
            // gets `&`, `<` and `>` as entities and shows them as written.
            helpMarkdown: "\(Self.literalMarkdown(rationale))\n\n**Fix:** \(Self.literalMarkdown(fix))\(appleMarkdown)",
            severity: rule.severity,
            tags: tags
        )
    }

    /// A rule known only by its id (or bundlecheck's own for failed inputs).
    private func bareDescriptor(id: String, severity: Severity, title: String? = nil, help: String? = nil) -> JSONValue {
        let text = help ?? "Reported by bundlecheck rule \(id)."
        return descriptor(id: id, title: title ?? id, full: text, helpText: text, helpMarkdown: text, severity: severity, tags: [])
    }

    private func descriptor(
        id: String, title: String, full: String, helpText: String, helpMarkdown: String, severity: Severity, tags: [String]
    ) -> JSONValue {
        // Rule files end their texts with a newline; SARIF viewers show it.
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let full = full.trimmingCharacters(in: .whitespacesAndNewlines)
        let helpText = helpText.trimmingCharacters(in: .whitespacesAndNewlines)
        let helpMarkdown = helpMarkdown.trimmingCharacters(in: .whitespacesAndNewlines)
        var members: [JSONValue.Member] = [
            .init("id", .string(id)),
            .init("name", .string(Self.truncated(Self.ruleName(id), to: Self.maximumNameLength))),
            .init("shortDescription", ["text": .string(Self.truncated(title, to: Self.maximumTextLength))]),
            .init("fullDescription", ["text": .string(Self.truncated(full, to: Self.maximumTextLength))]),
            .init("help", ["text": .string(helpText), "markdown": .string(helpMarkdown)]),
        ]
        if let documentationBaseURL {
            members.append(.init("helpUri", .string(documentationBaseURL + Self.uri(id))))
        }
        members.append(.init("defaultConfiguration", ["level": .string(Self.level(severity))]))
        members.append(.init("properties", ["tags": .array(tags.prefix(Self.maximumTags).map(JSONValue.string))]))
        return .object(members)
    }

    // MARK: Results

    private func result(_ finding: Finding, ruleIndex: Int, artifact: Artifact, input: InputReport) -> JSONValue {
        let inside = finding.file ?? finding.bundle
        var logical = inside
        if let inside, let keyPath = finding.keyPath {
            logical = "\(inside)#\(keyPath)"
        }
        var members: [JSONValue.Member] = [
            .init("ruleId", .string(finding.rule)),
            .init("ruleIndex", .integer(Int64(ruleIndex))),
            .init("level", .string(Self.level(finding.severity))),
            .init("message", ["text": .string(message(finding))]),
            .init("locations", [location(of: finding, in: input, artifact: artifact, logical: logical)]),
            .init(
                "partialFingerprints",
                .object(
                    [.init(Self.fingerprintKey, .string(Self.fingerprint(input: input.path, parts: [finding.fingerprint])))]
                        // A secret's own fingerprint, the one its finding prints and an ignore entry names.
                        + (finding.secret.map { [JSONValue.Member(Self.secretFingerprintKey, .string($0))] } ?? []))),
        ]
        if let suppression = finding.suppression {
            // Both a baseline and the configuration live outside the package: `external`.
            members.append(
                .init(
                    "suppressions",
                    [
                        [
                            "kind": "external",
                            "status": "accepted",
                            "justification": .string(suppression.reason),
                        ]
                    ]))
        }
        if !finding.appleCodes.isEmpty {
            members.append(.init("properties", ["appleCodes": .array(finding.appleCodes.map(JSONValue.string))]))
        }
        return .object(members)
    }

    /// The message with where in the package: GitHub shows only the package as the location.
    private func message(_ finding: Finding) -> String {
        var place: [String] = []
        if let inside = finding.file ?? finding.bundle { place.append("in \(inside)") }
        if let keyPath = finding.keyPath { place.append("at \(keyPath.displayed)") }
        if let line = finding.line { place.append("line \(line)") }
        guard !place.isEmpty else { return finding.message }
        return "\(finding.message) (\(place.joined(separator: ", ")))"
    }

    /// A finding of a directory input whose file is on disk points at that file, with its line;
    /// otherwise at the package, without a region: the line is of a file inside it.
    private func location(of finding: Finding, in input: InputReport, artifact: Artifact, logical: String?) -> JSONValue {
        if let inner = finding.file, let path = ReportPaths.fileOnDisk(inner, of: input),
            fileExists(ReportPaths.absolute(path, from: paths.currentDirectory))
        {
            return location(artifact: Artifact(uri: Self.uri(relativePath(of: path)), index: nil), logical: logical, line: finding.line)
        }
        return location(artifact: artifact, logical: logical, line: nil)
    }

    private func location(artifact: Artifact, logical: String?, line: Int?) -> JSONValue {
        var artifactLocation: [JSONValue.Member] = [.init("uri", .string(artifact.uri))]
        if let index = artifact.index {
            artifactLocation.append(.init("index", .integer(Int64(index))))
        }
        var physical: [JSONValue.Member] = [.init("artifactLocation", .object(artifactLocation))]
        if let line, line >= 1 {
            physical.append(.init("region", ["startLine": .integer(Int64(line))]))
        }
        var members: [JSONValue.Member] = [.init("physicalLocation", .object(physical))]
        if let logical {
            members.append(.init("logicalLocations", [["fullyQualifiedName": .string(logical), "kind": "resource"]]))
        }
        return .object(members)
    }

    // MARK: Helpers

    /// Text markdown shows as written: `&`, `<` and `>` as entities.
    static func literalMarkdown(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// Hashes the input's file name with the finding's own fingerprint, so one finding in
    /// `App-Dev.ipa` and `App-Prod.ipa` gives two alerts, not one that flips between them.
    static func fingerprint(input: String, parts: [String]) -> String {
        Fingerprint.of([PackagePath.name(input)] + parts)
    }

    /// `version-mismatch` → `VersionMismatch`: SARIF's `name` is an identifier, not a title.
    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// At most `limit` UTF-16 units (GitHub counts as JavaScript does), cut between characters.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        var kept = ""
        var count = 0
        for character in text {
            let size = character.utf16.count
            if count + size > limit - 1 { break }
            kept.append(character)
            count += size
        }
        return kept + "…"
    }

    /// The input's path relative to the working directory, with `/`; absolute when outside it.
    func relativePath(of path: String) -> String {
        paths.relative(path.replacingOccurrences(of: "\\", with: "/"))
    }

    /// A URI reference for a path: relative ones stay relative, absolute ones become `file://`.
    static func uri(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=@".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
