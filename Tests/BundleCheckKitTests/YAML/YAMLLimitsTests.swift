import Testing

@testable import BundleCheckFormats

/// `YAMLLimits` passed to the parser: each cap with small values, at the cap (read) and one
/// past it (refused naming the cap). The standard values are tested at and past their caps
/// in `YAMLParserTests` and `YAMLRejectionTests`.
@Suite struct YAMLLimitsTests {
    static func parse(_ text: String, _ limits: YAMLLimits) throws(YAMLError) -> YAMLNode? {
        try YAMLParser.parse(Array(text.utf8), file: "rule.yml", limits: limits)
    }

    static func failure(_ text: String, _ limits: YAMLLimits) -> YAMLError? {
        do {
            _ = try parse(text, limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func theStandardLimitsAreTheDocumentedValues() {
        #expect(YAMLLimits.standard.maxBytes == 4 * 1024 * 1024)
        #expect(YAMLLimits.standard.maxDepth == 64)
        #expect(YAMLLimits.standard.maxNodes == 200_000)
    }

    @Test func aFileAtTheByteCapIsReadAndOneByteLongerIsRefusedInBytes() throws {
        let limits = YAMLLimits(maxBytes: 8)
        #expect(try Self.parse("a: bcdef", limits)?["a"]?.scalar == "bcdef")
        #expect(
            Self.failure("a: bcdefg", limits)
                == YAMLError(
                    file: "rule.yml", line: 1, column: 1, message: "the file has 9 bytes, more than the 8 bytes allowed"))
    }

    @Test func nestingAtTheDepthCapIsReadAndOneLevelMoreIsRefused() throws {
        let limits = YAMLLimits(maxDepth: 3)
        #expect(try Self.parse("[[[a]]]", limits)?.sequence?.first?.sequence?.first?.sequence?.first?.scalar == "a")
        #expect(
            Self.failure("[[[[a]]]]", limits)
                == YAMLError(
                    file: "rule.yml", line: 1, column: 4, message: "lists and mappings are nested more than 3 levels deep"))
    }

    @Test func nodesAtTheCountCapAreReadAndOneMoreIsRefused() throws {
        // A mapping of two pairs is five nodes: the mapping, two keys, two values.
        let limits = YAMLLimits(maxNodes: 5)
        #expect(try Self.parse("a: 1\nb: 2\n", limits)?["b"]?.scalar == "2")
        #expect(
            Self.failure("a: 1\nb: 2\nc: 3\n", limits)
                == YAMLError(
                    file: "rule.yml", line: 3, column: 1, message: "the document has more than 5 nodes"))
    }
}
