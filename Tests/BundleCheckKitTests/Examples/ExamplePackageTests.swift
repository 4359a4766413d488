import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

/// Each package in `Examples/` is what the fixture builder writes, and gives the findings pinned
/// in its golden report.
@Suite struct ExamplePackageTests {
    struct Example: Sendable, CustomStringConvertible {
        let name: String
        /// `.ipa`, or `.app.zip` for a zipped Mac app.
        var suffix = ".ipa"
        let build: @Sendable () throws -> FixturePackage
        /// The file in Examples/ when it is not the name and suffix.
        var fileName: String?
        /// Whether a check passes it: the next build of PaiNotes has only warnings, and only a
        /// release review against the first finds its build number gone back.
        var passes = false
        var description: String { name }
        var file: String { fileName ?? name + suffix }

        init(name: String, suffix: String = ".ipa", build: @escaping @Sendable () throws -> FixturePackage, file: String? = nil, passes: Bool = false) {
            self.name = name
            self.passes = passes
            self.suffix = suffix
            self.build = build
            self.fileName = file
        }
        var path: String { RepositoryPaths.file("Examples/\(file)") }
    }

    static let examples = [
        Example(name: "PaiNotes", build: ExamplePackages.paiNotes),
        Example(name: "PaiNotes-build40", build: ExamplePackages.paiNotesNextBuild, passes: true),
        Example(name: "PaiScan", build: ExamplePackages.paiScan),
        Example(name: "PaiNotesMac", suffix: ".app.zip", build: { try ExamplePackages.paiNotesMac() }),
        Example(name: "PaiNotesMacInstaller", suffix: ".pkg", build: { try ExamplePackages.paiNotesMacInstaller() }, file: "PaiNotesMac.pkg"),
    ]

    @Test(arguments: examples)
    func exampleMatchesWhatTheFixtureBuilderWrites(_ example: Example) throws {
        let directory = try TemporaryDirectory()
        let rebuilt = directory.path(example.file)
        try example.build().write(to: rebuilt)
        // Every file kept: an installer package is read in one pass, which keeps only what it is told to.
        let keepAll = PayloadReadPlan(keepsWhole: { _, _ in true })
        let shipped = try PackageOpener.open(path: example.path, plan: keepAll)
        let fresh = try PackageOpener.open(path: rebuilt, plan: keepAll)
        #expect(shipped.files.map(\.path) == fresh.files.map(\.path))
        for entry in fresh.files {
            #expect(
                try shipped.read(entry.path, limit: 1 << 20) == fresh.read(entry.path, limit: 1 << 20),
                "\(entry.path) differs; run `swift run bundlecheck-fixtures Examples`")
        }
    }

    @Test(arguments: examples)
    func writingTheExampleTwiceGivesIdenticalBytes(_ example: Example) throws {
        let directory = try TemporaryDirectory()
        try example.build().write(to: directory.path("A.ipa"))
        try example.build().write(to: directory.path("B.ipa"))
        let first = try Data(contentsOf: URL(fileURLWithPath: directory.path("A.ipa")))
        let second = try Data(contentsOf: URL(fileURLWithPath: directory.path("B.ipa")))
        #expect(first == second)
    }

    @Test(arguments: examples)
    func exampleFindingsMatchTheGoldenReport(_ example: Example) throws {
        // A fixed date: the example's profiles expire in 2030.
        let (status, console) = CapturingConsole.run(["--format", "json", "--now", "2026-06-01", example.path])
        #expect(status == (example.passes ? .success : .findings))
        let rendered = console.output
            .replacingOccurrences(of: example.path, with: "Examples/\(example.file)")
            .replacingOccurrences(of: "\"version\": \"\(BundleCheckVersion.current)\"", with: "\"version\": \"<version>\"")
        let goldenPath = RepositoryPaths.file("Tests/BundleCheckKitTests/Examples/Golden/\(example.name).json")
        if ProcessInfo.processInfo.environment["BUNDLECHECK_RECORD_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: URL(fileURLWithPath: goldenPath))
        }
        let golden = try Data(contentsOf: URL(fileURLWithPath: goldenPath))
        let expected = try JSONSerialization.jsonObject(with: golden) as? NSDictionary
        let actual = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? NSDictionary
        #expect(expected != nil)
        #expect(actual == expected, "the example's report changed; re-record with BUNDLECHECK_RECORD_GOLDEN=1 if intended")
    }

    /// PaiScan shows the privacy and upload rules: exactly a missing purpose string in the app and
    /// an undeclared required-reason API in the extension, beside a manifest that is right; and,
    /// built with Xcode 26.1 in mid-2026, the announced April 2027 floor, once for the app.
    @Test func paiScanShowsItsPrivacyAndUploadFindingsOnly() throws {
        let report = PackageInspector(settings: InspectionSettings(now: Date(timeIntervalSince1970: 1_780_000_000)))
            .inspect(path: RepositoryPaths.file("Examples/PaiScan.ipa"))
        #expect(
            report.findings.map(\.rule).sorted() == [
                "document-types", "ipad-multitasking-orientations", "purpose-string-missing", "required-reason-api", "sdk-floor-upcoming",
            ])
        #expect(report.findings("sdk-floor-upcoming").map(\.bundle) == ["Payload/PaiScan.app"])
        #expect(report.findings("document-types").first?.keyPath?.description == "/CFBundleDocumentTypes/1")
        #expect(report.findings("ipad-multitasking-orientations").first?.appleCodes == ["ITMS-90474"])
        #expect(report.findings("purpose-string-missing").first?.keyPath?.description == "/NSPhotoLibraryUsageDescription")
        #expect(report.findings("required-reason-api").first?.bundle == "Payload/PaiScan.app/PlugIns/PaiScanShare.appex")
        #expect(report.bundles.first?.privacyManifest?.accessedAPIs.map(\.category) == ["NSPrivacyAccessedAPICategoryUserDefaults"])
    }
}
