import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats

/// `bundlecheck --version`: the version and the commit the binary was built from.
@Suite struct VersionLineTests {
    @Test func versionPrintsTheVersionAndTheCommit() throws {
        let (status, console) = CapturingConsole.run(["--version"])
        #expect(status == .success)
        // A test build is a plain `swift build`: not stamped unless built through the Makefile.
        let line = try #require(
            console.output.wholeMatch(of: try Regex(#"bundlecheck ([0-9]+\.[0-9]+\.[0-9]+) \(commit ([0-9a-f]{7,40}(-dirty)?|unknown)\)\n"#)))
        #expect(line.output[1].substring.map(String.init) == BundleCheckVersion.current)
        #expect(console.error.isEmpty)
    }

    @Test func theLineNamesTheStampedCommitOrSaysUnknown() {
        #expect(BuildCommit.versionLine(version: "0.9.0", commit: "cef6f9f") == "bundlecheck 0.9.0 (commit cef6f9f)")
        #expect(BuildCommit.versionLine(version: "0.9.0", commit: nil) == "bundlecheck 0.9.0 (commit unknown)")
    }
}
