import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

/// Hostile and broken inputs: each gives a named error (exit 2), never a crash.
@Suite struct BadInputTests {
    static let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")

    func error(for path: String) -> BundleCheckError? {
        PackageInspector().inspect(path: path).error
    }

    @Test func missingPathIsNotFound() {
        #expect(error(for: "/nonexistent/Nope.ipa") == .notFound(path: "/nonexistent/Nope.ipa"))
    }

    @Test func emptyFileIsReportedAsEmpty() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Empty.ipa")
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(error(for: path) == .emptyFile(path: path))
    }

    @Test func textFileIsNotAPackage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Text.ipa")
        try Data("hello, this is no zip archive".utf8).write(to: URL(fileURLWithPath: path))
        #expect(error(for: path)?.code == "not-a-package")
    }

    @Test func truncatedZipIsAnErrorAtEveryCut() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Whole.ipa")
        try FixturePackage.ipa(Self.app.adding(file: "Blob", contents: Array(repeating: 7, count: 4096))).writeZip(to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = directory.path("Cut.ipa")
        for length in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 40)) {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: cut))
            let report = PackageInspector().inspect(path: cut)
            #expect(report.error != nil, "cut at \(length) of \(bytes.count) bytes was accepted")
        }
    }

    @Test func zipWithoutAnAppHasNoApp() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("NoApp.ipa")
        let lonely = FixtureBundle.appex("Share", bundleIdentifier: "com.example.share", extensionPoint: "com.apple.share-services")
        try FixturePackage(files: try FixturePackage.ipa(lonely).files).writeZip(to: path)
        #expect(error(for: path) == .noApp(path: path))
    }

    @Test func errorReportsStillCarryPathAndSize() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Text.ipa")
        try Data(repeating: 65, count: 123).write(to: URL(fileURLWithPath: path))
        let report = PackageInspector().inspect(path: path)
        #expect(report.path == path)
        #expect(report.size == 123)
        #expect(report.bundles.isEmpty && report.findings.isEmpty)
    }
}
