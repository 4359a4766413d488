import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Every corpus package's signing certificate as the certificate rules read it: its kind, by
/// its subject and Apple's extension OIDs, whether its profile lists it, and what the rules say.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusSigningCertificateKindTests {
    struct Expected: Sendable, CustomStringConvertible {
        let package: String
        /// The top-level app's certificate kind id; nil for ad hoc, unsigned or unknown.
        let kind: String?
        let listed: Bool?
        /// Apple's purpose OIDs the certificate carries (1.2.840.113635.100.6.1.x).
        let appleOIDs: [String]
        let findings: [String]
        var description: String { package }
    }

    static let expected: [Expected] = [
        Expected(
            package: "app-info/apple-tv.ipa", kind: "apple-development", listed: true,
            appleOIDs: ["1.2.840.113635.100.6.1.12", "1.2.840.113635.100.6.1.2"], findings: []),
        Expected(package: "app-info/embedded.ipa", kind: "iphone-distribution", listed: true, appleOIDs: ["1.2.840.113635.100.6.1.4"], findings: []),
        // A development build judged for the Mac App Store: with no profile for profile-kind to
        // speak of, the certificate is the one thing that says so.
        Expected(
            package: "app-info/macos.zip", kind: "apple-development", listed: nil,
            appleOIDs: ["1.2.840.113635.100.6.1.12", "1.2.840.113635.100.6.1.2"], findings: ["certificate-kind GuiApp.app/Contents/MacOS/GuiApp"]),
        Expected(
            package: "fastlane/ExampleProductName-cocoapods.ipa", kind: "iphone-distribution", listed: true, appleOIDs: ["1.2.840.113635.100.6.1.4"],
            findings: []),
        Expected(package: "fastlane/very-capable-app.ipa", kind: nil, listed: true, appleOIDs: [], findings: []),
        Expected(package: "isign/SimpleSaucyApp.ipa", kind: "iphone-distribution", listed: true, appleOIDs: ["1.2.840.113635.100.6.1.4"], findings: []),
        Expected(
            package: "sentry-cli/DemoApp.ipa", kind: "apple-distribution", listed: true,
            appleOIDs: ["1.2.840.113635.100.6.1.32", "1.2.840.113635.100.6.1.4", "1.2.840.113635.100.6.1.7"], findings: []),
        Expected(
            package: "shorebird/flutter-base.ipa", kind: "apple-distribution", listed: true,
            appleOIDs: ["1.2.840.113635.100.6.1.32", "1.2.840.113635.100.6.1.4", "1.2.840.113635.100.6.1.7"], findings: []),
    ]

    @Test(arguments: expected)
    func theCertificateRulesReadEachPackagesSigner(_ expected: Expected) throws {
        guard let path = RepositoryPaths.corpusOrSkip(expected.package) else { return }
        let report = PackageInspector().inspect(path: path)
        let app = try #require(report.bundles.first { $0.parent == nil })
        #expect(app.signing?.signingCertificateKind?.id == expected.kind)
        #expect(app.signing?.signingCertificateListed == expected.listed)
        let oids = (app.signing?.signingCertificate?.extensionOIDs ?? []).filter { $0.hasPrefix("1.2.840.113635.100.6.1.") }.sorted()
        #expect(oids == expected.appleOIDs)
        let findings = report.findings.filter { ["certificate-kind", "certificate-not-in-profile"].contains($0.rule) }.map { "\($0.rule) \($0.file ?? "")" }
        #expect(findings == expected.findings)
    }
}
