import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// A signing certificate's kind, from its subject or Apple's extension OIDs, and its identity
/// by the SHA-256 of its encoding, as a profile's DeveloperCertificates are compared with it.
@Suite struct SigningCertificateKindTests {
    static func certificate(_ commonName: String, oids: [String] = []) -> X509Certificate {
        X509Certificate(
            subject: DistinguishedName(matchingKey: Array(commonName.utf8), commonName: commonName, organization: nil),
            issuer: DistinguishedName(matchingKey: [], commonName: nil, organization: nil),
            serialNumberBytes: [1], notBefore: Date(timeIntervalSince1970: 0), notAfter: Date(timeIntervalSince1970: 1),
            extensionOIDs: oids
        )
    }

    @Test func theTableReadsEveryKindAndDistribution() throws {
        let table = SigningCertificateKinds.shipped
        #expect(table.code == "ITMS-90034")
        #expect(table.kinds.count == 7 && table.extensions.count == 4)
        #expect(Distribution.allCases.allSatisfy { table.role(for: $0) != nil })
        #expect(table.role(for: .appStore) == .distribution && table.role(for: .development) == .development && table.role(for: .developerID) == .developerID)
    }

    @Test(arguments: [
        (
            "kinds:\n  - {id: x, name: X, subject-prefix: 'X:', role: boss}", 7, "entries.kinds[0].role",
            "'boss' is not one of: development, distribution, developer-id"
        ),
        (
            "kinds:\n  - {id: x, name: X, subject-prefix: 'X:', role: development}\nextensions:\n  - {oid: 1.2.3, id: y}", 9, "entries.extensions[0].id",
            "'y' is not one of the kinds"
        ),
        (
            "kinds:\n  - {id: x, name: X, subject-prefix: 'X:', role: development}\ndistributions: {app-stor: distribution}", 8,
            "entries.distributions.app-stor", "unknown key; expected one of: app-store, ad-hoc, development, enterprise, mac-app-store, developer-id"
        ),
    ])
    func aRowTheTableCannotUseIsAnErrorNamingItsLineAndKey(entries: String, line: Int, field: String, message: String) throws {
        let broken = try DataTableText.table("signing-certificates", entries: entries)
        #expect(throws: YAMLLoadError(file: "Rules/data/signing-certificates.yml", line: line, field: field, message: message)) {
            try SigningCertificateKinds(broken)
        }
    }

    @Test(arguments: [
        ("Apple Development: Jane Appleseed (QW12ER34TY)", "apple-development"), ("Apple Distribution: Team (ABCDE12345)", "apple-distribution"),
        ("iPhone Developer: Jane (QW12ER34TY)", "iphone-developer"), ("iPhone Distribution: Team (ABCDE12345)", "iphone-distribution"),
        ("Mac Developer: Jane (QW12ER34TY)", "mac-developer"), ("3rd Party Mac Developer Application: Team (ABCDE12345)", "mac-app-distribution"),
        ("Developer ID Application: Team (ABCDE12345)", "developer-id-application"),
    ])
    func theSubjectSaysTheKind(commonName: String, kind: String) {
        #expect(SigningCertificateKinds.shipped.kind(of: Self.certificate(commonName))?.id == kind)
    }

    @Test func apple_sOIDsSayItWhenTheSubjectDoesNot() {
        let table = SigningCertificateKinds.shipped
        #expect(table.kind(of: Self.certificate("TestFixture", oids: ["2.5.29.14", "1.2.840.113635.100.6.1.2"]))?.role == .development)
        #expect(table.kind(of: Self.certificate("TestFixture", oids: ["1.2.840.113635.100.6.1.4"]))?.role == .distribution)
        #expect(table.kind(of: Self.certificate("TestFixture", oids: ["2.5.29.14"])) == nil)
        // The subject wins over the OIDs.
        #expect(table.kind(of: Self.certificate("Apple Development: Jane (QW12ER34TY)", oids: ["1.2.840.113635.100.6.1.4"]))?.role == .development)
    }

    @Test func aCertificateIsKnownByTheDigestOfItsEncoding() throws {
        let leaf = FixtureCertificate.signing(
            commonName: "Apple Distribution: Team (ABCDE12345)", team: "ABCDE12345", notAfter: Date(timeIntervalSince1970: 1_893_456_000))
        let read = try X509Certificate(der: leaf.der)
        #expect(read.fingerprint == (try Digest.hash(leaf.der, .sha256)))
        var renewed = leaf
        renewed.serialNumber = renewed.serialNumber.map { $0 ^ 1 }
        #expect(try X509Certificate(der: renewed.der).fingerprint != read.fingerprint)
        #expect(read.extensionOIDs == ["2.5.29.14"])
    }

    @Test func aSignerTheProfileDoesNotListIsSaidSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixtureDescriptionSupport.describe(
            """
            app:
              name: Notes
              executable: {certificate: {name: "Apple Distribution: Example Team (ABCDE12345)"}}
              profile: {kind: app-store, lists-signer: false}
            """
        ).write(to: path)
        let report = PackageInspector().inspect(path: path)
        let signing = try #require(report.bundles.first?.signing)
        #expect(signing.signingCertificateListed == false && signing.signingCertificateKind?.id == "apple-distribution")
        #expect(TextReporter.signing(signing)?.contains("until 2030-01-01, not one its profile lists") == true)
        let message = try #require(report.findings("certificate-not-in-profile").first?.message)
        #expect(message.contains("which is not the one certificate its profile 'com.example.notes app-store' lists"), "\(message)")
    }
}
