import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Archives are judged as archives: without a stated distribution the six distribution-dependent
/// signing rules stay silent on an `.xcarchive` (its export re-signs it), and every other rule
/// still runs; a stated distribution brings them back; IPAs keep app-store as the default.
@Suite struct ArchiveDistributionTests {
    typealias Signed = SignedFixtures

    /// The six rules that judge by the distribution.
    static let distributionRules: Set<String> = [
        "profile-kind", "get-task-allow", "aps-environment", "profile-expired", "profile-expiring", "certificate-expired",
    ]

    /// An app and its share extension as Xcode archives them with automatic signing: development
    /// profiles (here expired in 2020), get-task-allow, the development push environment and a
    /// certificate that expired in 2025. The extension's build number lags behind (version-mismatch)
    /// and a .DS_Store sits in the app (junk-file): findings that do not depend on the distribution.
    static func developmentSigned() -> FixtureBundle {
        let expired = Date(timeIntervalSince1970: 1_577_836_800) // 2020-01-01
        var entitlements = PlistDictionary()
        entitlements.append(key: "get-task-allow", value: .bool(true))
        entitlements.append(key: "aps-environment", value: .string("development"))
        let signer = FixtureSigner.apple(Signed.certificate(expires: Date(timeIntervalSince1970: 1_735_689_600))) // 2025-01-01
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services", version: "229")
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes", version: "230")
            .adding(file: ".DS_Store", contents: [0])
        return Signed.signed(
            app, entitlements: entitlements, profile: Signed.profile(.development, identifier: "com.example.notes", expires: expired), signer: signer
        )
        .adding(
            Signed.signed(
                share, entitlements: entitlements, profile: Signed.profile(.development, identifier: "com.example.notes.share", expires: expired),
                signer: signer),
            in: "PlugIns"
        )
    }

    enum Storage: String, CaseIterable, Sendable {
        case zipped, directory
    }

    static func inspectArchive(_ storage: Storage, distribution: Distribution?) throws -> InputReport {
        let package = try FixturePackage.xcarchive(developmentSigned(), name: "Notes")
        let settings = InspectionSettings(distribution: distribution, now: Signed.now)
        switch storage {
        case .zipped: return try inspect(package, named: "Notes.xcarchive.zip", settings: settings)
        case .directory: return try inspectDirectory(package, named: "Notes.xcarchive", settings: settings)
        }
    }

    static func counts(_ report: InputReport) -> [String: Int] {
        report.findings.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }
    }

    @Test(arguments: Storage.allCases)
    func anArchiveWithoutAStatedDistributionSkipsTheDistributionRulesOnly(storage: Storage) throws {
        let report = try Self.inspectArchive(storage, distribution: nil)
        #expect(report.error == nil)
        #expect(report.kind == .xcarchive)
        #expect(report.distribution == DistributionAssumption(checked: nil, basis: .inputKind))
        #expect(Self.counts(report).keys.filter(Self.distributionRules.contains).isEmpty, "\(Self.counts(report))")
        // Everything else about the archive is checked as before.
        #expect(Self.counts(report)["version-mismatch"] == 1)
        #expect(Self.counts(report)["junk-file"] == 1)
        // The inventory still says how it is signed.
        #expect(report.bundles.map { $0.signing?.profile?.kind } == [.development, .development])
        #expect(report.bundles.first?.signing?.signingCertificate?.subject.commonName == "Apple Distribution: Example Team (ABCDE12345)")
    }

    @Test(arguments: Storage.allCases)
    func anArchiveCheckedForTheAppStoreGetsTheAppStoreFindingsBesideTheOthers(storage: Storage) throws {
        let report = try Self.inspectArchive(storage, distribution: .appStore)
        #expect(report.distribution == DistributionAssumption(checked: .appStore, basis: .stated))
        let counts = Self.counts(report)
        #expect(counts["profile-kind"] == 2)
        #expect(counts["get-task-allow"] == 2)
        #expect(counts["aps-environment"] == 2)
        #expect(counts["profile-expired"] == 2)
        // The App Store re-signs what it distributes: expiry ahead and the certificate are not its users' concern.
        #expect(counts["profile-expiring"] == nil)
        #expect(counts["certificate-expired"] == nil)
        #expect(counts["version-mismatch"] == 1)
        #expect(counts["junk-file"] == 1)
        // Findings on an archive point at the export, not at exporting again.
        let kind = try #require(report.findings("profile-kind").first)
        #expect(kind.message.contains("the archive is checked for app-store distribution"))
        #expect(kind.message.contains("check the exported package"))
        #expect(report.findings("get-task-allow").allSatisfy { $0.message.contains("exporting the archive for app-store re-signs it") })
    }

    @Test func anArchiveCheckedForAdHocGetsTheCertificateAndEveryOtherFinding() throws {
        let counts = Self.counts(try Self.inspectArchive(.zipped, distribution: .adHoc))
        #expect(counts["certificate-expired"] == 2)
        #expect(counts["profile-kind"] == 2)
        #expect(counts["get-task-allow"] == 2)
        #expect(counts["aps-environment"] == 2)
        #expect(counts["profile-expired"] == 2)
        #expect(counts["version-mismatch"] == 1)
        #expect(counts["junk-file"] == 1)
    }

    @Test func anArchiveCheckedForDevelopmentKeepsOnlyTheExpiryFindings() throws {
        let counts = Self.counts(try Self.inspectArchive(.zipped, distribution: .development))
        #expect(counts["certificate-expired"] == 2)
        #expect(counts["profile-expired"] == 2)
        #expect(counts["profile-kind"] == nil && counts["get-task-allow"] == nil && counts["aps-environment"] == nil)
        #expect(counts["version-mismatch"] == 1)
    }

    @Test func anIPAIsStillCheckedForTheAppStoreByDefault() throws {
        let report = try inspect(try .ipa(Self.developmentSigned()), settings: InspectionSettings(now: Signed.now))
        #expect(report.distribution == DistributionAssumption(checked: .appStore, basis: .inputKind))
        let counts = Self.counts(report)
        #expect(counts["profile-kind"] == 2 && counts["get-task-allow"] == 2 && counts["aps-environment"] == 2 && counts["profile-expired"] == 2)
        #expect(counts["version-mismatch"] == 1 && counts["junk-file"] == 1)
        let kind = try #require(report.findings("profile-kind").first)
        #expect(kind.message.contains("or check with --distribution development"))
    }

    @Test func aZippedAppIsCheckedForTheAppStoreByDefault() throws {
        let report = try inspect(try .app(Self.developmentSigned()), named: "Notes.app.zip", settings: InspectionSettings(now: Signed.now))
        #expect(report.kind == .app)
        #expect(report.distribution == DistributionAssumption(checked: .appStore, basis: .inputKind))
        #expect(Self.counts(report)["profile-kind"] == 2)
    }

    @Test func theDecisionFollowsTheStatementThenTheKindOfInput() {
        let unstated = InspectionSettings()
        #expect(unstated.distribution(for: .ipa) == DistributionAssumption(checked: .appStore, basis: .inputKind))
        #expect(unstated.distribution(for: .app) == DistributionAssumption(checked: .appStore, basis: .inputKind))
        #expect(unstated.distribution(for: .xcarchive) == DistributionAssumption(checked: nil, basis: .inputKind))
        for distribution in Distribution.allCases {
            let stated = InspectionSettings(distribution: distribution)
            for kind in InputKind.allCases {
                #expect(stated.distribution(for: kind) == DistributionAssumption(checked: distribution, basis: .stated))
            }
        }
    }
}
