import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Every signed bundle of the corpus is as its signature sealed it, resources included: the
/// packages other tools built must not trip `signature-modified`. fastlane's very-capable-app
/// is among them: its team identifier was rewritten before a self-made "TestFixture"
/// certificate signed it (the CMS names that certificate and lists the CodeDirectories' hashes),
/// so every hash matches; what fails there is the trust chain, which is not checked offline.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled))
struct SignatureModifiedCorpusTests {
    /// Signed bundles and how many `files2` entries each compares (counted by hand).
    static let packages: [(archive: String, bundles: [String: Int])] = [
        ("fastlane/very-capable-app.ipa", ["Payload/very-capable-app.app": 7]),
        ("fastlane/ExampleProductName-cocoapods.ipa", ["Payload/ExampleProductName.app": 24]),
        ("sentry-cli/DemoApp.ipa", ["Payload/DemoApp.app": 1]),
        ("sentry-cli/two-apps.ipa", ["Payload/DemoApp.app": 1, "Payload/s/demo.app": 1]),
        ("isign/SimpleSaucyApp.ipa", ["Payload/SimpleSaucyApp.app": 17]),
    ]

    @Test(arguments: packages.map(\.archive))
    func everySignedCorpusBundleIsAsItWasSigned(archive: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(archive) else { return }
        let expected = try #require(Self.packages.first { $0.archive == archive }?.bundles)
        let report = PackageInspector(settings: InspectionSettings(verifiesResources: true)).inspect(path: path)
        #expect(report.error == nil)
        #expect(report.findings("signature-modified").isEmpty)
        var compared: [String: Int] = [:]
        for bundle in report.bundles {
            guard let seal = bundle.signing?.seal else { continue }
            #expect(seal.mismatches.isEmpty, "\(bundle.path): \(seal.mismatches)")
            compared[bundle.path] = seal.comparedResources
        }
        #expect(compared == expected)
    }
}
