import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// One package's bundles loaded on several threads: when that is done, and that the report does
/// not depend on it.
@Suite struct BundleLoadPlanTests {
    static let mebibyte: UInt64 = 1 << 20
    /// Every bundle earns a worker, however small: for the fixture builder's kilobyte executables.
    static let always = BundleLoadPlan(minimumExecutableBytes: 0, countedExecutableBytes: 1)

    @Test func twoLargeExecutablesGetAWorkerEachUpToTheJobs() {
        let plan = BundleLoadPlan()
        #expect(plan.workers(jobs: 4, executableSizes: [100 * Self.mebibyte, 100 * Self.mebibyte, 0]) == 2)
        #expect(plan.workers(jobs: 2, executableSizes: Array(repeating: 20 * Self.mebibyte, count: 5)) == 2)
        #expect(plan.workers(jobs: 4, executableSizes: Array(repeating: 20 * Self.mebibyte, count: 5)) == 4)
    }

    @Test func oneJobOrSmallExecutablesStayOnOneThread() {
        let plan = BundleLoadPlan()
        #expect(plan.workers(jobs: 1, executableSizes: [100 * Self.mebibyte, 100 * Self.mebibyte]) == 1)
        #expect(plan.workers(jobs: 4, executableSizes: [500 * Self.mebibyte]) == 1, "one executable: nothing to overlap")
        #expect(plan.workers(jobs: 4, executableSizes: [15 * Self.mebibyte, 16 * Self.mebibyte]) == 1, "31 MiB in all")
        #expect(plan.workers(jobs: 4, executableSizes: [16 * Self.mebibyte, 16 * Self.mebibyte]) == 2, "32 MiB in all")
        // Small bundles (a bundle of resources, a tiny framework) earn no worker and do not count.
        #expect(plan.workers(jobs: 4, executableSizes: [64 * Self.mebibyte, Self.mebibyte - 1, 4096]) == 1)
        #expect(plan.workers(jobs: 4, executableSizes: [.max, .max]) == 2, "sizes that overflow a sum saturate")
    }

    @Test func theExecutableIsTheLargestFileDirectlyInTheBundleAndOnlyZipsQualify() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(Self.app()).writeZip(to: path)
        let container = try PackageOpener.open(path: path)
        let bundles = try BundleLocator.locate(files: container.files, packagePath: path).bundles
        #expect(bundles.count == 5)
        #expect(Self.always.workers(jobs: 4, bundles: bundles, in: container) == 4)
        #expect(Self.always.workers(jobs: 8, bundles: bundles, in: container) == 5)
        #expect(Self.always.workers(jobs: 1, bundles: bundles, in: container) == 1)
        // The fixture's executables are kilobytes: the shipped thresholds keep them on one thread.
        #expect(BundleLoadPlan().workers(jobs: 4, bundles: bundles, in: container) == 1)

        let unpacked = directory.path("unpacked/Notes.app")
        try FixturePackage.app(Self.app()).writeDirectory(to: directory.path("unpacked"))
        let folder = try PackageOpener.open(path: unpacked)
        let folderBundles = try BundleLocator.locate(files: folder.files, packagePath: unpacked).bundles
        #expect(folderBundles.count == 5)
        #expect(Self.always.workers(jobs: 4, bundles: folderBundles, in: folder) == 1, "a directory is read without inflating")
    }

    @Test func theReportIsByteIdenticalWithOneWorkerAndSeveral() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(Self.app()).writeZip(to: path)
        let settings = InspectionSettings(now: SignedFixtures.now, verifiesResources: true)
        func json(jobs: Int) -> String { Self.reportJSON(path, jobs: jobs, settings: settings, loadPlan: Self.always) }
        let serial = json(jobs: 1)
        let report = try ReportJSON(serial)
        // The edits after signing are found, pages hashed among them: the comparison has something to compare.
        let modified = report.findings("signature-modified").compactMap { $0["file"] as? String }
        #expect(modified.contains("Payload/Notes.app/PlugIns/Action.appex/Action"), "the patched code page")
        #expect(modified.contains("Payload/Notes.app/PlugIns/Widget.appex/Info.plist"))
        for _ in 0..<3 {
            #expect(json(jobs: 4) == serial)
            #expect(json(jobs: 2) == serial)
        }
    }

    @Test func largestExecutablesAreLoadedFirst() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        // The extensions' executables are alike; the app's holds 64 KiB of strings more.
        try FixturePackage.ipa(Self.app(appStrings: Self.strings(count: 256))).writeZip(to: path)
        let container = try PackageOpener.open(path: path)
        let bundles = try BundleLocator.locate(files: container.files, packagePath: path).bundles
        let order = BundleLoadPlan().schedule(jobs: 2, bundles: bundles, in: container).order
        #expect(Set(order) == Set(bundles.indices))
        #expect(bundles[order[0]].path == "Payload/Notes.app")
        let sizes = BundleLoadPlan.executableSizes(of: bundles, in: container)
        for (earlier, later) in zip(order, order.dropFirst()) {
            // Largest first; equal sizes keep the bundles' own order.
            #expect(sizes[earlier] > sizes[later] || (sizes[earlier] == sizes[later] && earlier < later))
        }
    }

    @Test func theReportIsByteIdenticalWhenAnIdleWorkerHashesTheLastExecutablesPages() throws {
        // The app's executable is 4 MiB and the others kilobytes: with two workers, one loads
        // the app while the other loads everything else, then hashes the app's pages.
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(Self.app(appStrings: Self.strings(count: 16_384))).writeZip(to: path)
        func json(jobs: Int) -> String { Self.reportJSON(path, jobs: jobs, loadPlan: Self.always) }
        let serial = json(jobs: 1)
        let report = try ReportJSON(serial)
        let modified = report.findings("signature-modified").compactMap { $0["file"] as? String }
        #expect(modified.contains("Payload/Notes.app/PlugIns/Action.appex/Action"), "the patched code page")
        #expect(!modified.contains("Payload/Notes.app/Notes"), "the app's 1,000 pages match, whoever hashed them")
        for _ in 0..<3 {
            #expect(json(jobs: 2) == serial)
            #expect(json(jobs: 3) == serial)
        }
    }

    @Test func theRulesFindTheSameOnTwoThreadsAsOnOne() throws {
        // Enough entries for the matcher rules to run beside the built-in checks, some of them
        // junk, one named with an unexpanded build setting, and a text file with a secret.
        var app = Self.app()
        for index in 0..<PackageInspector.minimumEntriesForParallelRules {
            app = app.adding(file: "Assets/image-\(index).png", contents: [UInt8(truncatingIfNeeded: index)])
        }
        app = app.adding(file: ".DS_Store", contents: [0]).adding(file: "Assets/._image-1.png", contents: [0])
            .adding(file: "Assets/$(PRODUCT_NAME).txt", contents: Array("x".utf8))
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(app).writeZip(to: path)
        func json(jobs: Int) -> String { Self.reportJSON(path, jobs: jobs) }
        let serial = json(jobs: 1)
        let report = try ReportJSON(serial)
        #expect(report.findings("junk-file").count == 2)
        #expect(report.findings("unexpanded-variable").count == 1)
        for _ in 0..<3 { #expect(json(jobs: 2) == serial) }
    }

    /// The JSON report of the package at `path` checked with `jobs`.
    static func reportJSON(
        _ path: String, jobs: Int, settings: InspectionSettings = InspectionSettings(now: SignedFixtures.now), loadPlan: BundleLoadPlan = BundleLoadPlan()
    ) -> String {
        let input = PackageInspector(rules: RuleCatalogue.shipped.rules, settings: settings, jobs: jobs, loadPlan: loadPlan).inspect(path: path)
        return JSONReporter().render(Report(toolVersion: "1.0.0", inputs: [input]))
    }

    /// `count` distinct C strings of 255 bytes (256 with the NUL).
    static func strings(count: Int) -> [String] {
        (0..<count).map { index in
            let head = "string \(index) "
            return head + String(repeating: "x", count: 255 - head.utf8.count)
        }
    }

    @Test func workersReadThePackageFirstOpenedEvenWhenItIsReplaced() throws {
        // The package replaced after opening: every worker reads through the one handle opened
        // first, so the bundles listed are the bundles read.
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(Self.app()).writeZip(to: path)
        let container = try PackageOpener.open(path: path)
        let located = try BundleLocator.locate(files: container.files, packagePath: path)
        try FixturePackage.ipa(FixtureBundle.app("Other", bundleIdentifier: "com.example.other")).writeZip(to: directory.path("Other.ipa"))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: directory.path("Other.ipa"), toPath: path)
        let inspector = PackageInspector(rules: RuleCatalogue.shipped.rules, settings: InspectionSettings(), jobs: 4, loadPlan: Self.always)
        let rules = RuleCatalogue.shipped.rules
        let bundles = inspector.loadBundles(
            located.bundles, from: container, paths: PathIndex(container: container),
            evidence: EvidenceWants(rules: rules), seals: SealWants(rules: rules, settings: InspectionSettings())
        )
        #expect(bundles.map(\.path) == located.bundles.map(\.path))
        #expect(bundles.allSatisfy { $0.problems.isEmpty }, "\(bundles.flatMap(\.problems))")
        #expect(bundles.compactMap(\.signing?.executablePath).count == 5)
    }

    static func executable(_ name: String, _ identifier: String, cStrings: [String] = []) -> FixtureExecutable {
        var slice = MachOSliceDescription(
            architecture: .arm64, codeSignature: FixtureCodeSignature(identifier: identifier, teamIdentifier: SignedFixtures.team))
        slice.cStrings = cStrings
        return FixtureExecutable(name: name, slices: [slice])
    }

    /// An app with three signed extensions and a signed framework, two of them edited after
    /// signing; `appStrings` C strings make the app's executable as large as asked.
    static func app(appStrings: [String] = []) -> FixtureBundle {
        func appex(_ name: String, _ point: String, edits: FixtureEditsAfterSigning = FixtureEditsAfterSigning()) -> FixtureBundle {
            let identifier = "com.example.notes." + name.lowercased()
            return FixtureBundle.appex(name, bundleIdentifier: identifier, extensionPoint: point)
                .with(executable(name, identifier))
                .edited(afterSigning: edits)
        }
        return FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .adding(file: "config.json", contents: Array(#"{"server": "https://api.example.com"}"#.utf8))
            .with(executable("Notes", "com.example.notes", cStrings: appStrings))
            .adding(appex("Share", "com.apple.share-services"), in: "PlugIns")
            .adding(appex("Action", "com.apple.ui-services", edits: FixtureEditsAfterSigning(patchesCode: true)), in: "PlugIns")
            .adding(
                appex(
                    "Widget", "com.apple.widgetkit-extension",
                    edits: FixtureEditsAfterSigning(
                        infoPlist: [.init(key: "CFBundleVersion", value: .string("2"))]
                    )), in: "PlugIns"
            )
            .adding(
                FixtureBundle.framework("Kit", bundleIdentifier: "com.example.kit").with(executable("Kit", "com.example.kit")),
                in: "Frameworks"
            )
    }
}
