import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The privacy rules on packages nobody on this project built: no false positive on a typical
/// SwiftUI app's imports, and the purpose strings the very capable app's entitlements ask for.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct PurposeStringCorpusTests {
    /// Every shipped rule of the privacy category (purpose strings, and the privacy-manifest rules beside them).
    static let privacyRules = RuleCatalogue.shipped.rules.filter { $0.category == "privacy" }

    static func privacyFindings(_ report: InputReport) -> [Finding] {
        let ids = Set(privacyRules.map(\.id))
        return report.findings.filter { ids.contains($0.rule) }
    }

    /// Everything the DemoApp executable holds, read with a filter that keeps all of it.
    static func demoAppEvidence() throws -> [BinaryEvidence]? {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa") else { return nil }
        let container = try ZipArchiveReader(path: path)
        let entry = "Payload/DemoApp.app/DemoApp"
        let file = try #require(try MachOReader.read(try container.openEntry(entry), size: try container.size(of: entry), evidence: KeepAllEvidence()))
        return file.slices.flatMap(\.evidence)
    }

    /// An app whose executable, framework, loose dylib and widget extension all hold `imports` and `selectors`.
    static func inspectApp(imports: [String], selectors: [String]) throws -> InputReport {
        let slice = { (type: MachOFileType) -> MachOSliceDescription in
            var slice = MachOSliceDescription(fileType: type, codeSignature: FixtureCodeSignature(identifier: "com.example.notes"))
            slice.importedSymbols = imports
            slice.objcSelectors = selectors
            return slice
        }
        var framework = FixtureBundle.framework("Kit", bundleIdentifier: "com.vendor.kit", shortVersion: "1.0", version: "1")
        framework.executable = FixtureExecutable(name: "Kit", slices: [slice(.dylib)])
        var widget = FixtureBundle.appex("Widget", bundleIdentifier: "com.example.notes.widget", extensionPoint: "com.apple.widgetkit-extension")
        widget.executable = FixtureExecutable(name: "Widget", slices: [slice(.execute)])
        var app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .adding(framework, in: "Frameworks")
            .adding(widget, in: "PlugIns")
        app.executable = FixtureExecutable(name: "Notes", slices: [slice(.execute)])
        app.files.append(FixtureFile(path: "Frameworks/libKit.dylib", contents: MachOWriter.thin(slice(.dylib))))
        let directory = try TemporaryDirectory()
        let path = directory.path("SwiftUI.ipa")
        try FixturePackage.ipa(app).writeZip(to: path)
        return PackageInspector(rules: privacyRules).inspect(path: path)
    }

    @Test func binariesImportingWhatATypicalSwiftUIAppImportsAskForNothing() throws {
        guard let evidence = try Self.demoAppEvidence() else { return }
        let imports = Array(Set(evidence.filter { $0.kind == .symbol }.map(\.value))).sorted()
        let selectors = Array(Set(evidence.filter { $0.kind == .selector }.map(\.value))).sorted()
        #expect(imports.count == 91)
        #expect(!Self.privacyRules.isEmpty)
        let report = try Self.inspectApp(imports: imports, selectors: selectors)
        #expect(report.error == nil)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")

        // Not vacuous: one class more and the rules see it in each of the four binaries.
        let asking = try Self.inspectApp(imports: imports + ["_OBJC_CLASS_$_AVCaptureDevice"], selectors: selectors)
        let missing = asking.findings("purpose-string-missing")
        #expect(missing.map(\.bundle) == ["Payload/Notes.app", "Payload/Notes.app/PlugIns/Widget.appex"])
        for binary in ["Notes", "Frameworks/Kit.framework/Kit", "Frameworks/libKit.dylib"] {
            #expect(missing.first?.message.contains("AVCaptureDevice in \(binary)") == true, "\(missing.first?.message ?? "")")
        }
    }

    @Test func theRealDemoAppHasNoPrivacyFindings() throws {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        #expect(Self.privacyFindings(report).isEmpty, "\(Self.privacyFindings(report).map(\.message))")
    }

    static let veryCapableKeys: [String: String] = [
        "NSHealthShareUsageDescription": "the entitlement com.apple.developer.healthkit",
        "NSHealthUpdateUsageDescription": "the entitlement com.apple.developer.healthkit",
        "NSHomeKitUsageDescription": "the entitlement com.apple.developer.homekit",
        "NSSiriUsageDescription": "the entitlement com.apple.developer.siri",
        "NFCReaderUsageDescription": "the entitlement com.apple.developer.nfc.readersession.formats",
        "NSBluetoothAlwaysUsageDescription": "UIBackgroundModes 'bluetooth-central'",
        // MinimumOSVersion 11.2: below iOS 13 the old Bluetooth key is asked as well.
        "NSBluetoothPeripheralUsageDescription": "UIBackgroundModes 'bluetooth-central'",
    ]

    /// Its signed entitlements grant HealthKit, HomeKit, Siri and NFC, its UIBackgroundModes hold
    /// bluetooth-central, and its Info.plist has no usage description at all.
    @Test(arguments: ["fastlane/very-capable-app.ipa", "fastlane/very-capable-app.xcarchive"])
    func theVeryCapableAppLacksEveryKeyItsEntitlementsAskFor(package: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let report = PackageInspector().inspect(path: path)
        let findings = report.findings("purpose-string-missing")
        #expect(Set(findings.compactMap { $0.keyPath?.description }) == Set(Self.veryCapableKeys.keys.map { "/" + $0 }))
        #expect(findings.count == Self.veryCapableKeys.count)
        for finding in findings {
            let key = String(finding.keyPath?.description.dropFirst() ?? "")
            #expect(finding.message.contains(Self.veryCapableKeys[key] ?? "?"), "\(finding.message)")
            #expect(finding.bundle?.hasSuffix("very-capable-app.app") == true)
        }
        #expect(report.findings("purpose-string-empty").isEmpty && report.findings("purpose-string-placeholder").isEmpty)
    }

    /// NetNewsWire's source Info.plist says why it saves images: a real purpose string, neither empty nor a placeholder.
    @Test func netNewsWiresPurposeStringPasses() throws {
        guard let path = RepositoryPaths.corpusOrSkip("netnewswire/iOS/Resources/Info.plist") else { return }
        let plist = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let report = try inspect(try .ipa(FixtureBundle.app("NetNewsWire", bundleIdentifier: "com.ranchero.NetNewsWire").withRawInfoPlist(plist)))
        let values = PurposeStringValue.all(
            of: try #require(report.bundles.first), keys: Set(PurposeStringTable.shipped.keys), in: CheckContext(bundles: report.bundles))
        #expect(values.map(\.key) == ["NSPhotoLibraryAddUsageDescription"])
        #expect(report.findings("purpose-string-empty").isEmpty && report.findings("purpose-string-placeholder").isEmpty)
    }

    @Test(arguments: [
        "isign/SimpleSaucyApp.ipa", "isign/TestSimulator.app.zip", "fastlane/ExampleProductName-cocoapods.ipa", "sentry-cli/two-apps.ipa",
        "fastlane/ContainsWatchApp.ipa",
    ])
    func packagesThatAskForNoAccessHaveNoPurposeFindings(package: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let report = PackageInspector().inspect(path: path)
        #expect(report.findings.filter { $0.rule.hasPrefix("purpose-string-") }.isEmpty)
    }
}
