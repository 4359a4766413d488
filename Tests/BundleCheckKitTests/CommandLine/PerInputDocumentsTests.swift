import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

/// `--format cyclonedx` and `spdx` write one document per package: to standard output or a
/// file for one input, into a folder for several (named after each package), and a run of
/// several that names one file is a usage error before anything is read.
@Suite struct PerInputDocumentsTests {
    static func writeExamples(in directory: TemporaryDirectory) throws -> [String] {
        let yaml = "app:\n  name: Notes\n  plugins:\n    - name: Share\n"
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml"))
        let package = try FixtureDescription.package(from: node)
        let first = directory.path("Notes.ipa")
        try FileManager.default.createDirectory(atPath: directory.path("other"), withIntermediateDirectories: true)
        let second = directory.path("other/Notes.ipa")
        try package.writeZip(to: first)
        try package.writeZip(to: second)
        return [first, second]
    }

    static func json(_ path: String) throws -> JSONValue {
        try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func oneInputGoesToStandardOutputWithEachExecutableHashed() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.writeExamples(in: directory)
        let (status, console) = CapturingConsole.run(["--format", "cyclonedx", "--now", "2026-12-06", inputs[0]])
        #expect(status != .usage)
        let document = try JSONParser().parse(Array(console.output.utf8))
        #expect(document["bomFormat"] == "CycloneDX")
        #expect(document["metadata"]?["timestamp"] == "2026-12-06T00:00:00Z")
        guard case .array(let components)? = document["components"] else {
            Issue.record("no components")
            return
        }
        #expect(components.count == 2)
        #expect(components.allSatisfy { $0["hashes"] != nil })
    }

    @Test func severalInputsGoIntoAFolderOneDocumentEachNamedAfterItsPackage() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.writeExamples(in: directory)
        let folder = directory.path("sboms") + "/"
        let (status, console) = CapturingConsole.run(
            ["--now", "2026-12-06", "--report", "cyclonedx=\(folder)", "--report", "spdx=\(folder)", "--format", "json", "-o", directory.path("r.json")]
                + inputs)
        #expect(status != .usage, "\(console.error)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["Notes.ipa-2.cdx.json", "Notes.ipa-2.spdx.json", "Notes.ipa.cdx.json", "Notes.ipa.spdx.json"])
        #expect(try Self.json(folder + "Notes.ipa-2.cdx.json")["metadata"]?["component"]?["properties"]?[0]?["value"] == .string(inputs[1]))
        #expect(try Self.json(folder + "Notes.ipa.spdx.json")["spdxVersion"] == "SPDX-2.3")
    }

    @Test func severalInputsToOneFileOrStandardOutputIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.writeExamples(in: directory)
        let (status, console) = CapturingConsole.run(["--format", "spdx"] + inputs)
        #expect(status == .usage)
        #expect(console.error.contains("'--format spdx' writes one spdx document per package and 2 are checked; give a folder"))
        let (toFile, fileConsole) = CapturingConsole.run(["--report", "cyclonedx=\(directory.path("one.json"))"] + inputs)
        #expect(toFile == .usage)
        #expect(fileConsole.error.contains("'--report cyclonedx' writes one cyclonedx document per package"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("one.json")))
    }

    @Test func namesInAFolderStayApartAndReadable() {
        func input(_ path: String) -> InputReport {
            InputReport(path: path, kind: nil, container: nil, size: 0, error: nil, bundles: [], findings: [], distribution: nil)
        }
        let names = PerInputDocuments.names(
            of: [input("a/App.ipa"), input("b/App.ipa"), input("-"), input("Build/My.app/"), input("c/App.ipa"), input("d/App.ipa-2")], suffix: ".cdx.json")
        // `App.ipa-2` is also an input's own name: it takes the next free one.
        #expect(
            names == [
                "App.ipa.cdx.json", "App.ipa-2.cdx.json", "standard-input.cdx.json", "My.app.cdx.json", "App.ipa-3.cdx.json", "App.ipa-2-2.cdx.json",
            ])
    }

    /// Two formats share a folder; one format twice into it would write its files twice.
    @Test func formatsShareAFolderButOneFormatDoesNotWriteItTwice() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.writeExamples(in: directory)
        let folder = directory.path("sboms") + "/"
        let (twice, console) = CapturingConsole.run(["--format", "cyclonedx", "-o", folder, "--report", "cyclonedx=\(folder)"] + inputs)
        #expect(twice == .usage)
        #expect(console.error.contains("refusing to write there: it is also where --output writes"), "\(console.error)")
    }

    @Test func aPackageThatCannotBeOpenedStillGetsAValidDocumentThatSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("broken.ipa")
        try "not a zip".write(toFile: path, atomically: true, encoding: .utf8)
        let (status, console) = CapturingConsole.run(["--format", "cyclonedx", path])
        #expect(status == .inputFailure)
        let document = try JSONParser().parse(Array(console.output.utf8))
        #expect(document["components"] == [])
        let properties = document["metadata"]?["component"]?["properties"]
        #expect(properties?[1]?["name"] == "bundlecheck:error")
    }
}
