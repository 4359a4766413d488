import Foundation
import Testing

@testable import BundleCheckInspection

/// The signing inventory of real packages, as the JSON report gives it. The expected values were
/// read with `llvm-objdump --macho --private-headers/--universal-headers` and
/// `openssl cms -inform DER -verify -noverify -print` on the same files.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct SigningInventoryCorpusTests {
    struct Expected: Sendable, CustomStringConvertible {
        let package: String
        let architectures: [String]
        let minimumOS: String
        let team: String
        let applicationIdentifier: String
        let profileKind: String
        var description: String { package }
    }

    static let packages: [Expected] = [
        Expected(
            package: "fastlane/very-capable-app.ipa", architectures: ["arm64"], minimumOS: "11.2",
            team: "TestFixture", applicationIdentifier: "TestFixture.org.fastlane.very-capable-app", profileKind: "development"),
        Expected(
            package: "sentry-cli/DemoApp.ipa", architectures: ["arm64"], minimumOS: "18.5",
            team: "62J2XHNK9T", applicationIdentifier: "62J2XHNK9T.com.emerge.DemoApp", profileKind: "ad-hoc"),
        Expected(
            package: "isign/SimpleSaucyApp.ipa", architectures: ["armv7", "arm64"], minimumOS: "8.0",
            team: "JWKXD469L2", applicationIdentifier: "JWKXD469L2.com.sauceio.SimpleSaucyApp", profileKind: "ad-hoc"),
    ]

    static func bundle(_ package: String) throws -> [String: Any]? {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return nil }
        let (_, console) = CapturingConsole.run(["--format", "json", path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        let input = try #require((report["inputs"] as? [[String: Any]])?.first)
        return (input["bundles"] as? [[String: Any]])?.first.map { bundle in
            bundle.merging(["findings": input["findings"] ?? []]) { first, _ in first }
        }
    }

    @Test(arguments: packages)
    func signingInventoryMatchesTheToolsOfApple(_ expected: Expected) throws {
        guard let bundle = try Self.bundle(expected.package) else { return }
        #expect(bundle["architectures"] as? [String] == expected.architectures)
        #expect(bundle["minimumOS"] as? String == expected.minimumOS)
        let entitlements = try #require(bundle["entitlements"] as? [String: Any])
        #expect(entitlements["source"] as? String == "signature")
        #expect(entitlements["teamIdentifier"] as? String == expected.team)
        #expect(entitlements["applicationIdentifier"] as? String == expected.applicationIdentifier)
        let profile = try #require(bundle["profile"] as? [String: Any])
        #expect(profile["kind"] as? String == expected.profileKind)
        #expect(profile["teamIdentifier"] as? String == expected.team)
    }

    @Test func simulatorBuildReportsItsSlicesAndIsRefused() throws {
        guard let bundle = try Self.bundle("isign/TestSimulator.app.zip") else { return }
        #expect(bundle["architectures"] as? [String] == ["i386", "x86_64"])
        let rules = (bundle["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        // One simulator-build says why it is refused; its slices are not each unsupported again.
        #expect(rules.contains("simulator-build") && !rules.contains("unsupported-architecture"))
        #expect(rules.contains("unsigned"))
        #expect(bundle["platform"] as? String == "ios" && bundle["simulator"] as? Bool == true)
    }

    @Test func archiveReadsTheExpandedEntitlementsFile() throws {
        guard let bundle = try Self.bundle("fastlane/very-capable-app.xcarchive") else { return }
        let entitlements = try #require(bundle["entitlements"] as? [String: Any])
        #expect(entitlements["source"] as? String == "xcent")
        #expect((bundle["profile"] as? [String: Any])?["kind"] as? String == "development")
    }

    @Test func developmentBuildFailsAnAppStoreCheckButNotADevelopmentOne() throws {
        guard let path = RepositoryPaths.corpusOrSkip("fastlane/very-capable-app.ipa") else { return }
        let appStore = PackageInspector(settings: InspectionSettings(distribution: .appStore, now: Date(timeIntervalSince1970: 1_530_000_000)))
            .inspect(path: path).findings.map(\.rule)
        #expect(appStore.contains("get-task-allow") && appStore.contains("profile-kind") && appStore.contains("aps-environment"))
        #expect(!appStore.contains("profile-expired"))
        let development = PackageInspector(settings: InspectionSettings(distribution: .development, now: Date(timeIntervalSince1970: 1_530_000_000)))
            .inspect(path: path).findings.map(\.rule)
        #expect(!development.contains("get-task-allow") && !development.contains("profile-kind") && !development.contains("aps-environment"))
    }
}
