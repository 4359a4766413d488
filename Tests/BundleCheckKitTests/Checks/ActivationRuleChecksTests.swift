import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

@Suite struct ActivationRuleChecksTests {
    static let pointer = "/NSExtension/NSExtensionAttributes/NSExtensionActivationRule"

    static func package(rule: PlistValue, point: String = "com.apple.share-services") throws -> FixturePackage {
        var attributes = PlistDictionary()
        attributes.append(key: "NSExtensionActivationRule", value: rule)
        var urlType = PlistDictionary()
        urlType.append(key: "CFBundleURLSchemes", value: .array([.string("notes")]))
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.notes.share", extensionPoint: point, attributes: attributes)
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .setting("CFBundleURLTypes", to: .array([.dictionary(urlType)]))
            .adding(share, in: "PlugIns")
        return try .ipa(app)
    }

    static func activationFindings(_ report: InputReport) -> [Finding] {
        report.findings.filter { $0.rule.hasPrefix("activation-rule-") }
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
    func netNewsWireShareRuleIsAcceptedAndListsWhatItTakes() throws {
        guard let path = RepositoryPaths.corpusOrSkip("netnewswire/iOS/ShareExtension/Info.plist") else { return }
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let plist = try PropertyListParser.parse(bytes, file: path)
        let rule = try #require(plist.value(at: JSONPointer(parsing: Self.pointer)!))
        let report = try inspect(Self.package(rule: rule))
        #expect(Self.activationFindings(report).isEmpty)
        let share = try #require(report.bundles.last)
        #expect(share.accepts == [ActivationRuleAcceptedType(type: "public.url", max: 1), ActivationRuleAcceptedType(type: "public.text", max: nil)])
    }

    @Test func seedPredicateIsAcceptedAndListsItsFourTypes() throws {
        let report = try inspect(Self.package(rule: .string(ExamplePackages.paiNotesActivationRule), point: "com.apple.ui-services"))
        #expect(Self.activationFindings(report).isEmpty)
        #expect(report.bundles.last?.accepts?.map(\.type) == ["com.adobe.pdf", "public.image", "public.zip-archive", "com.pkware.zip-archive"])
        #expect(report.bundles.last?.accepts?.map(\.max) == [1, 1, 1, 1])
        #expect(report.bundles.first?.accepts == nil)
    }

    @Test func truePredicateFailsTheRun() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("True.ipa")
        try Self.package(rule: .string("TRUEPREDICATE")).writeZip(to: path)
        let (status, console) = CapturingConsole.run(["--format", "json", path])
        #expect(status == .findings)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        let findings = try #require((report["inputs"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
        let truePredicate = findings.filter { $0["rule"] as? String == "activation-rule-truepredicate" }
        #expect(truePredicate.count == 1)
        #expect(truePredicate.first?["appleCodes"] as? [String] == ["ITMS-90362"])
        #expect(truePredicate.first?["keyPath"] as? String == Self.pointer)
    }

    @Test func brokenPredicateIsInvalidWithColumnExcerptAndPlistLine() throws {
        let predicate = "SUBQUERY(extensionItems, $item,\n  $item.attachments.@count >= 1).@count == 1 &&"
        let report = try inspect(Self.package(rule: .string(predicate)))
        let invalid = Self.activationFindings(report).filter { $0.rule == "activation-rule-invalid" }
        let finding = try #require(invalid.first)
        #expect(invalid.count == 1)
        #expect(finding.keyPath?.description == Self.pointer)
        #expect(finding.appleCodes == ["ITMS-90362"])
        // The error sits just past the final "&&": what should follow it is missing.
        #expect(finding.column == 48)
        #expect(finding.excerpt == "  $item.attachments.@count >= 1).@count == 1 &&\n" + String(repeating: " ", count: 47) + "^")
        // The predicate starts on the <string> element's line; the error is on its second line.
        let share = try #require(report.bundles.last?.infoPlist)
        let valueLine = try #require(share.line(of: JSONPointer(parsing: Self.pointer)!))
        #expect(finding.line == valueLine + 1)
    }

    @Test func wrongValueTypesCarryTheTypeCode() throws {
        var rule = PlistDictionary()
        rule.append(key: "NSExtensionActivationSupportsText", value: .integer(PlistInteger(1)))
        let report = try inspect(Self.package(rule: .dictionary(rule)))
        let invalid = Self.activationFindings(report).filter { $0.rule == "activation-rule-invalid" }
        #expect(invalid.map(\.appleCodes) == [["ITMS-90361"]])
        #expect(invalid.first?.keyPath?.description == Self.pointer + "/NSExtensionActivationSupportsText")
    }

    @Test func otherExtensionPointsMayUseTruePredicate() throws {
        let report = try inspect(Self.package(rule: .string("TRUEPREDICATE"), point: "com.apple.fileprovider-actionsui"))
        #expect(Self.activationFindings(report).isEmpty)
        #expect(report.bundles.last?.accepts == nil)
    }
}
