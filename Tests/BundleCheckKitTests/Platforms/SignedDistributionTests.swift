import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// With no `--distribution` and no configuration, a Mac app or installer package is judged for
/// the channel its signature names (`SignedDistribution`, `platforms.yml`'s
/// `signature-decides`): a Developer ID build for developer-id, a Mac App Store one for the
/// store; a development or ad hoc signature, and every iOS build, keep the platform's App Store.
@Suite struct SignedDistributionTests {
    static let now = ISODateParser.parse("2026-12-01")!
    static let unstated = InspectionSettings(now: now)

    /// A Mac app as a notarized build ships: Developer ID Application certificate, hardened
    /// runtime, no profile, no category, no asset catalog.
    static func macApp(certificate: String?, hardenedRuntime: Bool = true, layout: String = "app", installer: String = "") throws -> FixturePackage {
        let certificateLine = certificate.map { "\n    certificate: {name: \"\($0)\"}" } ?? ""
        return try FixtureDescriptionSupport.describe(
            """
            layout: \(layout)
            app:
              name: Notes
              platform: macos
              executable:
                hardened-runtime: \(hardenedRuntime)\(certificateLine)
                entitlements:
                  com.apple.security.app-sandbox: !bool true
            \(installer)
            """)
    }

    static let developerID = "Developer ID Application: Example Team (ABCDE12345)"

    /// An installer package as `bundlecheck` reads it: written with `write(to:)`, not zipped.
    static func inspectPackage(_ package: FixturePackage) throws -> InputReport {
        let directory = try TemporaryDirectory()
        try package.write(to: directory.path("Notes.pkg"))
        return PackageInspector(settings: unstated).inspect(path: directory.path("Notes.pkg"))
    }

    static func text(_ report: InputReport) -> String {
        TextReporter.distribution(try! #require(report.distribution), of: report)
    }

    @Test func aDeveloperIDMacAppIsCheckedForDeveloperIDAndTheReportSaysWhy() throws {
        let report = try inspect(try Self.macApp(certificate: Self.developerID), named: "Notes.app.zip", settings: Self.unstated)
        #expect(report.distribution == DistributionAssumption(checked: .developerID, basis: .signature("Developer ID Application certificate")))
        #expect(report.findings.map(\.rule) == [])
        #expect(
            Self.text(report)
                == "checked for developer-id distribution, as its Developer ID Application certificate says (give --distribution if it ships otherwise)")
    }

    @Test func itsOneRealProblemShowsWithoutDistribution() throws {
        let report = try inspect(try Self.macApp(certificate: Self.developerID, hardenedRuntime: false), named: "Notes.app.zip", settings: Self.unstated)
        #expect(report.findings.map(\.rule) == ["hardened-runtime-missing"])
    }

    @Test func aStatedDistributionWinsOverTheSignature() throws {
        let stated = InspectionSettings(distribution: .macAppStore, now: Self.now)
        let report = try inspect(try Self.macApp(certificate: Self.developerID), named: "Notes.app.zip", settings: stated)
        #expect(report.distribution == DistributionAssumption(checked: .macAppStore, basis: .stated))
        // Judged for the store, it gets what the issue saw without --distribution.
        #expect(Set(report.findings.map(\.rule)).isSuperset(of: ["certificate-kind", "mac-app-category"]))
    }

    @Test func aMacAppStoreProfileOrDistributionCertificateMeansTheStore() throws {
        let profiled = try inspect(try ExamplePackages.paiNotesMac(shareShortVersion: "1.2"), named: "PaiNotes.app.zip", settings: Self.unstated)
        #expect(profiled.distribution == DistributionAssumption(checked: .macAppStore, basis: .signature("mac-app-store provisioning profile")))
        for name in ["Apple Distribution: Example Team (ABCDE12345)", "3rd Party Mac Developer Application: Example Team (ABCDE12345)"] {
            let report = try inspect(try Self.macApp(certificate: name), named: "Notes.app.zip", settings: Self.unstated)
            let kind = name.hasPrefix("Apple") ? "Apple Distribution" : "Mac App Distribution"
            #expect(report.distribution == DistributionAssumption(checked: .macAppStore, basis: .signature("\(kind) certificate")))
        }
    }

    @Test func aDevelopmentOrAdHocSignatureKeepsTheDefault() throws {
        for certificate in ["Apple Development: Example Dev (ABCDE12345)", nil] {
            let report = try inspect(try Self.macApp(certificate: certificate), named: "Notes.app.zip", settings: Self.unstated)
            #expect(report.distribution == DistributionAssumption(checked: .macAppStore, basis: .inputKind))
            #expect(Self.text(report).hasSuffix("by default (give --distribution if it ships otherwise)"))
        }
    }

    @Test func anIOSAppKeepsTheAppStoreWhateverItsProfile() throws {
        let report = try inspect(
            try FixtureDescriptionSupport.describe(
                """
                app:
                  name: Notes
                  profile: {kind: ad-hoc}
                """), settings: Self.unstated)
        #expect(report.bundles.first?.signing?.profile?.kind == .adHoc)
        #expect(report.distribution == DistributionAssumption(checked: .appStore, basis: .inputKind))
    }

    @Test func anInstallerPackageIsJudgedByItsInstallerCertificate() throws {
        let developerID = try Self.inspectPackage(
            try Self.macApp(certificate: Self.developerID, layout: "pkg", installer: "installer: {signer: developer-id}"))
        #expect(developerID.distribution == DistributionAssumption(checked: .developerID, basis: .signature("Developer ID Installer certificate")))
        #expect(developerID.findings.map(\.rule) == [])
        // The installer's signature is what ships: it wins over the app's.
        let store = try Self.inspectPackage(
            try Self.macApp(certificate: Self.developerID, layout: "pkg", installer: "installer: {signer: mac-installer-distribution}"))
        #expect(store.distribution == DistributionAssumption(checked: .macAppStore, basis: .signature("Mac Installer Distribution certificate")))
    }

    @Test func theJSONReportCarriesWhatInTheSignatureChoseIt() throws {
        let report = try inspect(try Self.macApp(certificate: Self.developerID), named: "Notes.app.zip", settings: Self.unstated)
        let json = JSONReporter().render(Report(toolVersion: "test", inputs: [report]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let input = try #require((object["inputs"] as? [[String: Any]])?.first)
        let distribution = try #require(input["distribution"] as? [String: Any])
        #expect(distribution["checked"] as? String == "developer-id")
        #expect(distribution["stated"] as? Bool == false)
        #expect(distribution["signature"] as? String == "Developer ID Application certificate")
    }
}
