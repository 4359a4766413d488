import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// `required-reason-api` and its neighbours on whole packages: healthy apps stay quiet, each
/// bundle answers for its own binaries, names are matched exactly.
@Suite struct RequiredReasonAPITests {
    @Test func manifestsDeclaringExactlyWhatTheBinariesUseGiveNoFinding() throws {
        let report = try inspect(PrivacyFixtures.package(PrivacyFixtures.healthy))
        #expect(report.error == nil)
        #expect(report.privacyFindings.isEmpty, "\(report.privacyFindings.map(\.message))")
        // The evidence was there to be judged: the binaries do use the categories declared.
        let app = try #require(report.bundles.first { $0.kind == .app })
        let used = app.signing?.binaries.flatMap { $0.file.slices.flatMap(\.evidence) }.map(\.value) ?? []
        #expect(Set(used) == ["_OBJC_CLASS_$_NSUserDefaults", "_stat", "_statfs", "systemUptime", "_fstat"])
    }

    @Test func eachBinaryAndCategoryIsOneFindingNamingAFewSymbols() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  executable:
                    imports: [_stat, _fstat, _lstat, _fstatat, _getattrlistbulk, _NSFileModificationDate, _getattrlist, _objc_msgSend]
                """))
        let findings = report.findings("required-reason-api")
        try #require(findings.count == 2)
        let timestamps = try #require(findings.first { $0.message.contains("FileTimestamp") })
        #expect(timestamps.message.contains("(_stat, _fstat, _lstat and 4 more)"), "\(timestamps.message)")
        #expect(timestamps.file == "Payload/Notes.app/Notes")
        #expect(timestamps.appleCodes == ["ITMS-91053"])
        // An app is not offered the reasons only third-party SDKs may give.
        #expect(!timestamps.message.contains("0A2A.1") && timestamps.message.contains("C617.1"))
        // _getattrlist counts for both categories; _getattrlistbulk for FileTimestamp alone.
        let space = try #require(findings.first { $0.message.contains("NSPrivacyAccessedAPICategoryDiskSpace") })
        #expect(space.message.contains("(_getattrlist)"), "\(space.message)")
    }

    @Test func aFrameworkIsOfferedTheReasonsOfSDKs() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  frameworks:
                    - name: VendorKit
                      executable: {imports: [_OBJC_CLASS_$_NSUserDefaults]}
                """))
        let finding = try #require(report.findings("required-reason-api").first)
        #expect(finding.bundle == "Payload/Notes.app/Frameworks/VendorKit.framework")
        #expect(finding.message.contains("C56D.1"))
    }

    @Test func theAppsManifestCoversNeitherItsExtensionsNorItsFrameworks() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  privacy-manifest:
                    NSPrivacyAccessedAPITypes:
                      - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategorySystemBootTime
                        NSPrivacyAccessedAPITypeReasons: [35F9.1]
                  plugins:
                    - name: Widget
                      point: com.apple.widgetkit-extension
                      executable: {imports: [_mach_absolute_time]}
                  frameworks:
                    - name: VendorKit
                      executable: {imports: [_mach_absolute_time]}
                """))
        let findings = report.findings("required-reason-api")
        #expect(findings.map(\.bundle) == ["Payload/Notes.app/Frameworks/VendorKit.framework", "Payload/Notes.app/PlugIns/Widget.appex"])
        #expect(findings.allSatisfy { $0.message.contains("Notes.app's manifest declares it, but that covers only Notes.app's own code") })
    }

    @Test func aShortCategoryNameIsOneFindingOfItsOwnRule() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  executable: {imports: [_OBJC_CLASS_$_NSUserDefaults]}
                  privacy-manifest:
                    NSPrivacyAccessedAPITypes:
                      - NSPrivacyAccessedAPIType: UserDefaults
                        NSPrivacyAccessedAPITypeReasons: [CA92.1]
                """))
        #expect(report.privacyFindings.map(\.rule) == ["privacy-api-category-invalid"])
    }

    @Test func aBundlesRequiredReasonAPIsAreWhatItsBinariesUseWhateverItsManifestsDeclare() throws {
        let report = try inspect(PrivacyFixtures.package(PrivacyFixtures.healthy))
        let app = try #require(report.bundles.first { $0.kind == .app })
        #expect(
            app.requiredReasonAPIs == [
                RequiredReasonAPIUse(category: "NSPrivacyAccessedAPICategoryDiskSpace", binaries: ["Notes"]),
                RequiredReasonAPIUse(category: "NSPrivacyAccessedAPICategoryFileTimestamp", binaries: ["Notes", "libvendor.dylib"]),
                RequiredReasonAPIUse(category: "NSPrivacyAccessedAPICategorySystemBootTime", binaries: ["Notes"]),
                RequiredReasonAPIUse(category: "NSPrivacyAccessedAPICategoryUserDefaults", binaries: ["Notes"]),
            ])
        let alamofire = try #require(report.bundles.first { $0.name == "Alamofire.framework" })
        #expect(alamofire.requiredReasonAPIs == [])
    }

    @Test func withoutManifestsTheCheckReportsExactlyTheUsesTheBundleLists() throws {
        let report = try inspect(
            PrivacyFixtures.package(
                """
                app:
                  name: Notes
                  executable:
                    imports: [_stat, _statfs, _objc_msgSend]
                    selectors: [systemUptime]
                  files:
                    - path: Frameworks/libvendor.dylib
                      macho: {imports: [_fstat, _getattrlist]}
                  frameworks:
                    - name: VendorKit
                      executable: {imports: [_mach_absolute_time]}
                """))
        struct Use: Hashable {
            let bundle: String
            let binary: String
            let category: String
        }
        let listed = Set(
            report.bundles.flatMap { bundle in
                (bundle.requiredReasonAPIs ?? []).flatMap { use in use.binaries.map { Use(bundle: bundle.path, binary: $0, category: use.category) } }
            })
        let judged = Set(
            try report.findings("required-reason-api").map { finding in
                let category = try #require(PrivacyAPICategory.shipped.first { finding.message.contains(" uses \($0.name) (") })
                return Use(bundle: finding.bundle ?? "", binary: PackagePath.name(finding.file ?? ""), category: category.name)
            })
        #expect(listed.count == 6)
        #expect(listed == judged)
    }

    @Test func theEvidenceFilterKeepsListedNamesExactly() {
        let wants = EvidenceWants(rules: RuleCatalogue.shipped.rules)
        for name in ["_stat", "_statfs", "_getattrlist", "_mach_absolute_time", "_OBJC_CLASS_$_NSUserDefaults"] {
            #expect(wants.wants(.symbol, name), "\(name)")
            #expect(wants.forLibraries.wants(.symbol, name), "\(name) in a loose library")
        }
        for name in ["_stat64", "_statx", "stat", "_mach_continuous_time", "_clock_gettime", "_OBJC_CLASS_$_NSUserDefaultsController"] {
            #expect(!wants.wants(.symbol, name), "\(name)")
        }
        #expect(wants.wants(.selector, "systemUptime") && wants.wants(.selector, "activeInputModes"))
        #expect(!wants.wants(.selector, "creationDate") && !wants.wants(.selector, "systemUptimeInterval"))
        // Loose libraries keep only what the checks judging every binary ask for.
        #expect(!wants.forLibraries.wants(.string, "painotes://import"))
        #expect(!wants.forLibraries.wants(.selector, "openURL:"))
    }

    // MARK: - A healthy SwiftUI app

    /// What sentry-cli's DemoApp (a SwiftUI app built by Xcode 16) imports.
    static func demoAppImports() throws -> [String]? {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa") else { return nil }
        let container = try ZipArchiveReader(path: path)
        let entry = "Payload/DemoApp.app/DemoApp"
        let file = try #require(try MachOReader.read(container.openEntry(entry), size: container.size(of: entry), evidence: KeepAllEvidence()))
        var names: [String] = []
        for item in file.slices.flatMap(\.evidence) where item.kind == .symbol && !names.contains(item.value) {
            names.append(item.value)
        }
        return names
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled))
    func binariesImportingWhatATypicalSwiftUIAppImportsGiveNoFinding() throws {
        guard let imports = try Self.demoAppImports() else { return }
        #expect(imports.count == 91)
        // The same imports in an app, an extension and a framework, none with a manifest.
        var slice = MachOSliceDescription()
        slice.importedSymbols = imports
        let binary = MachOWriter.thin(slice)
        func withBinary(_ bundle: FixtureBundle, _ name: String) -> FixtureBundle {
            var copy = bundle
            copy.files = copy.files.filter { $0.path != name } + [FixtureFile(path: name, contents: binary)]
            return copy
        }
        let app = withBinary(.app("Demo", bundleIdentifier: "com.example.demo"), "Demo")
            .adding(
                withBinary(.appex("Widget", bundleIdentifier: "com.example.demo.widget", extensionPoint: "com.apple.widgetkit-extension"), "Widget"),
                in: "PlugIns"
            )
            .adding(withBinary(.framework("DemoKit", bundleIdentifier: "com.example.demokit"), "DemoKit"), in: "Frameworks")
        let report = try inspect(.ipa(app))
        #expect(report.bundles.count == 3)
        #expect(report.privacyFindings.isEmpty, "\(report.privacyFindings.map(\.message))")
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled))
    func theRealDemoAppGivesNoPrivacyFinding() throws {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        #expect(report.error == nil)
        #expect(report.privacyFindings.isEmpty)
        #expect(report.bundles.allSatisfy { $0.privacyManifest == nil })
    }
}
