import Foundation
import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Real packages built by other people's tools give the inventory that Python's plistlib
/// reads from the same Info.plists (values below were read with plistlib and zipfile).
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusInventoryTests {
    struct Expected: Sendable, CustomStringConvertible {
        let package: String
        let kind: InputKind
        let bundles: [(path: String, kind: BundleKind, id: String, short: String, version: String)]
        var description: String { package }
    }

    static let packages: [Expected] = [
        Expected(
            package: "fastlane/ContainsWatchApp.ipa", kind: .ipa,
            bundles: [
                ("ContainsWatchApp/Payload/Sample.app", .app, "com.example.Sample", "1.2.0", "1"),
                ("ContainsWatchApp/Payload/Sample.app/Watch/Sample WatchKit App.app", .watchApp, "com.example.Sample.watchkitapp", "1.2.0", "1"),
            ]),
        Expected(
            package: "fastlane/ExampleProductName-cocoapods.ipa", kind: .ipa,
            bundles: [
                ("Payload/ExampleProductName.app", .app, "net.sunapps.9", "1.0", "1")
            ]),
        Expected(
            package: "fastlane/iOSAppOnly.ipa", kind: .ipa,
            bundles: [
                ("iOSAppOnly/Payload/Sample.app", .app, "com.example.Sample", "1.2.0", "1")
            ]),
        Expected(
            package: "fastlane/very-capable-app.ipa", kind: .ipa,
            bundles: [
                ("Payload/very-capable-app.app", .app, "org.fastlane.very-capable-app", "1.0", "1")
            ]),
        Expected(
            package: "fastlane/very-capable-app.xcarchive", kind: .xcarchive,
            bundles: [
                ("Products/Applications/very-capable-app.app", .app, "org.fastlane.very-capable-app", "1.0", "1")
            ]),
        Expected(
            package: "isign/SimpleSaucyApp.ipa", kind: .ipa,
            bundles: [
                ("Payload/SimpleSaucyApp.app", .app, "com.sauceio.SimpleSaucyApp", "1.0", "1")
            ]),
        Expected(
            package: "isign/TestSimulator.app.zip", kind: .app,
            bundles: [
                ("isignTestApp.app", .app, "com.saucelabs.isignTestApp", "1.0", "1")
            ]),
        Expected(
            package: "sentry-cli/DemoApp.ipa", kind: .ipa,
            bundles: [
                ("Payload/DemoApp.app", .app, "com.emerge.DemoApp", "1.0", "1")
            ]),
        Expected(
            package: "sentry-cli/two-apps.ipa", kind: .ipa,
            bundles: [
                ("Payload/DemoApp.app", .app, "com.emerge.DemoApp", "1.0", "1"),
                ("Payload/s/demo.app", .app, "com.emerge.DemoApp", "1.0", "1"),
            ]),
    ]

    @Test(arguments: packages)
    func packageInventoryMatchesPlistlib(_ expected: Expected) throws {
        guard let path = RepositoryPaths.corpusOrSkip(expected.package) else { return }
        let report = PackageInspector().inspect(path: path)
        #expect(report.error == nil, "\(report.error?.description ?? "")")
        #expect(report.kind == expected.kind)
        #expect(report.bundles.map(\.path) == expected.bundles.map(\.path))
        #expect(report.bundles.map(\.kind) == expected.bundles.map(\.kind))
        #expect(report.bundles.map(\.bundleIdentifier) == expected.bundles.map(\.id))
        #expect(report.bundles.map(\.shortVersion) == expected.bundles.map(\.short))
        #expect(report.bundles.map(\.version) == expected.bundles.map(\.version))
        let (status, _) = CapturingConsole.run([path])
        #expect(status == .success || status == .findings)
    }

    @Test(arguments: [
        ("fastlane/not-an-ipa.ipa", "not-a-package"),
        ("sentry-cli/invalid.ipa", "not-a-package"),
        ("fastlane/no-app-bundle.ipa", "no-app"),
        ("isign/NotAnApp.ipa", "no-app"),
        ("fastlane/appstore-test.mobileprovision", "not-a-package"),
    ])
    func nonPackagesExitTwoWithAMessage(package: String, code: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        #expect(PackageInspector().inspect(path: path).error?.code == code)
        let (status, console) = CapturingConsole.run([path])
        #expect(status == .inputFailure)
        // On a terminal the text report says it once; standard error stays quiet.
        #expect(console.output.contains("error: \(path): "))
        #expect(console.error.isEmpty, "\(console.error)")
        let (jsonStatus, jsonConsole) = CapturingConsole.run(["--format", "json", path])
        #expect(jsonStatus == .inputFailure)
        #expect(jsonConsole.error.hasPrefix("bundlecheck: error: \(path): "), "\(jsonConsole.error)")
    }
}

/// Declarative rules on packages nobody on this project wrote.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusRuleTests {
    @Test func handZippedIPAHasItsFinderMetadataFlagged() throws {
        guard let path = RepositoryPaths.corpusOrSkip("fastlane/iOSAppOnly.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        let junk = report.findings.filter { $0.rule == "junk-file" }
        #expect(junk.map(\.file) == ["iOSAppOnly/.DS_Store", "iOSAppOnly/Payload/.DS_Store"])
        #expect(junk.allSatisfy { $0.severity == .warning && $0.bundle == nil })
        // At the zip's root, __MACOSX is a path App Store Connect refuses: one error, not also junk.
        #expect(report.findings("ipa-path-not-allowed").map(\.file) == ["__MACOSX"])
        #expect(report.findings("ipa-path-not-allowed").first?.appleCodes == ["ITMS-90048"])
    }

    @Test func xcodeExportedIPAHasNoJunk() throws {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa") else { return }
        #expect(PackageInspector().inspect(path: path).findings.filter { $0.rule == "junk-file" }.isEmpty)
    }
}
