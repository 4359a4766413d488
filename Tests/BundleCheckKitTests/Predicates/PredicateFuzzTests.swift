import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

/// The seed's rule, damaged a few thousand ways: every variant parses or throws a syntax
/// error that points inside the text, and what parses survives every later stage.
@Suite struct PredicateFuzzTests {
    /// Fragments that reach the parser's corners: brackets, quotes, escapes, operators, keywords.
    static let fragments: [String] = [
        "(", ")", "{", "}", "[", "]", ",", ".", "\"", "'", "\\", "$", "@", "#", "&", "|", "!", "=", "<", ">",
        "-", "+", "*", "/", "**", " ", "\n", "\t", "\r\n", "0", "1", "-1", "0x", "1e", "é", "\u{201C}",
        "AND", "OR", "NOT", "ANY", "ALL", "NONE", "SOME", "IN", "BETWEEN", "SUBQUERY(", "TRUEPREDICATE",
        "FALSEPREDICATE", "UTI-CONFORMS-TO", "UTI-EQUALS", "@count", "$x", "#IN", "[cd]", "{1, 2}", "NULL",
        "SELF", "ANYKEY", "FIRST", "\\u00", "\\\"", "==", "<=", "=>", "<>",
    ]

    static func mutate(_ characters: [Character], using random: inout SeededRandom) -> [Character] {
        var result = characters
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = result.isEmpty ? 0 : Int.random(in: 0...result.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !result.isEmpty:
                // Delete a short run.
                let start = min(position, result.count - 1)
                let end = min(result.count, start + Int.random(in: 1...8, using: &random))
                result.removeSubrange(start..<end)
            case 1:
                result.insert(contentsOf: fragments.randomElement(using: &random)!, at: position)
            case 2 where result.count > 2:
                // Repeat a run, to grow nesting.
                let start = Int.random(in: 0..<(result.count - 1), using: &random)
                let end = min(result.count, start + Int.random(in: 1...40, using: &random))
                result.insert(contentsOf: result[start..<end], at: position)
            case 3 where result.count > 1:
                result.swapAt(Int.random(in: 0..<result.count, using: &random), Int.random(in: 0..<result.count, using: &random))
            default:
                if !result.isEmpty {
                    result[min(position, result.count - 1)] = fragments.randomElement(using: &random)!.first ?? " "
                }
            }
        }
        return result
    }

    @Test func mutatedSeedRulesParseOrThrowNeverCrash() {
        var random = SeededRandom(seed: 0x5EED_0000_0000_0000)
        let seed = Array(PredicateSamples.seedRule)
        var parsed = 0
        var refused = 0
        for _ in 0..<3_000 {
            let text = String(Self.mutate(seed, using: &random))
            do {
                let predicate = try PredicateParser.parse(text)
                parsed += 1
                _ = PredicateFolding.truthValue(of: predicate)
                for issue in PredicateAnalyzer.issues(in: predicate, types: .shipped) {
                    #expect(issue.offset >= 0 && issue.offset < text.count, "issue outside \(text.debugDescription)")
                }
                // The canonical form reads back as the same tree.
                let again = try PredicateParser.parse(predicate.description)
                #expect(again.description == predicate.description, "round trip of \(text.debugDescription)")
            } catch {
                refused += 1
                #expect(!error.message.isEmpty)
                #expect(error.offset >= 0 && error.offset <= text.count, "offset outside \(text.debugDescription)")
                #expect(error.line >= 1 && error.column >= 1)
                #expect(error.excerpt.hasSuffix("^"))
            }
            _ = ActivationRuleAnalysis(rule: .string(text), types: .shipped)
        }
        #expect(parsed > 100)
        #expect(refused > 1_000)
    }

    @Test func randomTextFromTheFragmentsParsesOrThrows() {
        var random = SeededRandom(seed: 0xF4A6_3E7D)
        for _ in 0..<1_000 {
            let count = Int.random(in: 0...60, using: &random)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &random)! }.joined(separator: " ")
            do {
                let predicate = try PredicateParser.parse(text)
                _ = PredicateAnalyzer.issues(in: predicate, types: .shipped)
                _ = PredicateFolding.truthValue(of: predicate)
            } catch {
                #expect(error.offset >= 0 && error.offset <= text.count)
            }
        }
    }
}
