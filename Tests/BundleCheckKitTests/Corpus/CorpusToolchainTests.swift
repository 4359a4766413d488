import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// What the toolchain and icon rules say of packages nobody on this project built, judged on a
/// fixed day (2026-11-30, when the iOS 26 SDK and Xcode 26 are required) so that the
/// expectations do not move with the calendar.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusToolchainTests {
    static let rules: Set<String> = ["sdk-too-old", "beta-toolchain", "simulator-build", "build-keys-missing", "app-icon-missing"]

    static func findings(_ package: String, now: String = "2026-11-30") -> [String]? {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return nil }
        let report = PackageInspector(settings: InspectionSettings(now: ISODateParser.parse(now)!)).inspect(path: path)
        #expect(report.error == nil)
        return report.findings.filter { rules.contains($0.rule) }
            .map { "\($0.rule) \($0.bundle ?? "-") \($0.keyPath?.description ?? $0.file ?? "-")" }
            .sorted()
    }

    @Test(arguments: [
        // Xcode 9.2 and the iOS 11.2 SDK, no icon keys and no Assets.car.
        (
            "fastlane/very-capable-app.ipa",
            [
                "app-icon-missing Payload/very-capable-app.app /CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconName",
                "sdk-too-old Payload/very-capable-app.app /DTSDKName",
            ]
        ),
        (
            "fastlane/very-capable-app.xcarchive",
            [
                "app-icon-missing Products/Applications/very-capable-app.app /CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconName",
                "sdk-too-old Products/Applications/very-capable-app.app /DTSDKName",
            ]
        ),
        // Xcode 7.0 beta 4 (7A165t) and its iOS 9.0 SDK (13A4305g); no icon at all.
        (
            "fastlane/ExampleProductName-cocoapods.ipa",
            [
                "app-icon-missing Payload/ExampleProductName.app /CFBundleIcons",
                "beta-toolchain Payload/ExampleProductName.app /DTXcodeBuild",
                "sdk-too-old Payload/ExampleProductName.app /DTSDKName",
            ]
        ),
        // Hand-zipped Info.plists of Xcode 7.2: icon stems listed, no files.
        (
            "fastlane/iOSAppOnly.ipa",
            [
                "app-icon-missing iOSAppOnly/Payload/Sample.app /CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconFiles",
                "app-icon-missing iOSAppOnly/Payload/Sample.app /CFBundleIcons~0ipad/CFBundlePrimaryIcon/CFBundleIconFiles",
                "sdk-too-old iOSAppOnly/Payload/Sample.app /DTSDKName",
            ]
        ),
        (
            "fastlane/ContainsWatchApp.ipa",
            [
                "app-icon-missing ContainsWatchApp/Payload/Sample.app /CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconFiles",
                "app-icon-missing ContainsWatchApp/Payload/Sample.app /CFBundleIcons~0ipad/CFBundlePrimaryIcon/CFBundleIconFiles",
                "sdk-too-old ContainsWatchApp/Payload/Sample.app /DTSDKName",
                "sdk-too-old ContainsWatchApp/Payload/Sample.app/Watch/Sample WatchKit App.app /DTSDKName",
            ]
        ),
        // Xcode 16.4 and the iOS 18.5 SDK; a demo without icons.
        (
            "sentry-cli/DemoApp.ipa",
            [
                "app-icon-missing Payload/DemoApp.app /CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconName",
                "sdk-too-old Payload/DemoApp.app /DTSDKName",
            ]
        ),
        (
            "sentry-cli/two-apps.ipa",
            [
                "app-icon-missing Payload/DemoApp.app /CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconName",
                "app-icon-missing Payload/s/demo.app /CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconName",
                "sdk-too-old Payload/DemoApp.app /DTSDKName",
                "sdk-too-old Payload/s/demo.app /DTSDKName",
            ]
        ),
        // Xcode 6.3.2: Assets.car without any icon key.
        (
            "isign/SimpleSaucyApp.ipa",
            [
                "app-icon-missing Payload/SimpleSaucyApp.app /CFBundleIcons",
                "sdk-too-old Payload/SimpleSaucyApp.app /DTSDKName",
            ]
        ),
        // A simulator build: judged by simulator-build, not by the SDK minimums.
        (
            "isign/TestSimulator.app.zip",
            [
                "app-icon-missing isignTestApp.app /CFBundleIcons",
                "simulator-build isignTestApp.app /CFBundleSupportedPlatforms/0",
            ]
        ),
    ])
    func theToolchainAndIconRulesSayWhatThePackageShows(package: String, expected: [String]) {
        guard let findings = Self.findings(package) else { return }
        #expect(findings == expected)
    }

    @Test func anOldPackageIsJudgedAsOfTheDayGiven() {
        // DemoApp was built on 2025-07-16 with the iOS 18.5 SDK, which sufficed until 2026-04-28.
        guard let then = Self.findings("sentry-cli/DemoApp.ipa", now: "2025-07-16"),
            let after = Self.findings("sentry-cli/DemoApp.ipa", now: "2026-04-28")
        else { return }
        #expect(!then.contains { $0.hasPrefix("sdk-too-old") })
        #expect(after.contains("sdk-too-old Payload/DemoApp.app /DTSDKName"))
    }

    @Test func theCorpusBundlesShowTheirToolchain() throws {
        guard let path = RepositoryPaths.corpusOrSkip("fastlane/ContainsWatchApp.ipa") else { return }
        let bundles = PackageInspector().inspect(path: path).bundles
        let watch = try #require(bundles.first { $0.kind == .watchApp }?.toolchain)
        #expect(
            watch
                == BundleToolchain(
                    platformName: "watchos", sdkName: "watchos2.1", platformVersion: "2.1", sdkBuild: "13S660", xcode: "0720", xcodeBuild: "7C68"))
        #expect(watch.xcodeDescription == "7.2")
    }
}
