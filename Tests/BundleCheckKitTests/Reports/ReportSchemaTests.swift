import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// `docs/report.schema.json` describes what `JSONReporter` writes, and rejects what it does not.
@Suite(.serialized) struct ReportSchemaTests {
    static let sample = JSONReporter().document(for: SampleReport.make())

    /// A report broken in one way, and where the validator must say it is broken.
    enum Violation: CaseIterable, CustomTestStringConvertible, Sendable {
        case missingField
        case extraField
        case wrongSeverity
        case keyPathWithoutLeadingSlash
        case keyPathWithBadEscape
        case malformedAppleCode
        case errorWithoutMessage
        case unknownBundleKind
        case negativeSize
        case futureSchemaVersion

        var testDescription: String { "\(self)" }

        var report: JSONValue {
            let finding: [JSONStep] = ["inputs", 0, "findings", 0]
            switch self {
            case .missingField: return sample.removing(finding + ["fingerprint"])
            case .extraField: return sample.setting(["inputs", 0, "bundles", 0, "teamIdentifier"], to: "ABCDE12345")
            case .wrongSeverity: return sample.setting(finding + ["severity"], to: "fatal")
            case .keyPathWithoutLeadingSlash: return sample.setting(finding + ["keyPath"], to: "CFBundleVersion")
            case .keyPathWithBadEscape: return sample.setting(finding + ["keyPath"], to: "/NSExtension/a~2b")
            case .malformedAppleCode: return sample.setting(finding + ["appleCodes"], to: ["ITMS-9047"])
            case .errorWithoutMessage: return sample.removing(["inputs", 1, "error", "message"])
            case .unknownBundleKind: return sample.setting(["inputs", 0, "bundles", 0, "kind"], to: "plugin")
            case .negativeSize: return sample.setting(["inputs", 0, "size"], to: -1)
            case .futureSchemaVersion: return sample.setting(["schemaVersion"], to: 2)
            }
        }

        /// The JSON path the validator must name.
        var reportedPath: String {
            switch self {
            case .missingField: "$.inputs[0].findings[0]:"
            case .extraField: "$.inputs[0].bundles[0]:"
            case .wrongSeverity: "$.inputs[0].findings[0].severity:"
            case .keyPathWithoutLeadingSlash, .keyPathWithBadEscape: "$.inputs[0].findings[0].keyPath:"
            case .malformedAppleCode: "$.inputs[0].findings[0].appleCodes[0]:"
            case .errorWithoutMessage: "$.inputs[1].error:"
            case .unknownBundleKind: "$.inputs[0].bundles[0].kind:"
            case .negativeSize: "$.inputs[0].size:"
            case .futureSchemaVersion: "$.schemaVersion:"
            }
        }
    }

    static let validatorAvailable = ReportValidator.canRun || ReportValidator.isCI

    private func text(_ value: JSONValue) -> String {
        JSONWriter().string(from: value)
    }

    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: ReportValidator.schemaURL)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    // MARK: With Python's jsonschema

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func sampleReportIsValid() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let outcome = try ReportValidator.validate([JSONReporter().render(SampleReport.make())])
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func aReportWithAnArchiveAndASigningCertificateIsValid() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        // An archive judged by no distribution, then by a stated one; both carry signing certificates.
        let package = try FixturePackage.xcarchive(ArchiveDistributionTests.developmentSigned(), name: "Notes")
        let unstated = try inspect(package, named: "Notes.xcarchive.zip")
        let stated = try inspect(package, named: "Notes.xcarchive.zip", settings: InspectionSettings(distribution: .adHoc))
        #expect(unstated.distribution?.checked == nil && stated.distribution?.checked == .adHoc)
        #expect(unstated.bundles.allSatisfy { $0.signing?.signingCertificate != nil })
        let outcome = try ReportValidator.validate([JSONReporter().render(Report(toolVersion: "1.0.0", inputs: [unstated, stated]))])
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func aReportWithEveryInventoryFieldFilledIsValid() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let input = try inspect(JSONReportInventoryTests.package(JSONReportInventoryTests.everything))
        let app = try #require(input.bundles.first { $0.path == JSONReportInventoryTests.appPath })
        // Every field has values for the schema to judge, not only empty lists.
        #expect(app.purposeStrings?.isEmpty == false && app.urlSchemes?.isEmpty == false && app.queriedSchemes?.isEmpty == false)
        #expect(app.documentTypes?.isEmpty == false && app.signing?.libraries.isEmpty == false && app.requiredReasonAPIs?.isEmpty == false)
        #expect(input.bundles.filter { $0.activationRuleText != nil }.count == 2)
        let outcome = try ReportValidator.validate([JSONReporter().render(Report(toolVersion: "1.0.0", inputs: [input]))])
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func reportOnStandardInputIsValidated() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let valid = try ReportValidator.validateStandardInput(JSONReporter().render(SampleReport.make()))
        #expect(valid.status == 0, "\(valid.output)")
        let invalid = try ReportValidator.validateStandardInput(text(Violation.wrongSeverity.report))
        #expect(invalid.status == 1, "\(invalid.output)")
        #expect(invalid.output.contains("<stdin>: $.inputs[0].findings[0].severity:"), "\(invalid.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"), arguments: Violation.allCases)
    func brokenReportIsRejected(violation: Violation) throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let outcome = try ReportValidator.validate([text(violation.report)])
        #expect(outcome.status == 1, "\(outcome.output)")
        #expect(outcome.output.contains(violation.reportedPath), "\(outcome.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func oneBadReportAmongGoodOnesFailsTheRun() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let good = JSONReporter().render(SampleReport.make())
        let outcome = try ReportValidator.validate([good, "{\"schemaVersion\": 1,", good])
        #expect(outcome.status == 1, "\(outcome.output)")
        #expect(outcome.output.contains("not valid JSON"), "\(outcome.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func missingJSONSchemaExitsWithTwoAndSaysHowToInstallIt() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let outcome = try ReportValidator.validateWithoutJSONSchema(JSONReporter().render(SampleReport.make()))
        #expect(outcome.status == 2, "\(outcome.output)")
        #expect(outcome.output.contains("pip install jsonschema"), "\(outcome.output)")
    }

    // MARK: Without Python

    @Test func fieldOrderIsTheOrderOfEachSchemaRequiredList() throws {
        let schema = try schema()
        var checked = 0
        checkOrder(of: Self.sample, against: schema, root: schema, at: "$", checked: &checked)
        // The report, tool, summary, 2 inputs, 1 error, 1 distribution, 2 bundles, 6 findings,
        // the app's privacy manifest with its one accessed API type and one collected data type,
        // the app's toolchain, the suppression of the finding the baseline lists, the app's 2
        // purpose strings, its document type and required-reason API, and the extension's
        // activation rule.
        #expect(checked == 25)
    }

    @Test func theInventoryOfARealPackageFollowsTheSchemasOrder() throws {
        let schema = try schema()
        let input = try inspect(JSONReportInventoryTests.package(JSONReportInventoryTests.everything))
        var document = JSONReporter().document(for: Report(toolVersion: "1.0.0", inputs: [input]))
        // The entitlements' dictionary is the signature's, in its own order.
        for index in input.bundles.indices {
            document = document.setting(["inputs", 0, "bundles", JSONStep.index(index), "entitlements", "dictionary"], to: .null)
        }
        var checked = 0
        checkOrder(of: document, against: schema, root: schema, at: "$", checked: &checked)
        let inventory = input.bundles.map { bundle in
            (bundle.purposeStrings?.count ?? 0) + (bundle.documentTypes?.count ?? 0) + (bundle.activationRuleText == nil ? 0 : 1)
                + (bundle.signing?.libraries.count ?? 0) + (bundle.requiredReasonAPIs?.count ?? 0)
        }.reduce(0, +)
        // 3 purpose strings, 2 document types, 2 activation rules, 1 library, 3 categories.
        #expect(inventory == 11)
        #expect(checked > inventory + input.bundles.count)
    }

    @Test func schemaEnumsListEveryCaseOfTheModel() throws {
        let schema = try schema()
        func enumeration(_ path: String...) -> [String?]? {
            var node: Any? = schema
            for key in path { node = (node as? [String: Any])?[key] }
            return (node as? [Any])?.map { $0 as? String }
        }
        #expect(enumeration("$defs", "bundle", "properties", "kind", "enum") == BundleKind.allCases.map(\.rawValue))
        #expect(enumeration("$defs", "finding", "properties", "severity", "enum") == Severity.allCases.map(\.rawValue))
        #expect(enumeration("$defs", "finding", "properties", "suppression", "properties", "kind", "enum") == Suppression.Kind.allCases.map(\.rawValue))
        #expect(enumeration("$defs", "input", "properties", "kind", "enum") == Self.allInputKinds.map(\.rawValue) + [nil])
        #expect(enumeration("$defs", "input", "properties", "container", "enum") == Self.allStorages.map(\.rawValue) + [nil])
        #expect(enumeration("$defs", "input", "properties", "distribution", "properties", "checked", "enum") == Distribution.allCases.map(\.rawValue) + [nil])
        #expect(enumeration("$defs", "bundle", "properties", "profile", "properties", "kind", "enum") == ProfileKind.allCases.map(\.rawValue))
        let version = (schema["properties"] as? [String: Any])?["schemaVersion"] as? [String: Any]
        #expect((version?["const"] as? NSNumber)?.intValue == Report.schemaVersion)
    }

    /// Every `InputKind`; the switch stops compiling when a case is added, so the list cannot lag.
    static var allInputKinds: [InputKind] {
        switch InputKind.ipa {
        case .ipa, .xcarchive, .app, .installerPackage: [.ipa, .xcarchive, .app, .installerPackage]
        }
    }

    /// Every `ContainerStorage`, kept complete the same way.
    static var allStorages: [ContainerStorage] {
        switch ContainerStorage.zip {
        case .zip, .directory, .installerPackage: [.zip, .directory, .installerPackage]
        }
    }

    /// Walks the document and the schema together, expecting each object's keys in the order of its `required`.
    private func checkOrder(of value: JSONValue, against node: [String: Any], root: [String: Any], at path: String, checked: inout Int) {
        var node = node
        while let reference = node["$ref"] as? String, reference.hasPrefix("#/$defs/") {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard let target = (root["$defs"] as? [String: Any])?[name] as? [String: Any] else {
                Issue.record("\(path): unresolved \(reference)")
                return
            }
            node = target
        }
        switch value {
        case .object(let members):
            checked += 1
            #expect(members.map(\.key) == node["required"] as? [String], "\(path)")
            let properties = node["properties"] as? [String: Any] ?? [:]
            for member in members {
                guard let property = properties[member.key] as? [String: Any] else { continue }
                checkOrder(of: member.value, against: property, root: root, at: "\(path).\(member.key)", checked: &checked)
            }
        case .array(let elements):
            guard let items = node["items"] as? [String: Any] else { return }
            for (index, element) in elements.enumerated() {
                checkOrder(of: element, against: items, root: root, at: "\(path)[\(index)]", checked: &checked)
            }
        default:
            break
        }
    }
}
