import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// `profile-expiring` and `certificate-expired`: expiry ahead and behind, for the
/// distributions whose installs keep their signature.
@Suite struct ExpiryChecksTests {
    typealias Signed = SignedFixtures

    /// An app and a share extension whose build number lags (version-mismatch, the finding that
    /// must stay), both with `kind` profiles expiring at `profileExpiry` and signed with a
    /// certificate expiring at `certificateExpiry`.
    static func package(
        _ kind: Distribution,
        profileExpiry: Date = Date(timeIntervalSince1970: 1_893_456_000),
        certificateExpiry: Date? = Date(timeIntervalSince1970: 1_893_456_000)
    ) throws -> FixturePackage {
        let signer = certificateExpiry.map { FixtureSigner.apple(Signed.certificate(expires: $0)) }
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services", version: "229")
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes", version: "230")
        return try .ipa(
            Signed.signed(app, profile: Signed.profile(kind, identifier: "com.example.notes", expires: profileExpiry), signer: signer)
                .adding(
                    Signed.signed(share, profile: Signed.profile(kind, identifier: "com.example.notes.share", expires: profileExpiry), signer: signer),
                    in: "PlugIns")
        )
    }

    static func settings(_ distribution: Distribution?, days: Int = 30) -> InspectionSettings {
        InspectionSettings(distribution: distribution, now: Signed.now, profileExpiryWarningDays: days)
    }

    // MARK: profile-expiring

    @Test(arguments: [Distribution.adHoc, .enterprise, .development])
    func aProfileExpiringInTenDaysIsAWarningBesideTheOtherFindings(distribution: Distribution) throws {
        let report = try inspect(try Self.package(distribution, profileExpiry: Signed.now + 10 * Signed.day), settings: Self.settings(distribution))
        let expiring = report.findings("profile-expiring")
        #expect(expiring.map(\.bundle) == ["Payload/Notes.app", "Payload/Notes.app/PlugIns/Share.appex"])
        #expect(expiring.allSatisfy { $0.severity == .warning && $0.keyPath?.description == "/ExpirationDate" && $0.appleCodes.isEmpty })
        #expect(expiring.first?.file == "Payload/Notes.app/embedded.mobileprovision")
        let message = try #require(expiring.first?.message)
        #expect(message.contains("'com.example.notes \(distribution.rawValue)'") && message.contains("2026-06-11T00:00:00Z") && message.contains("in 10 days"))
        #expect(report.findings("version-mismatch").count == 1)
        #expect(report.findings("profile-expired").isEmpty)
        #expect(report.findings("profile-kind").isEmpty)
    }

    @Test func theWindowIsTheConfiguredNumberOfDaysAndIncludesItsLastDay() throws {
        let package = try Self.package(.adHoc, profileExpiry: Signed.now + 10 * Signed.day)
        #expect(try inspect(package, settings: Self.settings(.adHoc, days: 10)).findings("profile-expiring").count == 2)
        #expect(try inspect(package, settings: Self.settings(.adHoc, days: 9)).findings("profile-expiring").isEmpty)
        #expect(try inspect(package, settings: Self.settings(.adHoc, days: 0)).findings("profile-expiring").isEmpty)
        let far = try Self.package(.adHoc, profileExpiry: Signed.now + 31 * Signed.day)
        #expect(try inspect(far, settings: Self.settings(.adHoc)).findings("profile-expiring").isEmpty)
    }

    @Test func anExpiredProfileIsReportedAsExpiredNotAsExpiring() throws {
        let report = try inspect(try Self.package(.adHoc, profileExpiry: Signed.now - Signed.day), settings: Self.settings(.adHoc))
        #expect(report.findings("profile-expiring").isEmpty)
        #expect(report.findings("profile-expired").count == 2)
        #expect(report.findings("version-mismatch").count == 1)
    }

    @Test func theAppStoreDefaultDoesNotWarnAboutExpiryAhead() throws {
        let package = try Self.package(.appStore, profileExpiry: Signed.now + 10 * Signed.day)
        for distribution in [nil, Distribution.appStore] {
            let report = try inspect(package, settings: Self.settings(distribution))
            #expect(report.findings("profile-expiring").isEmpty)
            #expect(report.findings("version-mismatch").count == 1)
        }
    }

    @Test func lessThanADayIsSaidSo() throws {
        let report = try inspect(try Self.package(.adHoc, profileExpiry: Signed.now + 3_600), settings: Self.settings(.adHoc))
        #expect(report.findings("profile-expiring").first?.message.contains("within a day") == true)
    }

    // MARK: certificate-expired

    @Test(arguments: [Distribution.adHoc, .enterprise, .development])
    func anExpiredSigningCertificateIsAnErrorBesideTheOtherFindings(distribution: Distribution) throws {
        let expiry = Date(timeIntervalSince1970: 1_735_689_600) // 2025-01-01
        let report = try inspect(try Self.package(distribution, certificateExpiry: expiry), settings: Self.settings(distribution))
        let expired = report.findings("certificate-expired")
        #expect(expired.map(\.bundle) == ["Payload/Notes.app", "Payload/Notes.app/PlugIns/Share.appex"])
        #expect(expired.map(\.file) == ["Payload/Notes.app/Notes", "Payload/Notes.app/PlugIns/Share.appex/Share"])
        #expect(expired.allSatisfy { $0.severity == .error && $0.keyPath == nil && $0.appleCodes.isEmpty })
        let message = try #require(expired.first?.message)
        #expect(message.contains("'Apple Distribution: Example Team (ABCDE12345)'") && message.contains("2025-01-01T00:00:00Z"))
        #expect(message.contains("\(distribution.rawValue) installs refuse it"))
        #expect(report.findings("version-mismatch").count == 1)
    }

    @Test func aValidCertificateAndAnAdHocSignatureGiveNoFinding() throws {
        let valid = try inspect(try Self.package(.adHoc, certificateExpiry: Signed.now + Signed.day), settings: Self.settings(.adHoc))
        #expect(valid.findings("certificate-expired").isEmpty)
        #expect(valid.bundles.first?.signing?.signingCertificate?.notAfter == Signed.now + Signed.day)
        let adHocSigned = try inspect(try Self.package(.adHoc, certificateExpiry: nil), settings: Self.settings(.adHoc))
        #expect(adHocSigned.error == nil)
        #expect(adHocSigned.findings("certificate-expired").isEmpty)
        #expect(adHocSigned.bundles.first?.signing?.signingCertificate == nil)
        #expect(adHocSigned.findings("version-mismatch").count == 1)
    }

    @Test func theAppStoreDefaultDoesNotJudgeTheCertificate() throws {
        let package = try Self.package(.appStore, certificateExpiry: Date(timeIntervalSince1970: 1_735_689_600))
        for distribution in [nil, Distribution.appStore] {
            let report = try inspect(package, settings: Self.settings(distribution))
            #expect(report.findings("certificate-expired").isEmpty)
            #expect(report.findings("version-mismatch").count == 1)
        }
    }

    @Test func aDamagedCMSBlobIsAFindingOnTheExecutable() throws {
        let signer = FixtureSigner.apple(Signed.certificate(expires: Signed.now))
        let app = Signed.signed(FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes"), profile: nil, signer: signer)
        let envelope = CodeSignatureCMSWriter.write(signer)
        var damaged = app
        let index = try #require(damaged.files.firstIndex { $0.path == "Notes" })
        var bytes = damaged.files[index].contents
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: envelope) })
        bytes[start] = 0x31 // the ContentInfo SEQUENCE becomes a SET
        damaged.files[index] = FixtureFile(path: "Notes", contents: bytes)
        let report = try inspect(try .ipa(damaged))
        // One broken part of one executable: a finding on it, and the package is still checked.
        #expect(report.error == nil)
        let finding = try #require(report.findings("executable-invalid").first)
        #expect(finding.file == "Payload/Notes.app/Notes")
        #expect(finding.message.contains("CMS blob cannot be read: offset 0: expected a ContentInfo SEQUENCE, found SET"), "\(finding.message)")
    }
}
