import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

/// What the upload-requirement rules say of every corpus package, each verdict the package's
/// own: fastlane's stripped fixtures hold no compiled launch storyboard, its very-capable-app a
/// routing document type without a rank, the hand-zipped IPAs `__MACOSX` at the zip's root,
/// maestro's driver Xcode 16's Debug dylibs; nothing else fires.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusUploadRequirementTests {
    static let rules = [
        "ipad-multitasking-orientations", "launch-screen-missing", "document-types", "handoff-types-undeclared", "resource-bundle-executable",
        "nested-bundle-simulator", "debug-build", "ipa-path-not-allowed", "unmatched-symbols",
    ]

    /// Each package and the findings these rules give it, as `rule file`.
    static let expected: [(package: String, findings: [String])] = [
        ("app-info/apple-tv.ipa", ["ipa-path-not-allowed __MACOSX"]),
        ("app-info/embedded.ipa", []),
        ("app-info/macos.zip", []),
        ("fastlane/ContainsWatchApp.ipa", ["ipa-path-not-allowed __MACOSX", "launch-screen-missing ContainsWatchApp/Payload/Sample.app/Info.plist"]),
        ("fastlane/ExampleProductName-cocoapods.ipa", []),
        ("fastlane/iOSAppOnly.ipa", ["ipa-path-not-allowed __MACOSX", "launch-screen-missing iOSAppOnly/Payload/Sample.app/Info.plist"]),
        (
            "fastlane/very-capable-app.ipa",
            [
                "document-types Payload/very-capable-app.app/Info.plist", "document-types Payload/very-capable-app.app/Info.plist",
            ]
        ),
        (
            "fastlane/very-capable-app.xcarchive",
            [
                "document-types Products/Applications/very-capable-app.app/Info.plist", "document-types Products/Applications/very-capable-app.app/Info.plist",
                "launch-screen-missing Products/Applications/very-capable-app.app/Info.plist",
            ]
        ),
        ("isign/SimpleSaucyApp.ipa", []),
        ("isign/TestSimulator.app.zip", []),
        ("maestro/maestro-driver-ios.zip", ["debug-build maestro-driver-ios.app/maestro-driver-ios.debug.dylib"]),
        ("sentry-cli/DemoApp.ipa", []),
        ("sentry-cli/two-apps.ipa", ["ipa-path-not-allowed __MACOSX"]),
        ("shorebird/flutter-base.ipa", []),
    ]

    @Test(arguments: expected.map(\.package))
    func theUploadRulesGiveEachPackageWhatItDeserves(_ package: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let report = PackageInspector().inspect(path: path)
        let findings = report.findings.filter { Self.rules.contains($0.rule) }.map { "\($0.rule) \($0.file ?? "")" }.sorted()
        let wanted = try #require(Self.expected.first { $0.package == package }).findings.sorted()
        #expect(findings == wanted, "\(package)")
    }
}
