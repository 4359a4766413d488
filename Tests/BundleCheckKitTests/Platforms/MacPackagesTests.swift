import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// Whole Mac packages, zipped and as folders on disk, checked with every shipped rule: the Mac
/// example is inventoried through its Contents/ folders and versioned framework, a healthy Mac
/// App Store app has no finding, and each Mac distribution asks its own of it.
@Suite struct MacPackagesTests {
    static let settings = InspectionSettings(now: ISODateParser.parse("2026-12-01")!)

    /// The package written on disk as it unzips (`PaiNotes.app/…` in a folder), and that `.app` inspected.
    static func inspectOnDisk(
        _ package: FixturePackage, settings: InspectionSettings = settings, after edit: (String) throws -> Void = { _ in }
    ) throws -> InputReport {
        let directory = try TemporaryDirectory()
        try package.writeDirectory(to: directory.path(""))
        let app = directory.path("PaiNotes.app")
        try edit(app)
        return PackageInspector(settings: settings).inspect(path: app)
    }

    static func described(_ report: InputReport) -> [String] {
        report.findings.map { "\($0.rule) \($0.bundle ?? "-"): \($0.message)" }
    }

    @Test func theHealthyMacAppStoreExampleHasNoFindingZippedOrOnDisk() throws {
        let package = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2")
        for report in [
            try inspect(package, named: "PaiNotes.app.zip", settings: Self.settings),
            try Self.inspectOnDisk(package),
        ] {
            #expect(report.error == nil)
            #expect(Self.described(report) == [])
            #expect(report.distribution == DistributionAssumption(checked: .macAppStore, basis: .signature("mac-app-store provisioning profile")))
            #expect(report.bundles.map(\.kind) == [.app, .framework, .appex])
            #expect(report.bundles.allSatisfy { $0.platform.id == "macos" })
        }
    }

    @Test func theExampleIsInventoriedThroughItsMacLayout() throws {
        let report = try inspect(try ExamplePackages.paiNotesMac(), named: "PaiNotes.app.zip", settings: Self.settings)
        let byPath = Dictionary(uniqueKeysWithValues: report.bundles.map { ($0.path, $0) })
        let app = try #require(byPath["PaiNotes.app"])
        #expect(app.bundleIdentifier == "com.painotes.mac" && app.shortVersion == "1.2" && app.version == "42")
        #expect(app.signing?.profilePath == "PaiNotes.app/Contents/embedded.provisionprofile")
        #expect(app.signing?.profile?.kind == .macAppStore)
        let kit = try #require(byPath["PaiNotes.app/Contents/Frameworks/NotesKit.framework"])
        #expect(kit.infoPlistPath == "PaiNotes.app/Contents/Frameworks/NotesKit.framework/Versions/A/Resources/Info.plist")
        #expect(kit.signing?.executablePath == "PaiNotes.app/Contents/Frameworks/NotesKit.framework/Versions/A/NotesKit")
        #expect(kit.bundleIdentifier == "com.painotes.mac.NotesKit")
        // The one seeded mistake, and nothing else.
        #expect(report.findings.map(\.rule) == ["version-mismatch"])
        #expect(report.findings.first?.bundle == "PaiNotes.app/Contents/PlugIns/Share.appex")
    }

    @Test func everyExecutableOfAMacAppStoreAppIsSandboxedHelperToolsIncluded() throws {
        let unsandboxed = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2") {
            $0.adding(helperTool: "sync", entitlements: PlistDictionary(["com.apple.security.network.client": .bool(true)]))
        }
        let report = try inspect(unsandboxed, named: "PaiNotes.app.zip", settings: Self.settings)
        let findings = report.findings("app-sandbox-missing")
        #expect(findings.map(\.file) == ["PaiNotes.app/Contents/MacOS/sync"])
        #expect(findings.first?.message.contains("the helper tool sync of PaiNotes.app") == true)
        #expect(findings.first?.appleCodes == ["ITMS-90296"])
        // Read as a helper tool, not a stray binary.
        #expect(report.findings("stray-binary").isEmpty)
        #expect(report.bundles.first?.signing?.tools.map(\.path) == ["PaiNotes.app/Contents/MacOS/sync"])

        let sandboxed = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2") {
            $0.adding(
                helperTool: "sync",
                entitlements: PlistDictionary([
                    "com.apple.security.app-sandbox": .bool(true), "com.apple.security.inherit": .bool(true),
                ]))
        }
        #expect(try inspect(sandboxed, named: "PaiNotes.app.zip", settings: Self.settings).findings("app-sandbox-missing").isEmpty)
    }

    @Test func aStatedAppStoreMeansTheMacAppStoreForAMacApp() throws {
        let settings = InspectionSettings(distribution: .appStore, now: Self.settings.now)
        let report = try inspect(try ExamplePackages.paiNotesMac(shareShortVersion: "1.2"), named: "PaiNotes.app.zip", settings: settings)
        #expect(report.distribution == DistributionAssumption(checked: .macAppStore, basis: .stated))
        #expect(report.findings.isEmpty)
        // Developer ID: the Mac App Store profile no longer fits, and notarization wants the
        // hardened runtime its executables lack; the category is no longer asked.
        let developerID = InspectionSettings(distribution: .developerID, now: Self.settings.now)
        let judged = try inspect(try ExamplePackages.paiNotesMac(shareShortVersion: "1.2"), named: "PaiNotes.app.zip", settings: developerID)
        #expect(Set(judged.findings.map(\.rule)) == ["profile-kind", "hardened-runtime-missing"])
        #expect(judged.findings("hardened-runtime-missing").map(\.bundle) == ["PaiNotes.app", "PaiNotes.app/Contents/PlugIns/Share.appex"])
    }

    @Test func aMisspeltCategoryNamesTheOneItMeant() throws {
        let package = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2") {
            $0.setting("LSApplicationCategoryType", to: .string("public.app-category.developertools"))
        }
        let findings = try inspect(package, named: "PaiNotes.app.zip", settings: Self.settings).findings("mac-app-category")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("did you mean 'public.app-category.developer-tools'?") == true)
    }

    @Test func aMacCatalystAppIsCatalystByItsExecutableAndJudgedAsAMacApp() throws {
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: .macCatalyst)
            .setting("LSApplicationCategoryType", to: .string("public.app-category.productivity"))
        let report = try inspect(try FixturePackage.app(app), named: "Notes.app.zip", settings: Self.settings)
        let bundle = try #require(report.bundles.first)
        #expect(bundle.platform.id == "maccatalyst" && bundle.layout.style == .contents)
        #expect(report.distribution?.checked == .macAppStore)
        #expect(report.findings("platform-mismatch").isEmpty && report.findings("encryption-info").isEmpty)
        #expect(report.findings("unsupported-architecture").isEmpty && report.findings("stray-binary").isEmpty)
    }

    @Test func aLinkOfAnAppOnDiskThatLeavesItsBundleIsAFinding() throws {
        let report = try Self.inspectOnDisk(try ExamplePackages.paiNotesMac(shareShortVersion: "1.2")) { app in
            try FileManager.default.createSymbolicLink(atPath: app + "/Contents/Resources/shared", withDestinationPath: "../../../../etc")
        }
        let findings = report.findings("zip-entry-unsafe-name")
        #expect(findings.map(\.file) == ["PaiNotes.app/Contents/Resources/shared"])
        #expect(findings.first?.bundle == "PaiNotes.app")
    }

    @Test func aMacArchiveIsReadUnderProductsApplicationsAndJudgedForNoDistribution() throws {
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: .macOS)
            .adding(FixtureBundle.xpcService("Fetch", bundleIdentifier: "com.example.notes.fetch"), in: "XPCServices")
        let report = try inspectDirectory(try FixturePackage.xcarchive(app, name: "Notes"), named: "Notes.xcarchive", settings: Self.settings)
        #expect(report.kind == .xcarchive && report.distribution?.checked == nil)
        #expect(report.bundles.map(\.path) == ["Products/Applications/Notes.app", "Products/Applications/Notes.app/Contents/XPCServices/Fetch.xpc"])
        #expect(report.bundles.map(\.kind) == [.app, .xpcService])
        #expect(report.bundles.map(\.infoPlistPath).allSatisfy { $0.hasSuffix("/Contents/Info.plist") })
        #expect(report.findings.filter { $0.severity == .error }.map(\.rule) == [])
    }

    @Test func onlyExecutablesInToolFoldersAreHelperToolsAndABrokenOneIsAFinding() throws {
        let dylib = MachOWriter.thin(MachOSliceDescription(fileType: .dylib))
        let package = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2") {
            $0.adding(file: "MacOS/libextra.dylib", contents: dylib)
                .adding(file: "Helpers/broken", contents: [0xCF, 0xFA, 0xED, 0xFE] + [UInt8](repeating: 0xFF, count: 60))
        }
        let report = try inspect(package, named: "PaiNotes.app.zip", settings: Self.settings)
        #expect(report.bundles.first?.signing?.tools.isEmpty == true)
        #expect(report.findings("app-sandbox-missing").isEmpty)
        #expect(report.findings("executable-invalid").map(\.file) == ["PaiNotes.app/Contents/Helpers/broken"])
    }

    @Test func chromiumAndSparkleFrameworkLayoutsAreNoStrayBinaries() throws {
        let tool = MachOWriter.thin(MachOSliceDescription())
        let package = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2") { app in
            var copy = app
            copy.children = app.children.map { folder, child in
                guard child.name == "NotesKit.framework" else { return (folder, child) }
                return (folder, child.adding(file: "Libraries/libEGL.dylib", contents: tool).adding(file: "Autoupdate", contents: tool))
            }
            return copy
        }
        let report = try inspect(package, named: "PaiNotes.app.zip", settings: Self.settings)
        #expect(report.findings("stray-binary").isEmpty)
        #expect(report.findings.isEmpty)
    }

    @Test func aFrameworksHelperToolIsSandboxedForTheStore() throws {
        let package = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2") { app in
            var copy = app
            copy.children = app.children.map { folder, child in
                guard child.name == "NotesKit.framework" else { return (folder, child) }
                return (folder, child.adding(helperTool: "crash_handler", in: "Helpers"))
            }
            return copy
        }
        let report = try inspect(package, named: "PaiNotes.app.zip", settings: Self.settings)
        #expect(report.findings("app-sandbox-missing").map(\.file) == ["PaiNotes.app/Contents/Frameworks/NotesKit.framework/Versions/A/Helpers/crash_handler"])
    }

    @Test func theReportSaysWhenTheStatedDistributionIsNotTheAppsPlatforms() throws {
        let package = try ExamplePackages.paiNotesMac(shareShortVersion: "1.2")
        let adHoc = try inspect(package, named: "PaiNotes.app.zip", settings: InspectionSettings(distribution: .adHoc, now: Self.settings.now))
        let line = TextReporter.distribution(try #require(adHoc.distribution), of: adHoc)
        #expect(line == "checked for ad-hoc distribution, as stated, which is not how macOS apps ship (mac-app-store, developer-id or development)")
        let developerID = try inspect(package, named: "PaiNotes.app.zip", settings: InspectionSettings(distribution: .developerID, now: Self.settings.now))
        #expect(TextReporter.distribution(try #require(developerID.distribution), of: developerID) == "checked for developer-id distribution, as stated")
    }
}

extension MacPackagesTests {
    /// ITMS-90981's words in the finding: what the executable has, what it lacks, from when it
    /// may, and Apple's code from the rule file.
    @Test func anArm64OnlyCatalystAppBelowMacOS13IsToldToKeepIntelOrRaiseItsTarget() throws {
        let rule = try #require(RuleCatalogue.shipped["catalyst-intel-dropped"])
        let example = try #require(rule.examples.first { $0.triggers })
        let report = try RuleExampleRunner.report(of: example, rules: [rule]).get()
        #expect(
            Self.described(report) == [
                "catalyst-intel-dropped Shutter.app: the executable of Shutter.app is built for arm64 only, without x86_64, while its LSMinimumSystemVersion 12.0 is below 13.0: App Store Connect refuses the build if the app's earlier builds ran on Intel Macs (ITMS-90981); keep x86_64 in the build, or raise the deployment target to macOS 13.0"
            ])
        #expect(report.findings.first?.appleCodes == ["ITMS-90981"])
    }
}
