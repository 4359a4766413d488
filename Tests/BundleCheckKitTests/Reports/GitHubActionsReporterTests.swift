import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

@Suite struct GitHubActionsReporterTests {
    static func finding(
        _ severity: Severity, rule: String = "some-rule", message: String = "something is off",
        bundle: String? = "Payload/A.app", file: String? = "Payload/A.app/Info.plist", line: Int? = nil, suppressed: Bool = false
    ) -> Finding {
        Finding(
            rule: rule, severity: severity, message: message, bundle: bundle, file: file,
            keyPath: nil, line: line, appleCodes: [], suppressed: suppressed
        )
    }

    static func input(
        _ path: String = "A.ipa", container: ContainerStorage = .zip, findings: [Finding], error: BundleCheckError? = nil
    ) -> InputReport {
        InputReport(
            path: path, kind: error == nil ? .ipa : nil, container: error == nil ? container : nil, size: 1, error: error,
            bundles: [], findings: findings, distribution: nil
        )
    }

    static func render(
        _ inputs: [InputReport], environment: [String: String] = [:], workingDirectory: String = "/work/repo",
        rules: [RuleDefinition] = [], existing: Set<String> = []
    ) -> [String] {
        let context = ReportContext(rules: rules, workingDirectory: workingDirectory, environment: environment)
        let output = GitHubActionsReporter(context, fileExists: { existing.contains($0) }).render(Report(toolVersion: "1", inputs: inputs))
        return output.split(separator: "\n").map(String.init)
    }

    @Test func messagesEscapePercentCarriageReturnAndLineFeed() {
        #expect(GitHubActionsReporter.escapeData("100% bad\r\nreally") == "100%25 bad%0D%0Areally")
        #expect(GitHubActionsReporter.escapeData("%0A") == "%250A")
        let lines = Self.render([Self.input(findings: [Self.finding(.error, message: "100% bad", line: 3)])])
        #expect(lines == ["::error file=A.ipa,title=some-rule::100%25 bad%0A--> Payload/A.app/Info.plist:3"])
    }

    @Test func packageTextCannotDriveTheTerminalNorStartACommand() {
        let message = "bad\n::error::forged \u{1B}[31mred"
        let lines = Self.render([Self.input(findings: [Self.finding(.error, message: message, file: nil)])])
        #expect(lines == [#"::error file=A.ipa,title=some-rule::bad\n::error::forged \u{1B}[31mred"#])
    }

    @Test func propertiesAlsoEscapeColonAndComma() {
        #expect(GitHubActionsReporter.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        #expect(GitHubActionsReporter.escapeData("a:b,c") == "a:b,c")
        let rule = RuleDefinition.shippedTitle("version-mismatch")
        let lines = Self.render(
            [Self.input("Build/my,app:1.ipa", findings: [Self.finding(.warning, rule: "version-mismatch", file: nil)])],
            rules: RuleCatalogue.shipped.rules
        )
        #expect(lines == ["::warning file=Build/my%2Capp%3A1.ipa,title=version-mismatch%3A \(GitHubActionsReporter.escapeProperty(rule))::something is off"])
    }

    @Test func errorsComeFirstThenWarningsThenNotices() {
        let first = Self.input(
            "A.ipa",
            findings: [
                Self.finding(.note, rule: "n", file: nil), Self.finding(.warning, rule: "w1", file: nil), Self.finding(.error, rule: "e1", file: nil),
            ])
        let second = Self.input("B.ipa", findings: [Self.finding(.warning, rule: "w2", file: nil), Self.finding(.error, rule: "e2", file: nil)])
        let broken = Self.input("C.ipa", findings: [], error: .notFound(path: "C.ipa"))
        let lines = Self.render([first, second, broken])
        #expect(lines.map { $0.prefix { $0 != " " } } == ["::error", "::error", "::error", "::warning", "::warning", "::notice"])
        #expect(lines[0].contains("title=e1"))
        #expect(lines[1].contains("title=e2"))
        #expect(lines[2].hasPrefix("::error file=C.ipa,title=input-not-checked%3A the input could not be checked::C.ipa: "))
        #expect(lines[3].contains("title=w1"))
        #expect(lines[4].contains("title=w2"))
    }

    @Test func suppressedFindingsAreNotAnnotated() {
        let lines = Self.render([Self.input(findings: [Self.finding(.error, suppressed: true)])])
        #expect(lines.isEmpty)
    }

    @Test func thePathInsideThePackageGoesIntoTheMessage() {
        let lines = Self.render([Self.input(findings: [Self.finding(.error, line: 12)])])
        #expect(lines == ["::error file=A.ipa,title=some-rule::something is off%0A--> Payload/A.app/Info.plist:12"])
    }

    @Test func pathsAreRelativeToTheWorkspace() {
        let inputs = [
            Self.input("/home/runner/work/app/app/build/A.ipa", findings: [Self.finding(.error, file: nil)]),
            Self.input("build/B.ipa", findings: [Self.finding(.error, file: nil)]),
            Self.input("/elsewhere/C.ipa", findings: [Self.finding(.error, file: nil)]),
        ]
        let lines = Self.render(
            inputs, environment: ["GITHUB_WORKSPACE": "/home/runner/work/app/app"], workingDirectory: "/home/runner/work/app/app/sub/.."
        )
        #expect(lines.map { $0.split(separator: ",")[0] } == ["::error file=build/A.ipa", "::error file=build/B.ipa", "::error file=/elsewhere/C.ipa"])
    }

    @Test func withoutAWorkspacePathsAreRelativeToTheWorkingDirectory() {
        let lines = Self.render([Self.input("/work/repo/out/./A.ipa", findings: [Self.finding(.error, file: nil)])], workingDirectory: "/work/repo/")
        #expect(lines.first?.hasPrefix("::error file=out/A.ipa,") == true)
    }

    @Test func anUnpackedDirectoryGivesTheFileAndLineWhenTheFileExists() {
        let findings = [
            Self.finding(.error, rule: "there", file: "Payload/A.app/Info.plist", line: 7),
            Self.finding(.error, rule: "gone", file: "Payload/A.app/Gone.plist", line: 3),
        ]
        let lines = Self.render(
            [Self.input("Build/A", container: .directory, findings: findings)],
            existing: ["/work/repo/Build/A/Payload/A.app/Info.plist"]
        )
        #expect(
            lines == [
                "::error file=Build/A,title=gone::something is off%0A--> Payload/A.app/Gone.plist:3",
                "::error file=Build/A/Payload/A.app/Info.plist,line=7,title=there::something is off%0A--> Payload/A.app/Info.plist:7",
            ])
    }

    @Test func aZipInputNeverGivesALine() {
        let lines = Self.render([Self.input("A.ipa", findings: [Self.finding(.error, line: 7)])], existing: ["/work/repo/A.ipa/Payload/A.app/Info.plist"])
        #expect(lines.first?.hasPrefix("::error file=A.ipa,title=") == true)
    }

    @Test func aPackagePipedInIsAnnotatedWithoutAFile() {
        let lines = Self.render([
            Self.input("-", findings: [Self.finding(.warning)]),
            Self.input("-", findings: [], error: .notAPackage(path: "-", reason: "not a zip archive")),
        ])
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { !$0.contains("file=") && $0.contains("title=") })
        #expect(Self.render([Self.input("x/-", findings: [Self.finding(.warning)])]).first?.contains("file=x/-") == true)
    }
}

extension RuleDefinition {
    /// The title of a shipped rule, for tests that expect it in output.
    static func shippedTitle(_ id: String) -> String {
        RuleCatalogue.shipped[id]?.title ?? ""
    }
}
