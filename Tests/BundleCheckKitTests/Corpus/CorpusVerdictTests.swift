import Foundation
import Testing
@testable import BundleCheckModel
@testable import BundleCheckInspection

/// What the verdict rules say about packages nobody on this project built.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusVerdictTests {
    @Test func theSimulatorBuildsLibswiftLibrariesAreEachUnsupported() throws {
        guard let path = RepositoryPaths.corpusOrSkip("isign/TestSimulator.app.zip") else { return }
        let report = PackageInspector().inspect(path: path)
        let files = report.findings("unsupported-architecture").compactMap(\.file)
        let libraries = files.filter { $0.hasPrefix("isignTestApp.app/Frameworks/libswift") && $0.hasSuffix(".dylib") }
        #expect(libraries.count == 9, "\(files)")
        // The app itself is a simulator build: one simulator-build finding says so, not another on its executable.
        #expect(!files.contains("isignTestApp.app/isignTestApp"))
        #expect(report.findings("simulator-build").map(\.bundle) == ["isignTestApp.app"])
        #expect(report.findings("unsupported-architecture").allSatisfy { $0.message.contains("x86_64") })
    }

    @Test func twoAppsInOneIPAIsAPayloadLayoutFindingOnTheMisplacedApp() throws {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/two-apps.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        #expect(report.error == nil)
        #expect(report.findings("payload-layout").map(\.bundle) == ["Payload/s/demo.app"])
        // Both apps are still checked.
        #expect(report.bundles.filter { $0.parent == nil }.count == 2)
    }

    @Test(arguments: ["fastlane/iOSAppOnly.ipa", "fastlane/ContainsWatchApp.ipa"])
    func aPayloadUnderATopFolderIsAPayloadLayoutFinding(package: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let findings = PackageInspector().inspect(path: path).findings("payload-layout")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("instead of at the root of the zip") == true)
    }

    @Test(arguments: ["sentry-cli/DemoApp.ipa", "fastlane/very-capable-app.ipa", "isign/SimpleSaucyApp.ipa", "fastlane/ExampleProductName-cocoapods.ipa"])
    func realIPAsHaveNoReadProblems(package: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let report = PackageInspector().inspect(path: path)
        #expect(report.error == nil)
        let problems = Set(BundleReadProblem.Kind.allCases.map(\.rawValue) + ["payload-layout", "zip-entry-duplicate", "zip-entry-unsafe-name"])
        #expect(report.findings.filter { problems.contains($0.rule) }.isEmpty, "\(report.findings.map(\.rule))")
    }
}
