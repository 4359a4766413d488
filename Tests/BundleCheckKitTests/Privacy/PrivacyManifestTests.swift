import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// Where manifests are found and what counts, the summary in the inventory, and the reports.
@Suite struct PrivacyManifestTests {
    @Test(arguments: [
        ("PrivacyInfo.xcprivacy", BundleKind.app, PrivacyManifest.Placement.bundle),
        ("PrivacyInfo.xcprivacy", .framework, .bundle),
        ("FirebaseCore_Privacy.bundle/PrivacyInfo.xcprivacy", .app, .resourceBundle),
        ("Kit_Privacy.bundle/PrivacyInfo.xcprivacy", .appex, .resourceBundle),
        ("Kit_Privacy.bundle/PrivacyInfo.xcprivacy", .framework, .nonStandard),
        ("Outer.bundle/Inner.bundle/PrivacyInfo.xcprivacy", .app, .nonStandard),
        ("Resources/PrivacyInfo.xcprivacy", .app, .nonStandard),
        (".bundle/PrivacyInfo.xcprivacy", .app, .nonStandard),
    ])
    func placementDecidesWhetherAManifestCounts(path: String, kind: BundleKind, placement: PrivacyManifest.Placement) {
        #expect(PrivacyManifest.placement(of: path, in: kind) == placement)
    }

    @Test func eachBundleKeepsItsOwnManifestsAndTheInventoryMergesThoseThatCount() throws {
        let report = try inspect(PrivacyFixtures.package(PrivacyFixtures.healthy))
        let app = try #require(report.bundles.first { $0.path == "Payload/Notes.app" })
        #expect(
            app.privacyManifests.map(\.path) == [
                "Payload/Notes.app/FirebaseCore_Privacy.bundle/PrivacyInfo.xcprivacy",
                "Payload/Notes.app/PrivacyInfo.xcprivacy",
            ])
        let summary = try #require(app.privacyManifest)
        #expect(
            summary.accessedAPIs.map(\.category) == [
                "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryUserDefaults",
                "NSPrivacyAccessedAPICategoryFileTimestamp", "NSPrivacyAccessedAPICategorySystemBootTime",
            ])
        #expect(summary.accessedAPIs.first { $0.category.hasSuffix("UserDefaults") }?.reasons == ["CA92.1", "1C8F.1"])
        #expect(summary.tracking == false)
        #expect(summary.collectedDataTypes == ["NSPrivacyCollectedDataTypeCrashData"])
        #expect(
            summary.collectedData.map { "\($0.type) \($0.linked.map(String.init) ?? "-") \($0.tracking.map(String.init) ?? "-") \($0.purposes)" } == [
                "NSPrivacyCollectedDataTypeCrashData false false [\"NSPrivacyCollectedDataTypePurposeAppFunctionality\"]"
            ])
        let framework = try #require(report.bundles.first { $0.path.hasSuffix("VendorKit.framework") })
        #expect(framework.privacyManifest?.tracking == true)
        #expect(framework.privacyManifest?.trackingDomains == ["metrics.vendor.example"])
        let share = try #require(report.bundles.first { $0.kind == .appex })
        #expect(share.privacyManifest?.files == ["Payload/Notes.app/PlugIns/Share.appex/PrivacyInfo.xcprivacy"])
    }

    @Test func aManifestInsideAFrameworksResourceBundleIsKeptButDoesNotCount() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  frameworks:
                    - name: Kit
                      files:
                        - path: Kit_Privacy.bundle/PrivacyInfo.xcprivacy
                          plist: {NSPrivacyTracking: !bool false}
                """))
        let kit = try #require(report.bundles.first { $0.kind == .framework })
        #expect(kit.privacyManifests.map(\.placement) == [.nonStandard])
        #expect(kit.privacyManifest == nil)
        #expect(report.bundles.first { $0.kind == .app }?.privacyManifests.isEmpty == true)
    }

    @Test func findingsPointIntoTheManifestWithItsLines() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  privacy-manifest:
                    NSPrivacyAccessedAPITypes:
                      - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryDiskSpace
                        NSPrivacyAccessedAPITypeReasons: [CA92.1]
                """))
        let finding = try #require(report.findings("privacy-api-reason-invalid").first)
        #expect(finding.file == "Payload/Notes.app/PrivacyInfo.xcprivacy")
        #expect(finding.keyPath?.description == "/NSPrivacyAccessedAPITypes/0/NSPrivacyAccessedAPITypeReasons/0")
        #expect(finding.line != nil)
        #expect(finding.message.contains("CA92.1 is a reason of UserDefaults, not of DiskSpace"))
    }

    @Test func aDamagedManifestEntryIsZipDamageNotAnInvalidManifest() throws {
        var package = try PrivacyFixtures.package(
            """
            app:
              name: Notes
              privacy-manifest: {NSPrivacyTracking: !bool false}
            """)
        package.files = package.files.map { file in
            var copy = file
            copy.isDamaged = file.path.hasSuffix("PrivacyInfo.xcprivacy")
            return copy
        }
        let report = try inspect(package)
        #expect(report.findings("zip-entry-corrupt").map(\.file) == ["Payload/Notes.app/PrivacyInfo.xcprivacy"])
        #expect(report.privacyFindings.isEmpty)
    }

    @Test func anUnparseableManifestIsAFindingNotAnInputError() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  privacy-manifest: "bplist00 garbage"
                """))
        #expect(report.error == nil)
        let finding = try #require(report.findings("privacy-manifest-invalid").first)
        #expect(finding.keyPath == .root)
        #expect(finding.appleCodes == ["ITMS-91056"])
    }

    @Test func theTextReportShowsOneLinePerBundleWithAManifest() throws {
        let report = try inspect(PrivacyFixtures.package(PrivacyFixtures.healthy))
        let text = TextReporter(color: false).render(Report(toolVersion: "test", inputs: [report]))
        let lines = text.split(separator: "\n").filter { $0.contains("privacy manifest:") }
        #expect(lines.count == 4)
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "privacy manifest: DiskSpace (E174.1), UserDefaults (CA92.1, 1C8F.1), FileTimestamp (C617.1), SystemBootTime (35F9.1); no tracking; collects CrashData"
                )
            })
        #expect(lines.contains { $0.contains("tracking (1 domain)") })
    }

    @Test(.enabled(if: ReportSchemaTests.validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func theJSONReportOfManifestsMatchesTheSchema() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let report = try inspect(PrivacyFixtures.package(PrivacyFixtures.healthy))
        let json = JSONReporter().render(Report(toolVersion: "test", inputs: [report]))
        #expect(json.contains("\"accessedAPITypes\""))
        let outcome = try ReportValidator.validate([json])
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}
