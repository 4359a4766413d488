import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckModel

/// A copied `bundlecheck` works on its own: the rules are compiled in, nothing is read
/// from the build tree or a `Rules/` folder beside it.
@Suite struct ShippedBinaryTests {
    static let built = BuiltProducts.executable(named: "bundlecheck")

    /// Runs the binary under test only when it was built, and always under CI (where a missing one fails).
    static var enabled: Bool { built != nil || RepositoryPaths.isCI }

    /// A copy of the built executable alone in a fresh temporary folder.
    struct Copy {
        let directory: TemporaryDirectory
        let executable: URL

        init() throws {
            let built = try #require(
                ShippedBinaryTests.built, "the bundlecheck executable was not found next to the test bundle; run `swift build --build-tests` first")
            directory = try TemporaryDirectory()
            executable = directory.url.appendingPathComponent("bundlecheck")
            try FileManager.default.copyItem(at: built, to: executable)
        }

        /// Runs the copy with the temporary folder as working directory and a minimal environment.
        func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = directory.url
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.url.path, "LANG": "C"]
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        }
    }

    @Test(.enabled(if: enabled, "the bundlecheck executable was not built next to the tests (swift build --build-tests)"))
    func aCopiedBinaryListsEveryShippedRule() throws {
        let copy = try Copy()
        let result = try copy.run(["--list-rules"])
        #expect(result.status == 0, "\(result.error)")
        let ids = result.output.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
        #expect(ids == RuleCatalogue.shipped.rules.map(\.id))
    }

    @Test(.enabled(if: enabled, "the bundlecheck executable was not built next to the tests (swift build --build-tests)"))
    func aCopiedBinaryExplainsARule() throws {
        let copy = try Copy()
        let result = try copy.run(["--explain", "junk-file"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix(try #require(RuleCatalogue.shipped["junk-file"]).title + "\n"))
        #expect(result.output.contains("\nWhy\n") && result.output.contains("\nFix\n"))
    }

    @Test(.enabled(if: enabled, "the bundlecheck executable was not built next to the tests (swift build --build-tests)"))
    func aCopiedBinaryFindsJunkInAPackage() throws {
        let copy = try Copy()
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").adding(file: ".DS_Store", contents: [0])
        try FixturePackage.ipa(app).writeZip(to: copy.directory.path("Notes.ipa"))
        // At a fixed date: the fixture is an Xcode 26.1 build, which sdk-too-old refuses from April 2027.
        let result = try copy.run(["--format", "json", "--now", "2026-12-06", "Notes.ipa"])
        #expect(result.status == 0, "\(result.error)")
        let junk = try ReportJSON(result.output).findings("junk-file")
        #expect(junk.map { $0["file"] as? String } == ["Payload/Notes.app/.DS_Store"])
    }

    @Test(.enabled(if: enabled, "the bundlecheck executable was not built next to the tests (swift build --build-tests)"))
    func theBinaryHoldsNoPathToTheRulesFolder() throws {
        let copy = try Copy()
        let bytes = try Data(contentsOf: copy.executable)
        let rulesFolder = RepositoryPaths.root.appendingPathComponent("Rules").standardizedFileURL.path
        #expect(bytes.count > 0)
        #expect(bytes.range(of: Data(rulesFolder.utf8)) == nil, "\(rulesFolder) is written in the binary")
    }
}
