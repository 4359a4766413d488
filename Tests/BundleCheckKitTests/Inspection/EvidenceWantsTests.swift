import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// What the executables' strings are filtered by: every string that matches nothing is tested
/// against every matcher, so a matcher two checks share is kept once.
@Suite struct EvidenceWantsTests {
    @Test func theShippedRulesAskForEachMatcherOnce() {
        let wants = EvidenceWants(rules: RuleCatalogue.shipped.rules)
        let identities = wants.matchers.map(\.identity)
        #expect(!identities.isEmpty)
        #expect(Set(identities).count == identities.count, "\(identities.count - Set(identities).count) repeated")
        // url-scheme-undeclared and handoff-types-undeclared both ask for its strings.
        #expect(identities.filter { $0 == URLSchemeUndeclaredCheck.need.identity }.count == 1)
    }

    @Test func matchersAreTheSameOnlyWhenTheyAskTheSame() throws {
        let regex = try NSRegularExpression(pattern: "^a+$")
        let matchers = [
            BinaryMatcher(kind: .string, condition: .contains("://")), BinaryMatcher(kind: .string, condition: .contains("://")),
            BinaryMatcher(kind: .selector, condition: .contains("://")), BinaryMatcher(kind: .string, condition: .prefix("://")),
            BinaryMatcher(kind: .string, condition: .matches(regex)),
            BinaryMatcher(kind: .string, condition: .matches(try NSRegularExpression(pattern: "^a+$"))),
            BinaryMatcher(kind: .string, condition: .matches(try NSRegularExpression(pattern: "^a+$", options: .caseInsensitive))),
        ]
        #expect(EvidenceWants(matchers: matchers).matchers.count == 5)
        #expect(EvidenceWants(matchers: matchers).wants(.string, "https://x") && !EvidenceWants(matchers: matchers).wants(.symbol, "https://x"))
    }
}
