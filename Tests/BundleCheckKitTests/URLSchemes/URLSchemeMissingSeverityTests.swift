import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// `url-scheme-missing` warns where an extension's code shows it opens a URL, and is otherwise a
/// note, as it is on the Mac: `RuleDefinition.finding(atMost:)` weakens one finding, never more
/// than the configuration asks.
@Suite struct URLSchemeMissingSeverityTests {
    static func severity(of yaml: String, named name: String = "Fixture.ipa") throws -> [Severity] {
        let report = try inspect(try FixtureDescriptionSupport.describe(yaml), named: name)
        return report.findings("url-scheme-missing").map(\.severity)
    }

    @Test func aShareExtensionThatNeverOpensAURLIsANote() throws {
        #expect(try Self.severity(of: "app:\n  name: Notes\n  plugins:\n    - {name: Share, point: com.apple.share-services}") == [.note])
    }

    @Test(arguments: [
        "executable: {selectors: [\"openURL:\"]}",
        "executable: {selectors: [\"openURL:options:completionHandler:\"]}",
        "executable: {strings: [\"notes://import?files=\"]}",
    ])
    func anExtensionWhoseCodeOpensAURLKeepsTheWarning(_ executable: String) throws {
        let yaml = "app:\n  name: Notes\n  plugins:\n    - name: Import\n      point: com.apple.ui-services\n      \(executable)\n"
        #expect(try Self.severity(of: yaml) == [.warning])
    }

    @Test func aSystemSchemeIsNoSignOfOpeningTheApp() throws {
        let yaml =
            "app:\n  name: Notes\n  plugins:\n    - name: Share\n      point: com.apple.share-services\n      executable: {strings: [\"https://example.com\"]}\n"
        #expect(try Self.severity(of: yaml) == [.note])
    }

    @Test func onTheMacItIsANoteWhateverTheCode() throws {
        let yaml =
            "layout: app\napp:\n  name: Notes\n  platform: macos\n  plugins:\n    - name: Share\n      point: com.apple.share-services\n      executable: {selectors: [\"openURL:\"]}\n"
        #expect(try Self.severity(of: yaml, named: "Notes.app.zip") == [.note])
    }

    @Test func atMostWeakensAFindingNeverBeyondTheConfiguration() throws {
        let rule = try #require(RuleCatalogue.shipped["url-scheme-missing"])
        let here = FindingLocation(bundle: nil, file: nil)
        #expect(rule.finding("m", at: here).severity == .warning)
        #expect(rule.finding("m", at: here, atMost: .note).severity == .note)
        #expect(rule.with(severity: .error).finding("m", at: here, atMost: .warning).severity == .warning)
        #expect(rule.with(severity: .note).finding("m", at: here, atMost: .warning).severity == .note)
    }
}
