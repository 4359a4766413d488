import Foundation
import Testing

@testable import BundleCheckCommandLine

/// `bundlecheck(1)`, rendered from the option table: it names every option, value and exit
/// status, mentions no option that does not exist, and is roff groff reads without a warning.
@Suite struct ManPageTests {
    static let page = ManPage.render()

    /// The lines of section `name`, up to the next `.SH`.
    static func section(_ name: String) throws -> String {
        let start = try #require(page.range(of: "\n.SH \(name)\n"), "no \(name) section").upperBound
        let rest = page[start...]
        return String(rest[..<(rest.range(of: "\n.SH ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func hasTheSectionsOfAManualPage() {
        let sections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "FILES", "EXAMPLES"])
        #expect(Self.page.hasPrefix(#".\" Generated"#))
        #expect(Self.page.contains("\n.TH BUNDLECHECK 1 "))
    }

    @Test func optionsListEveryOptionOfTheTableWithItsValues() throws {
        let options = try Self.section("OPTIONS")
        for option in CommandLineOption.all {
            let heading = ManPage.optionHeading(option)
            #expect(options.contains(".TP\n" + heading + "\n"), "no entry for \(option.name)")
            for name in option.shownNames {
                #expect(heading.contains("\\fB" + ManPage.text(name) + "\\fR"))
            }
            for choice in option.choices ?? [] {
                #expect(options.contains("\\fB" + ManPage.text(choice) + "\\fR"), "\(option.name) does not list \(choice)")
            }
        }
        #expect(options.components(separatedBy: ".TP\n").count - 1 == CommandLineOption.all.count)
    }

    @Test func everyOptionThePageMentionsExists() throws {
        // Option names are typed `\-\-name` (or `\-h`) in roff.
        let spellings = Set(CommandLineOption.all.flatMap(\.allSpellings))
        let pattern = try Regex(#"\\-\\-[a-z]+(\\-[a-z]+)*"#)
        let mentioned = Self.page.matches(of: pattern).map { Self.page[$0.range].replacingOccurrences(of: "\\-", with: "-") }
        #expect(mentioned.count > CommandLineOption.all.count)
        #expect(Set(mentioned).subtracting(spellings).isEmpty, "unknown options: \(Set(mentioned).subtracting(spellings).sorted())")
    }

    @Test func exitStatusListsEveryExitCode() throws {
        let section = try Self.section("EXIT STATUS")
        let listed = section.split(separator: "\n").filter { $0.hasPrefix(".B ") }.map { $0.dropFirst(3) }.map(String.init)
        #expect(listed == ExitCode.allCases.map { String($0.rawValue) })
    }

    @Test func textIsEscapedForRoff() {
        #expect(ManPage.text(#"a\b"#) == #"a\eb"#)
        #expect(ManPage.text("--fail-on <severity>") == #"\-\-fail\-on \fIseverity\fR"#)
        #expect(ManPage.text(".bundlecheck.yml\n'quoted'") == "\\&.bundlecheck.yml\n\\&'quoted'")
        #expect(ManPage.text("a <unclosed") == #"a \fIunclosed\fR"#)
    }

    @Test(.enabled(if: ExternalTool.isInstalled("groff"), "groff is not installed (apt-get install groff-base)"))
    func groffReadsThePageWithoutAWarning() throws {
        let directory = try TemporaryDirectory()
        try Self.page.write(toFile: directory.path("bundlecheck.1"), atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(["groff", "-man", "-Tutf8", "-ww", "-z", "bundlecheck.1"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "\(result.output)")
        let rendered = try ExternalTool.run(["groff", "-man", "-Tascii", "-P", "-c", "-P", "-b", "-P", "-u", "bundlecheck.1"], in: directory.url)
        #expect(rendered.output.contains("--write-baseline file"), "\(rendered.output)")
    }
}
