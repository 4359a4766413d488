import Foundation
import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The byte-level first cut may only ever say "maybe" to a string its condition matches, and
/// must say "no" to the ordinary strings of an executable, or it saves nothing.
@Suite struct UTF8ScreenTests {
    static let conditions: [BinaryCondition] = [
        .contains("://"), .prefix("group."), .equals("sharedApplication"), .contains("K"), .equals(";"),
        .prefix("café"), .contains("e\u{301}"), .equalsAny(["openURL:", "UIWebView"]),
        .matches(try! NSRegularExpression(pattern: "^[a-z]+://")),
    ]

    /// Candidates where String comparison and bytes might disagree: canonical equivalents
    /// (é composed and decomposed, the Kelvin sign and K, the Greek question mark and ;),
    /// combining marks after the operand, CR LF, and plain ASCII.
    static let candidates: [String] = [
        "painotes://import", "group.com.example", "group.\u{301}com", "sharedApplication", "K", "\u{212A}",
        ";", "\u{37E}", "café", "cafe\u{301}", "cafe\u{301}://x", "e\u{301}", "\u{E9}", ":/\u{338}/", "a\r\n://",
        "localized message number 7 for the user interface", "", "g", "group", "x://", "openURL:", "UIWebView",
    ]

    @Test func neverRefusesWhatTheConditionMatches() {
        for condition in Self.conditions {
            let screen = UTF8Screen(condition)
            for candidate in Self.candidates where condition.matches(candidate) {
                #expect(screen.mightMatch(Array(candidate.utf8)[...]), "\(condition.identity) matches \(candidate.debugDescription)")
            }
        }
    }

    @Test func refusesOrdinaryASCIIStrings() {
        let ordinary = Array("localized message number 7 for the user interface".utf8)[...]
        #expect(!UTF8Screen(.contains("://")).mightMatch(ordinary))
        #expect(!UTF8Screen(.prefix("group.")).mightMatch(ordinary))
        #expect(!UTF8Screen(.equals("sharedApplication")).mightMatch(ordinary))
        #expect(!UTF8Screen(.contains("://")).mightMatch(Array("a:/b/".utf8)[...]))
        #expect(UTF8Screen(.contains("://")).mightMatch(Array("a://".utf8)[...]))
    }

    @Test func leavesNonASCIIAndUndecidableConditionsToTheString() {
        let decomposed = Array("cafe\u{301}".utf8)[...]
        #expect(UTF8Screen(.contains("://")).mightMatch(decomposed))
        #expect(UTF8Screen(.prefix("café")).mightMatch(Array("x".utf8)[...]))
        #expect(UTF8Screen(.equalsAny(["a"])).mightMatch(Array("b".utf8)[...]))
    }

    @Test func evidenceWantsAsksOnlyMatchersOfTheKind() {
        let wants = EvidenceWants(matchers: [BinaryMatcher(kind: .string, condition: .contains("://"))])
        #expect(wants.mightWant(.string, utf8: Array("x://y".utf8)[...]))
        #expect(!wants.mightWant(.symbol, utf8: Array("x://y".utf8)[...]))
        #expect(!wants.mightWant(.string, utf8: Array("plain".utf8)[...]))
    }
}
