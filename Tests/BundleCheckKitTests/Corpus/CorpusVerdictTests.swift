import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// What the verdict rules say about packages nobody on this project built.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusVerdictTests {
    @Test func theSimulatorBuildIsOneFindingAndItsLibrariesAreUnsupportedWithoutIt() throws {
        guard let path = RepositoryPaths.corpusOrSkip("isign/TestSimulator.app.zip") else { return }
        let report = PackageInspector().inspect(path: path)
        // The app is a simulator build: one simulator-build finding says so, not another on its
        // executable and each of the nine libswift libraries built with it.
        #expect(report.findings("simulator-build").map(\.bundle) == ["isignTestApp.app"])
        #expect(report.findings("unsupported-architecture").isEmpty)
        #expect(report.bundles.map(\.platform.description) == ["iOS Simulator"])
        // With simulator-build off, each binary is judged as a device build would be.
        let rules = RuleCatalogue.shipped.rules.filter { $0.id != "simulator-build" }
        let alone = PackageInspector(rules: rules).inspect(path: path)
        let files = alone.findings("unsupported-architecture").compactMap(\.file)
        let libraries = files.filter { $0.hasPrefix("isignTestApp.app/Frameworks/libswift") && $0.hasSuffix(".dylib") }
        #expect(libraries.count == 9, "\(files)")
        #expect(files.contains("isignTestApp.app/isignTestApp"))
        #expect(alone.findings("unsupported-architecture").allSatisfy { $0.message.contains("x86_64") })
    }

    @Test func theTVOSAppIsJudgedAsATVOSApp() throws {
        guard let path = RepositoryPaths.corpusOrSkip("app-info/apple-tv.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        #expect(report.bundles.map(\.platform.id) == ["tvos"])
        #expect(report.bundles.map(\.platform.simulator) == [false])
        // Its arm64 tvOS slice is what tvOS devices run; its icon set is named the tvOS way.
        #expect(report.findings("unsupported-architecture").isEmpty)
        #expect(report.findings("app-icon-missing").isEmpty)
        #expect(report.findings("platform-mismatch").isEmpty && report.findings("extension-point-platform").isEmpty)
        // Its tvOS 17.2 SDK is judged against the tvOS minimum.
        let late = PackageInspector(settings: InspectionSettings(now: ISODateParser.parse("2026-12-01")!)).inspect(path: path)
        #expect(late.findings("sdk-too-old").map(\.message).allSatisfy { $0.contains("tvOS 17.2 SDK") && $0.contains("tvOS 26 SDK") })
        #expect(late.findings("sdk-too-old").count == 1)
    }

    @Test func theMacAppIsReadThroughItsContentsFolder() throws {
        guard let path = RepositoryPaths.corpusOrSkip("app-info/macos.zip") else { return }
        let report = PackageInspector().inspect(path: path)
        let app = try #require(report.bundles.first)
        #expect(report.bundles.count == 1)
        #expect(app.layout.style == .contents && app.infoPlistPath == "GuiApp.app/Contents/Info.plist")
        #expect(app.platform.id == "macos" && app.platform.evidence == .supportedPlatforms(index: 0))
        #expect(app.bundleIdentifier == "com.icyleaf.macos.GUIApp" && app.shortVersion == "1.0" && app.version == "1")
        #expect(app.signing?.executablePath == "GuiApp.app/Contents/MacOS/GuiApp")
        #expect(app.signing?.executable?.slices.map(\.architecture) == ["x86_64", "arm64"])
        #expect(app.signing?.entitlements?.dictionary["com.apple.security.app-sandbox"]?.boolValue == true)
        // Its own executable is no stray, and nothing asks the iOS-only keys of it.
        #expect(report.findings("stray-binary").isEmpty && report.findings("info-plist-missing").isEmpty)
        #expect(report.findings("required-keys").isEmpty && report.findings("encryption-info").isEmpty)
        // Xcode 12.5 for macOS 10.13 and later: a partial AppIcon.icns (16@2x, 128, 128@2x and
        // the old small ones) beside the full set in Assets.car, which is what counts.
        #expect(report.findings("mac-app-icon").isEmpty)
        #expect(app.assetCatalog?.namedSet?.images.contains { $0.scale == 2 && $0.pixelWidth == 1024 } == true)
        // The Mac has no App Store icon row; the HTML report draws the set's 512pt@2x image (GA8).
        #expect(app.assetCatalog?.iconPreview?.pixelWidth == 1024 && app.assetCatalog?.iconPreview?.png.starts(with: [0x89, 0x50]) == true)
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
