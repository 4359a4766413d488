import Foundation
import Testing
@testable import BundleCheckCommandLine

/// The Makefile and the Swift it drives agree: it stamps the commit the way `BuildCommit` reads
/// it, and installs a completion for every shell the generator knows.
@Suite struct MakefileTests {
    static func read(_ relative: String) throws -> String {
        try String(contentsOf: RepositoryPaths.root.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test func theStampIsWrittenWhereBuildCommitReadsIt() throws {
        let makefile = try Self.read("Makefile")
        let buildCommit = try Self.read("Sources/BundleCheckCommandLine/CommandLine/BuildCommit.swift")
        let flag = try #require(buildCommit.firstMatch(of: try Regex(#"#if ([A-Z_]+)"#))?.output[1].substring.map(String.init))
        #expect(makefile.contains("-Xswiftc -D\(flag)"), "the Makefile does not compile with -D\(flag)")
        #expect(buildCommit.contains("static let hash: String? = stampedBuildCommit"))
        #expect(makefile.contains(#""let stampedBuildCommit: String? = $$value""#))
        #expect(makefile.contains("STAMP = Sources/BundleCheckCommandLine/CommandLine/BuildCommit.stamped.swift"))
        let ignored = try Self.read(".gitignore")
        #expect(ignored.split(separator: "\n").contains("/Sources/BundleCheckCommandLine/CommandLine/BuildCommit.stamped.swift"))
    }

    @Test func installWritesTheManPageAndEveryShellsCompletion() throws {
        let makefile = try Self.read("Makefile")
        #expect(makefile.contains(#"bundlecheck-generate" man > "$(MANDIR)/bundlecheck.1""#))
        for shell in ShellCompletion.allCases {
            #expect(makefile.contains(#"bundlecheck-generate" completion \#(shell.rawValue) > "#), "make install writes no \(shell) completion")
        }
        #expect(makefile.contains("--static-swift-stdlib"))
    }
}
