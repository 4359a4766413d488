import Testing

@testable import BundleCheckFormats

/// Each cap of `PredicateLimits`, at the cap (parsed) and one past it (a syntax error naming
/// the cap), with small limits so the inputs stay short.
@Suite struct PredicateLimitsTests {
    static func message(_ text: String, _ limits: PredicateLimits) -> String? {
        do {
            _ = try PredicateParser.parse(text, limits: limits)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theStandardLimitsAreTheDocumentedValues() {
        #expect(PredicateLimits.standard.maxBytes == 65_536)
        #expect(PredicateLimits.standard.maxDepth == 200)
    }

    @Test func textAtTheByteCapParsesAndOneByteLongerIsRefusedNamingTheCap() {
        let limits = PredicateLimits(maxBytes: 10)
        #expect(Self.message("a == 12345", limits) == nil)
        #expect(Self.message("a == 123456", limits) == "the predicate is 11 bytes long; the limit is 10")
        // Bytes, not characters: "é" is two.
        #expect(Self.message("a == \"éx\"", limits) == nil)
        #expect(Self.message("a == \"éé\"", limits) == "the predicate is 11 bytes long; the limit is 10")
    }

    @Test func nestingAtTheDepthCapParsesAndOneLevelMoreIsRefusedNamingTheCap() {
        let limits = PredicateLimits(maxDepth: 6)
        // The tree of four NOTs over `a == 1` is six levels: the NOTs, the comparison, its operands.
        for nots in 0...4 {
            #expect(Self.message(String(repeating: "NOT ", count: nots) + "a == 1", limits) == nil, "\(nots) NOTs")
        }
        #expect(Self.message(String(repeating: "NOT ", count: 5) + "a == 1", limits) == "the predicate nests deeper than 6 levels")
        #expect(
            Self.message(String(repeating: "NOT ", count: 4) + "a == 1", PredicateLimits(maxDepth: 5))
                == "the predicate nests deeper than 5 levels")
    }

    @Test func parenthesesCountOneLevelEach() {
        let limits = PredicateLimits(maxDepth: 6)
        #expect(Self.message(String(repeating: "(", count: 6) + "a == 1" + String(repeating: ")", count: 6), limits) == nil)
        #expect(
            Self.message(String(repeating: "(", count: 7) + "a == 1" + String(repeating: ")", count: 7), limits)
                == "the predicate nests deeper than 6 levels")
    }
}
