import Foundation
import Testing

@testable import BundleCheckFormats

/// The signing certificates of the corpus executables, as `openssl cms -inform DER -cmsout -print`
/// shows them for the CMS blob of each code signature (extracted by hand from the SuperBlob):
/// the SignerInfo's issuer and serial number name the leaf, which codesign stores first today
/// and stored last in 2015.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct SigningCertificateCorpusTests {
    struct Expected: Sendable, CustomStringConvertible {
        let package: String
        let executable: String
        let certificateCount: Int
        let commonName: String
        let serialNumber: String
        let notAfter: String
        var description: String { package }
    }

    static let executables: [Expected] = [
        Expected(
            package: "sentry-cli/DemoApp.ipa", executable: "Payload/DemoApp.app/DemoApp", certificateCount: 3,
            commonName: "Apple Distribution: Emerge Tools, Inc. (62J2XHNK9T)",
            serialNumber: "3C725110898CF58EAEA25DA4F6BB31C4", notAfter: "2026-07-10T16:40:44Z"),
        Expected(
            package: "sentry-cli/two-apps.ipa", executable: "Payload/s/demo.app/DemoApp", certificateCount: 3,
            commonName: "Apple Distribution: Emerge Tools, Inc. (62J2XHNK9T)",
            serialNumber: "3C725110898CF58EAEA25DA4F6BB31C4", notAfter: "2026-07-10T16:40:44Z"),
        Expected(
            package: "isign/SimpleSaucyApp.ipa", executable: "Payload/SimpleSaucyApp.app/SimpleSaucyApp", certificateCount: 3,
            commonName: "iPhone Distribution: SAUCE LABS INC (JWKXD469L2)",
            serialNumber: "3BA940DE7F205A16", notAfter: "2016-05-24T23:48:19Z"),
        Expected(
            package: "fastlane/ExampleProductName-cocoapods.ipa", executable: "Payload/ExampleProductName.app/ExampleProductName",
            certificateCount: 3, commonName: "iPhone Distribution: SunApps GmbH (5A997XSHK2)",
            serialNumber: "7A52B44BBAEEEC5F", notAfter: "2016-02-10T23:44:20Z"),
        // fastlane's fixture was re-signed with one self-signed certificate.
        Expected(
            package: "fastlane/very-capable-app.ipa", executable: "Payload/very-capable-app.app/very-capable-app", certificateCount: 1,
            commonName: "TestFixture", serialNumber: "01", notAfter: "2028-04-04T01:11:26Z"),
    ]

    @Test(arguments: executables)
    func theSignerOfEverySliceIsTheTeamsCertificate(_ expected: Expected) throws {
        guard let path = RepositoryPaths.corpusOrSkip(expected.package) else { return }
        let file = try #require(try MachOTestSupport.readCorpusEntry(path, expected.executable))
        for slice in file.slices {
            let cms = try #require(slice.codeSignature?.cmsSignature)
            let envelope = try CMSSignedData.read(cms)
            #expect(envelope.certificates.count == expected.certificateCount)
            #expect(envelope.signers.count == 1)
            let leaf = try #require(envelope.signerCertificate)
            #expect(leaf.subject.commonName == expected.commonName)
            #expect(leaf.serialNumber == expected.serialNumber)
            #expect(leaf.notAfter.formatted(.iso8601) == expected.notAfter)
        }
    }
}
