import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

/// `--quiet`, and identical findings shown once with their places.
@Suite struct TextReporterGroupingTests {
    static func bundle(_ path: String, kind: BundleKind = .app) -> InspectedBundle {
        var plist = PlistDictionary()
        plist.append(key: "CFBundleIdentifier", value: .string("com.example.\(kind.rawValue)"))
        return InspectedBundle(
            path: path, kind: kind, parent: nil, infoPlistPath: "\(path)/Info.plist",
            infoPlist: PropertyListDocument(format: .xml, root: .dictionary(plist))
        )
    }

    static func unexpanded(at key: String, value: String = "$(PRODUCT_NAME)", bundle: String = "Payload/A.app") -> Finding {
        Finding(
            rule: "unexpanded-variable", severity: .error, message: "'\(value)' holds a build setting that Xcode did not expand",
            bundle: bundle, file: "\(bundle)/Info.plist", keyPath: JSONPointer(components: [key]), line: nil, appleCodes: []
        )
    }

    static func report(_ findings: [Finding], bundles: [InspectedBundle] = [bundle("Payload/A.app")]) -> Report {
        let input = InputReport(
            path: "A.ipa", kind: .ipa, container: .zip, size: 10, error: nil, bundles: bundles, findings: findings,
            distribution: DistributionAssumption(checked: .appStore, basis: .inputKind)
        )
        return Report(toolVersion: "1", inputs: [input])
    }

    @Test func identicalFindingsAreShownOnceWithTheirFirstPlaces() {
        let keys = (1...8).map { "Key\($0)" }
        let output = TextReporter(color: false).render(Self.report(keys.map { Self.unexpanded(at: $0) }))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.contains("error[unexpanded-variable]") } == [
                "    error[unexpanded-variable]: '$(PRODUCT_NAME)' holds a build setting that Xcode did not expand (8 places)"
            ])
        #expect(lines.filter { $0.hasPrefix("      --> ") }.count == TextReporter.placesShown)
        #expect(lines.contains("      ... and 3 more places"))
        // Counts stay counts of findings.
        #expect(output.contains("1 input, 1 bundle: 8 errors, 0 warnings, 0 notes"))
    }

    @Test func differentMessagesOrBundlesAreNotGrouped() {
        let findings = [
            Self.unexpanded(at: "A"), Self.unexpanded(at: "B", value: "$(OTHER)"),
            Self.unexpanded(at: "A", bundle: "Payload/A.app/PlugIns/E.appex"),
        ]
        let bundles = [Self.bundle("Payload/A.app"), Self.bundle("Payload/A.app/PlugIns/E.appex", kind: .appex)]
        let output = TextReporter(color: false).render(Self.report(findings, bundles: bundles))
        #expect(output.components(separatedBy: "error[unexpanded-variable]").count == 4)
        #expect(!output.contains("places"))
    }

    @Test func groupingKeepsTheOrderOfFirstOccurrence() {
        let groups = FindingGroup.grouping([
            Self.unexpanded(at: "A", value: "$(X)"), Self.unexpanded(at: "B", value: "$(Y)"), Self.unexpanded(at: "C", value: "$(X)"),
        ])
        #expect(groups.map(\.findings.count) == [2, 1])
        #expect(
            groups.map(\.first.message) == [
                "'$(X)' holds a build setting that Xcode did not expand", "'$(Y)' holds a build setting that Xcode did not expand",
            ])
    }

    @Test func quietLeavesOutTheInventoryButNotTheFindingsOrVerdict() {
        let bundles = [Self.bundle("Payload/A.app"), Self.bundle("Payload/A.app/PlugIns/Clean.appex", kind: .appex)]
        let report = Self.report([Self.unexpanded(at: "CFBundleName")], bundles: bundles)
        let full = TextReporter(color: false).render(report)
        let quiet = TextReporter(color: false, quiet: true).render(report)
        #expect(full.contains("checked for app-store distribution"))
        #expect(full.contains("Clean.appex"))
        #expect(full.contains("com.example.app"))
        #expect(!quiet.contains("checked for app-store distribution"))
        #expect(!quiet.contains("Clean.appex"))
        #expect(!quiet.contains("com.example.app"))
        #expect(quiet.contains("  app Payload/A.app (iOS)\n    error[unexpanded-variable]: '$(PRODUCT_NAME)'"))
        #expect(quiet.contains("      --> Payload/A.app/Info.plist  /CFBundleName"))
        #expect(
            quiet.hasSuffix(
                "1 input, 2 bundles: 1 error, 0 warnings, 0 notes\nFAILED: 1 error in 1 of 1 input\n" + ReportVerdict.explainHint(rule: "unexpanded-variable")
                    + "\n"))
    }
}
