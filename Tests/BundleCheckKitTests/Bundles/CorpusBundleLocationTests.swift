import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

/// Opens and locates every package of the shared real-world corpus.
///
/// Expected values were computed beforehand with Python's `zipfile`
/// (file counts exclude folder entries; bytes are the sum of uncompressed sizes).
@Suite struct CorpusBundleLocationTests {
    enum Expected: Sendable {
        case located(kind: InputKind, files: Int, bytes: UInt64, bundles: [BundleLocation])
        case fails(code: String)
    }

    static let corpus: String? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    static let corpusIsPresent = corpus.map { FileManager.default.fileExists(atPath: $0 + "/README.md") } ?? false
    static let runningOnCI = ProcessInfo.processInfo.environment["CI"] == "true"

    static func app(_ path: String) -> BundleLocation {
        BundleLocation(path: path, kind: .app, parent: nil)
    }

    static let cases: [(String, Expected)] = [
        (
            "fastlane/ContainsWatchApp.ipa",
            .located(
                kind: .ipa, files: 12, bytes: 27_861,
                bundles: [
                    app("ContainsWatchApp/Payload/Sample.app"),
                    BundleLocation(
                        path: "ContainsWatchApp/Payload/Sample.app/Watch/Sample WatchKit App.app",
                        kind: .watchApp, parent: "ContainsWatchApp/Payload/Sample.app"
                    ),
                ])
        ),
        ("fastlane/ExampleProductName-cocoapods.ipa", .located(kind: .ipa, files: 28, bytes: 573_796, bundles: [app("Payload/ExampleProductName.app")])),
        ("fastlane/iOSAppOnly.ipa", .located(kind: .ipa, files: 6, bytes: 14_139, bundles: [app("iOSAppOnly/Payload/Sample.app")])),
        ("fastlane/very-capable-app.ipa", .located(kind: .ipa, files: 11, bytes: 84_990, bundles: [app("Payload/very-capable-app.app")])),
        (
            "fastlane/very-capable-app.xcarchive",
            .located(
                kind: .xcarchive, files: 4, bytes: 794 + 1842 + 6889 + 2145,
                bundles: [
                    app("Products/Applications/very-capable-app.app")
                ])
        ),
        ("isign/SimpleSaucyApp.ipa", .located(kind: .ipa, files: 30, bytes: 16_858_467, bundles: [app("Payload/SimpleSaucyApp.app")])),
        ("isign/TestSimulator.app.zip", .located(kind: .app, files: 20, bytes: 11_969_435, bundles: [app("isignTestApp.app")])),
        ("sentry-cli/DemoApp.ipa", .located(kind: .ipa, files: 5, bytes: 121_041, bundles: [app("Payload/DemoApp.app")])),
        (
            "sentry-cli/two-apps.ipa",
            .located(
                kind: .ipa, files: 14, bytes: 254_618,
                bundles: [
                    app("Payload/DemoApp.app"), app("Payload/s/demo.app"),
                ])
        ),
        ("fastlane/not-an-ipa.ipa", .fails(code: "not-a-package")),
        ("sentry-cli/invalid.ipa", .fails(code: "not-a-package")),
        ("fastlane/appstore-test.mobileprovision", .fails(code: "not-a-package")),
        ("fastlane/no-app-bundle.ipa", .fails(code: "no-app")),
        ("isign/NotAnApp.ipa", .fails(code: "no-app")),
    ]

    @Test(
        .enabled(if: corpusIsPresent || runningOnCI, "the shared corpus is not next to the repository (../shared/corpus)"),
        arguments: cases
    )
    func locatesTheBundlesOfEachCorpusPackage(_ name: String, _ expected: Expected) throws {
        guard let corpus = Self.corpus, Self.corpusIsPresent else {
            Issue.record("CI=true but the corpus is missing at \(Self.corpus ?? "../shared/corpus")")
            return
        }
        let path = corpus + "/" + name
        switch expected {
        case .located(let kind, let fileCount, let bytes, let bundles):
            let container = try PackageOpener.open(path: path)
            #expect(container.files.count == fileCount)
            #expect(container.files.reduce(0) { $0 + $1.size } == bytes)
            let located = try BundleLocator.locate(files: container.files, packagePath: path)
            #expect(located.kind == kind)
            #expect(located.bundles == bundles)
            // Every file reads back whole, at the size the listing states.
            var total: UInt64 = 0
            for file in container.files {
                let read = try container.read(file.path, limit: 32 << 20)
                #expect(UInt64(read.count) == file.size, "\(file.path)")
                total += UInt64(read.count)
            }
            #expect(total == bytes)
        case .fails(let code):
            #expect {
                let container = try PackageOpener.open(path: path)
                _ = try BundleLocator.locate(files: container.files, packagePath: path)
            } throws: { error in
                (error as? BundleCheckError)?.code == code
            }
        }
    }
}
