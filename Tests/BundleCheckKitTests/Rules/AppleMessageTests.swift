import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckModel
@testable import BundleCheckReports

/// `apple-messages`: what App Store Connect prints with each of a rule's codes, loaded against
/// the codes, searched by `--explain` as altool prints it without the code, and carried by SARIF.
@Suite struct AppleMessageTests {
    @Test(arguments: [
        ("Missing app icon", ["missing app icon"]),
        ("Validation failed (409) Invalid bundle … iPad multitasking", ["invalid bundle", "ipad multitasking"]),
        ("validation failed (409): Invalid Bundle... iPad Multitasking", ["invalid bundle", "ipad multitasking"]),
        ("Validation Failed Missing architecture", ["missing architecture"]),
        ("  “Invalid” ’quotes’  ", ["\"invalid\" 'quotes'"]),
    ])
    func aQueryDropsAltoolsWrapperAndSplitsAtEllipses(text: String, pieces: [String]) {
        #expect(AppleMessageQuery(text)?.pieces == pieces)
    }

    @Test func aQueryOfNothingButTheWrapperIsNone() {
        #expect(AppleMessageQuery("Validation failed (409)") == nil)
        #expect(AppleMessageQuery(" … ") == nil)
    }

    @Test func everyPieceMustAppearInOneMessageInAnyCaseAndQuote() throws {
        let message = AppleMessage(
            code: "ITMS-90474", text: "Invalid Bundle - iPad Multitasking support requires these orientations: ‘UIInterfaceOrientationPortrait’")
        #expect(message.title == "Invalid Bundle")
        #expect(try #require(AppleMessageQuery("invalid bundle ... multitasking")).matches(message))
        #expect(try #require(AppleMessageQuery("invalid bundle ... 'UIInterfaceOrientationPortrait'")).matches(message))
        #expect(try #require(AppleMessageQuery("invalid bundle ... watch")).matches(message) == false)
    }

    static func rule(_ messages: String) -> String {
        """
        id: demo
        title: A demo rule
        severity: error
        category: demo
        apple-codes: [ITMS-90171, ITMS-90172]
        \(messages)
        rationale: Why.
        fix: How.
        scope:
          kinds: [app]
        match:
          path: {glob: "**/*.dylib"}
        """
    }

    @Test func messagesLoadInTheCodesOrderAndOnlyForTheRulesCodes() throws {
        let rule = try RuleLoader.load(
            text: Self.rule("apple-messages:\n  ITMS-90172: \"Second - text\"\n  ITMS-90171: First"), file: "pack/demo.yml", isBuiltIn: false,
            checks: BuiltInCheckDeclarations([]))
        #expect(rule.appleMessages.map(\.code) == ["ITMS-90171", "ITMS-90172"])
        #expect(rule.appleMessages.map(\.title) == ["First", "Second"])
        #expect(rule.with(severity: .warning).appleMessages == rule.appleMessages)
        #expect(throws: YAMLLoadError.self) {
            try RuleLoader.load(
                text: Self.rule("apple-messages:\n  ITMS-90999: Not ours"), file: "pack/demo.yml", isBuiltIn: false, checks: BuiltInCheckDeclarations([]))
        }
        do {
            _ = try RuleLoader.load(
                text: Self.rule("apple-messages:\n  ITMS-90999: Not ours"), file: "pack/demo.yml", isBuiltIn: false, checks: BuiltInCheckDeclarations([]))
        } catch {
            #expect(
                error.description
                    == "pack/demo.yml:7: key 'apple-messages': 'ITMS-90999' is not one of the rule's apple-codes (the rule lists ITMS-90171, ITMS-90172)")
        }
    }

    /// Codes whose wording no public source quotes (searched 2026-12-06: issue threads and pages
    /// give only paraphrases); their rules say what the message means in their rationale.
    static let wordingUnknown: Set<String> = ["ITMS-91179", "ITMS-90497", "ITMS-90967"]

    /// Every shipped rule says what Apple prints with each of its codes whose wording is known.
    @Test func everyShippedCodeHasItsMessage() {
        for rule in RuleCatalogue.shipped.rules {
            #expect(rule.appleMessages.map(\.code) == rule.appleCodes.filter { !Self.wordingUnknown.contains($0) }, "\(rule.id)")
        }
        // Each exemption is still a code some rule carries, and still without a message.
        let all = Set(RuleCatalogue.shipped.rules.flatMap(\.appleCodes))
        let worded = Set(RuleCatalogue.shipped.rules.flatMap(\.appleMessages).map(\.code))
        #expect(Self.wordingUnknown.isSubset(of: all) && Self.wordingUnknown.isDisjoint(with: worded))
    }

    @Test func explainFindsTheIconRuleByAppleMessage() {
        let found = BundleCheckCommand.explained("Missing app icon", in: .shipped).map(\.id)
        #expect(found.contains("app-store-icon-missing"), "\(found)")
        let (status, console) = CapturingConsole.run(["--explain", "Missing app icon"])
        #expect(status == .success)
        #expect(console.output.contains("Apple says\n"), "\(console.output)")
    }

    @Test func explainFindsARuleByWhatAltoolPrintsWithoutTheCode() {
        let found = BundleCheckCommand.explained("Validation failed (409) Invalid bundle … iPad multitasking", in: .shipped).map(\.id)
        #expect(found.contains("ipad-multitasking-orientations"), "\(found)")
        #expect(
            found.allSatisfy { id in
                RuleCatalogue.shipped[id]?.appleMessages.contains { $0.text.lowercased().contains("multitasking") } == true
            })
    }

    @Test func sarifRuleHelpCarriesAppleMessage() throws {
        let rule = try #require(RuleCatalogue.shipped["version-mismatch"])
        let message = try #require(rule.appleMessages.first)
        var context = ReportContext()
        context.rules = [rule]
        let sarif = SARIFReporter(context: context).render(Report(toolVersion: "test", inputs: []))
        #expect(sarif.contains("Apple says: ITMS-90473: "), "\(sarif.prefix(400))")
        #expect(sarif.contains(message.title))
    }
}
