import Testing

@testable import BundleCheckFormats

/// What the YAML parser refuses: each error names the file and where the problem is.
@Suite struct YAMLRejectionTests {
    typealias Support = YAMLTestSupport

    private static let anchorMessage = "anchors and aliases are not allowed; quote a value that starts with * or &"

    @Test func anchorOnAScalarIsRefusedAtTheAnchor() throws {
        let error = try #require(Support.failure("id: x\nbase: &name value\n"))
        #expect(error == YAMLError(file: "rule.yml", line: 2, column: 7, message: Self.anchorMessage))
    }

    @Test func anchorOnACollectionIsRefused() throws {
        let block = try #require(Support.failure("base: &defaults\n  severity: error\n"))
        #expect((block.line, block.column, block.message) == (1, 7, Self.anchorMessage))
        let flow = try #require(Support.failure("list: &items [a, b]\n"))
        #expect((flow.line, flow.column, flow.message) == (1, 7, Self.anchorMessage))
    }

    @Test func aliasIsRefusedAtTheAlias() throws {
        // libyaml does not check that the anchor exists; the alias alone is enough.
        let error = try #require(Support.failure("a: 1\nb: [x, *a]\n"))
        #expect((error.line, error.column, error.message) == (2, 8, Self.anchorMessage))
    }

    @Test func billionLaughsIsRefusedAtTheFirstAnchor() throws {
        var text = "a: &a [\"lol\", \"lol\"]\n"
        for level in 1...9 {
            let previous = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(level - 1)))
            let name = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let error = try #require(Support.failure(text))
        #expect((error.line, error.column, error.message) == (1, 4, Self.anchorMessage))
    }

    @Test func mergeKeyIsRefused() throws {
        let error = try #require(Support.failure("rule:\n  <<: {severity: error}\n  id: x\n"))
        #expect(error == YAMLError(file: "rule.yml", line: 2, column: 3, message: "merge keys (<<) are not allowed in rule files"))
    }

    @Test func mergeKeyIsRefusedBeforeItsAlias() throws {
        let error = try #require(Support.failure("<<: *base\n"))
        #expect(error.message == "merge keys (<<) are not allowed in rule files")
        #expect((error.line, error.column) == (1, 1))
    }

    @Test func keyTaggedAsMergeIsRefused() throws {
        let error = try #require(Support.failure("!!merge x: {a: 1}\n"))
        #expect(error.message == "merge keys (<<) are not allowed in rule files")
    }

    @Test func duplicateKeyNamesTheKeyAndBothLines() throws {
        let error = try #require(Support.failure("id: first\ntitle: t\nid: second\n"))
        #expect(error == YAMLError(file: "rule.yml", line: 3, column: 1, message: "duplicate key \"id\" on lines 1 and 3"))
    }

    @Test func quotedAndPlainSpellingsOfAKeyAreDuplicates() throws {
        let error = try #require(Support.failure("match:\n  key: a\n  'key': b\n"))
        #expect((error.line, error.column, error.message) == (3, 3, "duplicate key \"key\" on lines 2 and 3"))
    }

    @Test func duplicateKeyInAFlowMappingIsRefused() throws {
        let error = try #require(Support.failure("{a: 1, b: 2, a: 3}"))
        #expect((error.line, error.column, error.message) == (1, 14, "duplicate key \"a\" on lines 1 and 1"))
    }

    @Test func complexKeysAreRefused() throws {
        let list = try #require(Support.failure("? [a, b]\n: c\n"))
        #expect(list == YAMLError(file: "rule.yml", line: 1, column: 3, message: "a mapping key must be a scalar, not a list"))
        let mapping = try #require(Support.failure("? {a: b}\n: c\n"))
        #expect(mapping.message == "a mapping key must be a scalar, not a mapping")
        let flow = try #require(Support.failure("{x: 1, [a]: b}"))
        #expect((flow.line, flow.column, flow.message) == (1, 8, "a mapping key must be a scalar, not a list"))
    }

    @Test func secondDocumentIsRefusedWhereItStarts() throws {
        let error = try #require(Support.failure("a: 1\n---\nb: 2\n"))
        #expect(error == YAMLError(file: "rule.yml", line: 2, column: 1, message: "expected one YAML document"))
    }

    @Test func secondDocumentAfterAnEndMarkerIsRefused() throws {
        let error = try #require(Support.failure("a: 1\n...\n---\nb: 2\n"))
        #expect((error.line, error.message) == (3, "expected one YAML document"))
        #expect(Support.failure("--- a\n--- b\n")?.message == "expected one YAML document")
    }

    @Test func contentAfterAnEndMarkerWithoutDocumentStartIsLibyamlsError() throws {
        let error = try #require(Support.failure("a: 1\n...\nb: 2\n"))
        #expect((error.line, error.column, error.message) == (3, 1, "did not find expected <document start>"))
    }

    @Test func nestingPastTheCapIsRefusedAtTheDeepestCollection() throws {
        let depth = YAMLLimits.standard.maxDepth + 1
        let error = try #require(Support.failure(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        #expect(error == YAMLError(file: "rule.yml", line: 1, column: depth, message: "lists and mappings are nested more than 64 levels deep"))
    }

    @Test func deepBlockNestingIsRefused() throws {
        var text = ""
        for level in 0...YAMLLimits.standard.maxDepth {
            text += String(repeating: " ", count: level) + "k:\n"
        }
        let error = try #require(Support.failure(text))
        #expect((error.line, error.column) == (YAMLLimits.standard.maxDepth + 1, YAMLLimits.standard.maxDepth + 1))
        #expect(error.message.contains("nested"))
    }

    @Test(.hangGuard)
    func hugeNestingIsRefusedWithoutCrashing() throws {
        let error = try #require(Support.failure(String(repeating: "[", count: 1_000_000)))
        #expect(error.message.contains("nested"))
        let mappings = try #require(Support.failure(String(repeating: "{a: ", count: 200_000)))
        #expect(mappings.message.contains("nested"))
    }

    /// Inputs near the size cap built to stress libyaml's scanner: each must end quickly, read or refused.
    @Test(
        .hangGuard,
        arguments: [
            ("- ", ""), ("? ", ""), ("{", ""), ("a", ""), ("a: ", "b"), ("a,", ""), ("\n", ""), ("'a'", ""),
            ("x", ": v"), ("!", ""), ("&", "a"), ("*a ", ""), ("  ", "x"), ("- [", ""), ("\"\\\"", "\""),
        ])
    func pathologicalInputsNearTheSizeCapEndQuickly(repeated: String, suffix: String) {
        let count = (YAMLLimits.standard.maxBytes - suffix.utf8.count) / repeated.utf8.count
        let bytes = Array((String(repeating: repeated, count: count) + suffix).utf8)
        if let error = Support.failure(bytes) {
            #expect(error.line >= 1 && error.column >= 1)
        }
    }

    @Test func nodeCountPastTheCapIsRefused() throws {
        let items = YAMLLimits.standard.maxNodes
        let text = "[" + String(repeating: "a,", count: items - 1) + "a]"
        let error = try #require(Support.failure(text))
        #expect(error.message == "the document has more than 200000 nodes")
        #expect(error.line == 1)
        #expect(error.column == 2 * items)
    }

    @Test func inputPastTheSizeCapIsRefusedBeforeParsing() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: YAMLLimits.standard.maxBytes + 1)
        let error = try #require(Support.failure(bytes))
        #expect(error == YAMLError(file: "rule.yml", line: 1, column: 1, message: "the file has 4194305 bytes, more than the 4 MiB allowed"))
    }

    @Test func unclosedFlowSequenceNamesTheFileAndLine() throws {
        let error = try #require(Support.failure("id: x\nkey: [unclosed\n"))
        #expect(error.file == "rule.yml")
        #expect(error.line == 3)
        #expect(error.message == "did not find expected ',' or ']' while parsing a flow sequence (started at line 2, column 6)")
        #expect(error.description.hasPrefix("rule.yml:3:1: did not find expected"))
    }

    @Test func unclosedQuoteIsReported() throws {
        let error = try #require(Support.failure("title: \"never closed\n"))
        #expect(error.message.contains("found unexpected end of stream"))
        #expect(error.message.contains("while scanning a quoted scalar"))
    }

    @Test func badIndentationIsReported() throws {
        let error = try #require(Support.failure("a:\n  b: 1\n c: 2\n"))
        #expect(error.line == 3)
        #expect(error.file == "rule.yml")
    }

    @Test func tabIndentationGivesLibyamlsError() throws {
        let error = try #require(Support.failure("key:\n\tvalue: 1\n"))
        #expect(
            error
                == YAMLError(
                    file: "rule.yml",
                    line: 2,
                    column: 1,
                    message: "found character that cannot start any token while scanning for the next token"
                ))
    }

    @Test func tabInsideNestedIndentationGivesLibyamlsError() throws {
        let error = try #require(Support.failure("a:\n  b: 1\n\tc: 2\n"))
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("found a tab character that violates indentation"))
    }

    @Test func invalidLeadingByteNamesItsPosition() throws {
        let error = try #require(Support.failure(Array("a: b\nc: d".utf8) + [0xFF, 0x0A]))
        #expect(error == YAMLError(file: "rule.yml", line: 2, column: 5, message: "invalid leading UTF-8 octet (byte 0xFF)"))
    }

    @Test func invalidTrailingBytePointsAtItsCharacter() throws {
        let error = try #require(Support.failure(Array("é: ".utf8) + [0xC3, 0x28, 0x0A]))
        #expect(error == YAMLError(file: "rule.yml", line: 1, column: 4, message: "invalid trailing UTF-8 octet (byte 0x28)"))
    }

    @Test func truncatedSequenceAtTheEndIsRefused() throws {
        let error = try #require(Support.failure(Array("a: ".utf8) + [0xE2, 0x82]))
        #expect(error.message == "incomplete UTF-8 octet sequence")
        #expect((error.line, error.column) == (1, 4))
    }

    @Test func utf16IsRefused() throws {
        let error = try #require(Support.failure([0xFF, 0xFE, 0x61, 0x00, 0x3A, 0x00]))
        #expect((error.line, error.column) == (1, 1))
        #expect(error.message.hasPrefix("invalid leading UTF-8 octet"))
    }

    @Test func controlCharacterIsRefused() throws {
        let error = try #require(Support.failure("a: 1\nb: \u{1}\n"))
        #expect(error == YAMLError(file: "rule.yml", line: 2, column: 4, message: "control characters are not allowed (U+0001)"))
    }

    @Test func nulByteIsRefused() throws {
        let error = try #require(Support.failure(Array("a: b".utf8) + [0x00] + Array("\n".utf8)))
        #expect(error.message.hasPrefix("control characters are not allowed"))
    }

    @Test func errorsAfterTheFirstDocumentStillSurface() throws {
        let error = try #require(Support.failure("a: 1\n--- [\n"))
        #expect(error.message == "expected one YAML document")
    }
}
