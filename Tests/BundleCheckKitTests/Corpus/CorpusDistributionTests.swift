import Foundation
import Testing

/// The distribution a real package is judged by, through the whole command: the corpus archive
/// (development-signed by Xcode) gives no distribution-dependent findings unless a distribution
/// is stated; the signed IPAs' certificates and profiles are judged for ad-hoc distribution.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusDistributionTests {
    static let distributionRules: Set<String> = [
        "profile-kind", "get-task-allow", "aps-environment", "profile-expired", "profile-expiring", "certificate-expired",
    ]

    /// Runs the command with `arguments` then `package`; the report, and the rule of each finding.
    static func run(_ arguments: [String], _ package: String) throws -> (report: ReportJSON, rules: [String], text: String)? {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return nil }
        let (_, json) = CapturingConsole.run(["--format", "json"] + arguments + [path])
        let report = try ReportJSON(json.output)
        let (_, text) = CapturingConsole.run(arguments + [path])
        return (report, report.findings.compactMap { $0["rule"] as? String }, text.output)
    }

    /// The SDK, icon, purpose-string, launch-screen and document-type rules, which these old builds
    /// also fail whatever the distribution (`CorpusToolchainTests` and the purpose-string corpus
    /// tests pin them; fastlane's archive holds no compiled launch storyboard, and its document
    /// type has no LSHandlerRank, nor the app LSSupportsOpeningDocumentsInPlace).
    static let uploadRequirementRules: Set<String> = ["sdk-too-old", "app-icon-missing", "purpose-string-missing", "launch-screen-missing", "document-types"]

    static func distribution(of report: ReportJSON) -> [String: Any]? {
        (report.root["inputs"] as? [[String: Any]])?.first?["distribution"] as? [String: Any]
    }

    @Test func theArchiveGivesNoDistributionFindingsByDefault() throws {
        guard let (report, rules, text) = try Self.run(["--now", "2026-11-30"], "fastlane/very-capable-app.xcarchive") else { return }
        #expect(Set(rules).isDisjoint(with: Self.distributionRules), "\(rules)")
        // The archive holds no executable: that finding does not depend on the distribution.
        #expect(rules.filter { !Self.uploadRequirementRules.contains($0) } == ["required-keys"])
        let distribution = try #require(Self.distribution(of: report))
        #expect(distribution["checked"] is NSNull)
        #expect(distribution["stated"] as? Bool == false)
        #expect(text.contains("\n  archive: development-signed; export re-signs it, so distribution checks are skipped (give --distribution to check them)\n"))
    }

    @Test func theArchiveGivesThemWithAStatedAppStoreDistribution() throws {
        guard let (report, rules, text) = try Self.run(["--now", "2026-11-30", "--distribution", "app-store"], "fastlane/very-capable-app.xcarchive") else {
            return
        }
        #expect(rules.filter { !Self.uploadRequirementRules.contains($0) }.sorted() == ["aps-environment", "profile-expired", "profile-kind", "required-keys"])
        let distribution = try #require(Self.distribution(of: report))
        #expect(distribution["checked"] as? String == "app-store")
        #expect(distribution["stated"] as? Bool == true)
        #expect(text.contains("\n  archive: development-signed; checked for app-store distribution, as stated\n"))
    }

    struct AdHoc: Sendable, CustomStringConvertible {
        let package: String
        let certificateExpired: Int
        let profileExpired: Int
        var description: String { package }
    }

    /// Judged for ad-hoc on 2026-11-30: the certificates of 2015 and Emerge's of July 2026 have
    /// expired, fastlane's self-signed one lasts until 2028; every profile expired already, so
    /// none is merely expiring. The archive holds no executable, hence no certificate.
    static let adHoc: [AdHoc] = [
        AdHoc(package: "sentry-cli/DemoApp.ipa", certificateExpired: 1, profileExpired: 1),
        AdHoc(package: "sentry-cli/two-apps.ipa", certificateExpired: 2, profileExpired: 2),
        AdHoc(package: "isign/SimpleSaucyApp.ipa", certificateExpired: 1, profileExpired: 1),
        AdHoc(package: "fastlane/ExampleProductName-cocoapods.ipa", certificateExpired: 1, profileExpired: 1),
        AdHoc(package: "fastlane/very-capable-app.ipa", certificateExpired: 0, profileExpired: 1),
        AdHoc(package: "fastlane/very-capable-app.xcarchive", certificateExpired: 0, profileExpired: 1),
        AdHoc(package: "fastlane/ContainsWatchApp.ipa", certificateExpired: 0, profileExpired: 0),
        AdHoc(package: "fastlane/iOSAppOnly.ipa", certificateExpired: 0, profileExpired: 0),
        AdHoc(package: "isign/TestSimulator.app.zip", certificateExpired: 0, profileExpired: 0),
    ]

    @Test(arguments: adHoc)
    func expiryForAdHocDistributionOnTheThirtiethOfNovember(_ expected: AdHoc) throws {
        guard let (_, rules, _) = try Self.run(["--now", "2026-11-30", "--distribution", "ad-hoc"], expected.package) else { return }
        #expect(rules.filter { $0 == "certificate-expired" }.count == expected.certificateExpired)
        #expect(rules.filter { $0 == "profile-expired" }.count == expected.profileExpired)
        #expect(!rules.contains("profile-expiring"))
    }

    @Test func emergesProfileIsExpiringThreeWeeksAhead() throws {
        // The profile and the certificate both end on 2026-07-10T16:40:44Z.
        guard let (report, rules, _) = try Self.run(["--now", "2026-06-20", "--distribution", "ad-hoc"], "sentry-cli/DemoApp.ipa") else { return }
        #expect(rules.filter { !Self.uploadRequirementRules.contains($0) }.sorted() == ["profile-expiring"])
        let message = try #require(report.findings("profile-expiring").first?["message"] as? String)
        #expect(message.contains("expires on 2026-07-10T16:40:44Z, in 20 days"))
        let bundle = try #require(((report.root["inputs"] as? [[String: Any]])?.first?["bundles"] as? [[String: Any]])?.first)
        let certificate = try #require(bundle["signingCertificate"] as? [String: Any])
        #expect(certificate["commonName"] as? String == "Apple Distribution: Emerge Tools, Inc. (62J2XHNK9T)")
        #expect(certificate["expires"] as? String == "2026-07-10T16:40:44Z")
    }
}
