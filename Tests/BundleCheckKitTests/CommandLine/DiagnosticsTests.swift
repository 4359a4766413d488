import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats

/// Messages on standard error name the input they concern, and a failed input is said once
/// where a person reads it.
@Suite struct DiagnosticsTests {
    func notAZip() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("Broken.ipa")
        try Data("no zip here".utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    @Test func aTextReportOnTheTerminalSaysItOnce() throws {
        let (directory, path) = try notAZip()
        _ = directory
        let (status, console) = CapturingConsole.run([path], isTerminal: true)
        #expect(status == .inputFailure)
        #expect(console.output.components(separatedBy: "not a zip archive").count == 2, "\(console.output)")
        #expect(console.error.isEmpty)
    }

    @Test func aReportWrittenToAFileLeavesTheReasonOnStandardError() throws {
        let (directory, path) = try notAZip()
        let reportPath = directory.path("report.txt")
        let (status, console) = CapturingConsole.run(["-o", reportPath, path])
        #expect(status == .inputFailure)
        #expect(console.error == "bundlecheck: error: \(path): not an app package: not a zip archive\n")
        // The file keeps its own line for the failed input.
        let written = try String(contentsOfFile: reportPath, encoding: .utf8)
        #expect(written.contains("  error: \(path): not an app package: not a zip archive"))
    }

    @Test func aMessageThatNamesAnotherFileIsPrefixedWithTheInput() {
        let error = BundleCheckError.missingEntry(file: "Payload/A.app/embedded.mobileprovision")
        #expect(BundleCheckCommand.diagnostic(error, of: "build/A.ipa") == "build/A.ipa: Payload/A.app/embedded.mobileprovision: no such entry in the package")
        #expect(BundleCheckCommand.diagnostic(.noApp(path: "build/A.ipa"), of: "build/A.ipa").hasPrefix("build/A.ipa: no .app bundle"))
    }
}
