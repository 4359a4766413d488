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

    /// `make deb` packages what `make install` stages, as issue 29 asks; `make dist` adds the
    /// source tarball and checksums. The package itself is built, linted, installed in a clean
    /// chroot and purged by `.ci/run` (scripts/test-deb.sh), which is too slow for a unit test.
    @Test func debAndDistPackageWhatInstallStages() throws {
        let makefile = try Self.read("Makefile")
        #expect(makefile.contains("deb: build generator\n\tSWIFT=\"$(SWIFT)\" scripts/build-deb.sh"))
        #expect(makefile.contains("dist: deb\n\tscripts/build-dist.sh"))
        let script = try Self.read("scripts/build-deb.sh")
        for step in [
            "make --no-print-directory install DESTDIR=\"$root\" PREFIX=/usr", "dpkg-shlibdeps -O",
            "dpkg-deb --root-owner-group", "strip --strip-unneeded", "gzip -9n \"$root/usr/share/man/man1/bundlecheck.1\"",
            "\"$generate\" debian-changelog", "scripts/debian/copyright", "version=\"$upstream+git$stamp.$commit\"",
        ] {
            #expect(script.contains(step), "scripts/build-deb.sh does not \(step)")
        }
        let control = try Self.read("scripts/debian/control")
        for field in ["Version: @VERSION@", "Depends: @DEPENDS@", "Architecture: @ARCH@", "Installed-Size: @SIZE@"] {
            #expect(control.contains(field))
        }
        #expect(try Self.read(".gitignore").split(separator: "\n").contains("/dist/"))
        let ci = try Self.read(".ci/run")
        #expect(ci.contains("make dist") && ci.contains("scripts/test-deb.sh"))
    }
}
