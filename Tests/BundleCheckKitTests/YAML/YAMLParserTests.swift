import Testing

@testable import BundleCheckFormats

/// What the YAML parser accepts: structure, scalar styles, tags and positions.
@Suite struct YAMLParserTests {
    typealias Support = YAMLTestSupport

    @Test func readsBlockMappingsAndSequencesInOrder() throws {
        let root = try #require(
            try Support.parse(
                """
                id: bundle-version
                severity: error
                scope:
                  - app
                  - extension
                match:
                  key: CFBundleVersion
                  pattern: '^[0-9.]+$'

                """))
        #expect(root.mapping?.map(\.key.scalar) == ["id", "severity", "scope", "match"])
        #expect(root["id"]?.scalar == "bundle-version")
        #expect(Support.scalars(root["scope"]) == ["app", "extension"])
        #expect(root["match"]?["key"]?.scalar == "CFBundleVersion")
        #expect(root["match"]?["pattern"]?.scalar == "^[0-9.]+$")
        #expect(root["missing"] == nil)
    }

    @Test func readsIndentlessSequencesUnderAKey() throws {
        let root = try #require(try Support.parse("scope:\n- app\n- widget\nnext: 1\n"))
        #expect(Support.scalars(root["scope"]) == ["app", "widget"])
        #expect(root["next"]?.scalar == "1")
    }

    @Test func readsNestedFlowCollections() throws {
        let root = try #require(try Support.parse("{a: [1, {b: c}, []], d: {e: [f, g]}, h: {}}"))
        let a = try #require(root["a"]?.sequence)
        #expect(a.count == 3)
        #expect(a[0].scalar == "1")
        #expect(a[1]["b"]?.scalar == "c")
        #expect(a[2].sequence == [])
        #expect(Support.scalars(root["d"]?["e"]) == ["f", "g"])
        #expect(root["h"]?.mapping == [])
    }

    @Test func mixesFlowInsideBlockAndBlockInsideBlockLists() throws {
        let root = try #require(
            try Support.parse(
                """
                examples:
                  - name: first
                    package: {bundle: App.app, plist: {CFBundleVersion: "1"}}
                  - name: second
                    triggers: [yes]
                  -
                    - nested
                    - list

                """))
        let examples = try #require(root["examples"]?.sequence)
        #expect(examples.count == 3)
        #expect(examples[0]["package"]?["plist"]?["CFBundleVersion"]?.scalar == "1")
        #expect(Support.scalars(examples[1]["triggers"]) == ["yes"])
        #expect(Support.scalars(examples[2]) == ["nested", "list"])
    }

    @Test func flowSequenceEntryWithAColonIsASinglePairMapping() throws {
        let root = try #require(try Support.parse("[a: b, c]"))
        let items = try #require(root.sequence)
        #expect(items[0]["a"]?.scalar == "b")
        #expect(items[1].scalar == "c")
    }

    @Test func scalarAtTheTopIsTheDocument() throws {
        let root = try #require(try Support.parse("just text\n"))
        #expect(root.scalar == "just text")
        #expect(root.isQuoted == false)
    }

    @Test(arguments: ["no", "yes", "true", "False", "on", "off", "1.0", "0x1F", "1e3", "~", "null", "Null", "2024-01-01", ".inf", "010"])
    func plainScalarsStayStrings(text: String) throws {
        let root = try #require(try Support.parse("value: \(text)\n"))
        #expect(root["value"]?.scalar == text)
        #expect(root["value"]?.isQuoted == false)
        #expect(root["value"]?.tag == nil)
    }

    @Test func emptyValueIsAnEmptyPlainString() throws {
        let root = try #require(try Support.parse("fix:\nnext: x\n"))
        #expect(root["fix"]?.scalar == "")
        #expect(root["fix"]?.isQuoted == false)
    }

    @Test func quotedScalarsAreMarkedAndUnescaped() throws {
        let root = try #require(
            try Support.parse(
                """
                plain: it is
                single: 'it''s'
                double: "tab\\there \\u00e9"
                emptySingle: ''
                emptyDouble: ""

                """))
        #expect(root["plain"]?.scalar == "it is")
        #expect(root["plain"]?.isQuoted == false)
        #expect(root["single"]?.scalar == "it's")
        #expect(root["single"]?.isQuoted == true)
        #expect(root["double"]?.scalar == "tab\there é")
        #expect(root["double"]?.isQuoted == true)
        #expect(root["emptySingle"]?.scalar == "")
        #expect(root["emptySingle"]?.isQuoted == true)
        #expect(root["emptyDouble"]?.isQuoted == true)
    }

    @Test func quotedNoAndNumbersAreStringsToo() throws {
        let root = try #require(try Support.parse("a: 'no'\nb: \"1.0\"\n"))
        #expect(root["a"]?.scalar == "no")
        #expect(root["b"]?.scalar == "1.0")
    }

    @Test func literalAndFoldedBlocksKeepTheirText() throws {
        let root = try #require(
            try Support.parse(
                """
                literal: |
                  line one
                    indented
                  line three
                stripped: |-
                  no final newline
                folded: >
                  folded
                  into one line

                  new paragraph
                foldedStripped: >-
                  a
                  b
                after: plain

                """))
        #expect(root["literal"]?.scalar == "line one\n  indented\nline three\n")
        #expect(root["literal"]?.isQuoted == true)
        #expect(root["stripped"]?.scalar == "no final newline")
        #expect(root["folded"]?.scalar == "folded into one line\nnew paragraph\n")
        #expect(root["folded"]?.isQuoted == true)
        #expect(root["foldedStripped"]?.scalar == "a b")
        #expect(root["after"]?.scalar == "plain")
        #expect(root["after"]?.isQuoted == false)
    }

    @Test func multiLinePlainScalarIsFolded() throws {
        let root = try #require(try Support.parse("rationale: first line\n  continues here\n"))
        #expect(root["rationale"]?.scalar == "first line continues here")
    }

    @Test func localTagsStayAsWritten() throws {
        let root = try #require(try Support.parse("enabled: !bool yes\ncount: !int '3'\n"))
        #expect(root["enabled"]?.tag == "!bool")
        #expect(root["enabled"]?.scalar == "yes")
        #expect(root["count"]?.tag == "!int")
        #expect(root["count"]?.isQuoted == true)
    }

    @Test func standardTagsAreReportedInFullForm() throws {
        let root = try #require(try Support.parse("a: !!str 1\nb: !!int 2\nc: !<tag:example.com,2024:x> v\nd: ! e\n"))
        #expect(root["a"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["a"]?.scalar == "1")
        #expect(root["b"]?.tag == "tag:yaml.org,2002:int")
        #expect(root["c"]?.tag == "tag:example.com,2024:x")
        #expect(root["d"]?.tag == "!")
    }

    @Test func tagDirectivesAreResolved() throws {
        let root = try #require(try Support.parse("%TAG !e! tag:example.com,2024:\n---\nvalue: !e!version 1.0\n"))
        #expect(root["value"]?.tag == "tag:example.com,2024:version")
    }

    @Test func collectionsKeepTheirTags() throws {
        let root = try #require(try Support.parse("list: !set [a]\nmap: !!map {k: v}\nblock: !rule\n  k: v\n"))
        #expect(root["list"]?.tag == "!set")
        #expect(root["map"]?.tag == "tag:yaml.org,2002:map")
        #expect(root["block"]?.tag == "!rule")
        #expect(root["block"]?["k"]?.scalar == "v")
        #expect(root.tag == nil)
    }

    @Test func keysAndValuesCarryTheirPositions() throws {
        let root = try #require(
            try Support.parse(
                """
                id: example
                title: "Quoted title"
                tags: [a, b]
                nested:
                  key: value
                  list:
                    - one
                    - two
                last: |
                  text

                """))
        #expect((root.line, root.column) == (1, 1))
        let pairs = try #require(root.mapping)
        #expect(pairs.map { [$0.key.line, $0.key.column] } == [[1, 1], [2, 1], [3, 1], [4, 1], [9, 1]])
        #expect((pairs[0].value.line, pairs[0].value.column) == (1, 5))
        #expect((pairs[1].value.line, pairs[1].value.column) == (2, 8))
        let tags = pairs[2].value
        #expect((tags.line, tags.column) == (3, 7))
        #expect(tags.sequence?.map { [$0.line, $0.column] } == [[3, 8], [3, 11]])
        let nested = pairs[3].value
        #expect((nested.line, nested.column) == (5, 3))
        let key = try #require(nested.mapping?.first?.key)
        #expect((key.line, key.column) == (5, 3))
        #expect((nested["key"]?.line, nested["key"]?.column) == (5, 8))
        let list = try #require(nested["list"])
        #expect((list.line, list.column) == (7, 5))
        #expect(list.sequence?.map { [$0.line, $0.column] } == [[7, 7], [8, 7]])
        #expect((pairs[4].value.line, pairs[4].value.column) == (9, 7))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try #require(try Support.parse("é: ü\nclé: [x, ÿ]\n"))
        #expect((root["é"]?.line, root["é"]?.column) == (1, 4))
        #expect(root["clé"]?.sequence?.map(\.column) == [7, 10])
    }

    @Test func taggedNodeStartsAtItsTag() throws {
        let root = try #require(try Support.parse("a: !bool yes\n"))
        #expect((root["a"]?.line, root["a"]?.column) == (1, 4))
    }

    @Test func byteOrderMarkIsSkippedWithoutShiftingColumns() throws {
        let root = try #require(try YAMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a: b\n".utf8), file: Support.file))
        #expect(root["a"]?.scalar == "b")
        #expect((root["a"]?.line, root["a"]?.column) == (1, 4))
        #expect(root.mapping?.first?.key.column == 1)
    }

    @Test func crlfLineEndingsCountAsOneLine() throws {
        let root = try #require(try Support.parse("a: 1\r\nb: 2\r\n"))
        #expect(root["b"]?.line == 2)
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n", "---\n", "--- # comment\n...\n"])
    func emptyStreamOrDocumentIsNil(text: String) throws {
        #expect(try Support.parse(text) == nil)
    }

    @Test func quotedEmptyDocumentIsAnEmptyString() throws {
        let root = try #require(try Support.parse("--- ''\n"))
        #expect(root.scalar == "")
        #expect(root.isQuoted)
    }

    @Test func taggedEmptyDocumentIsKept() throws {
        let root = try #require(try Support.parse("--- !rule\n"))
        #expect(root.scalar == "")
        #expect(root.tag == "!rule")
    }

    @Test func explicitDocumentMarkersAndDirectivesAreAccepted() throws {
        let root = try #require(try Support.parse("%YAML 1.1\n---\na: 1\n...\n"))
        #expect(root["a"]?.scalar == "1")
        #expect(root["a"]?.line == 3)
    }

    @Test func quotedMergeLookalikeIsAnOrdinaryKey() throws {
        let root = try #require(try Support.parse("\"<<\": value\n"))
        #expect(root["<<"]?.scalar == "value")
    }

    @Test func explicitScalarKeysAreAccepted() throws {
        let root = try #require(try Support.parse("? |\n  block key\n: value\n? plain\n"))
        let pairs = try #require(root.mapping)
        #expect(pairs[0].key.scalar == "block key\n")
        #expect(pairs[0].value.scalar == "value")
        #expect(pairs[1].key.scalar == "plain")
        #expect(pairs[1].value.scalar == "")
    }

    @Test func sameKeyInDifferentMappingsIsFine() throws {
        let root = try #require(try Support.parse("a: {id: 1}\nb: {id: 2}\n"))
        #expect(root["b"]?["id"]?.scalar == "2")
    }

    @Test func nestingUpToTheCapIsAccepted() throws {
        let depth = YAMLLimits.standard.maxDepth
        var node = try #require(try Support.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        var levels = 1
        while let first = node.sequence?.first {
            node = first
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test func nodeCountUpToTheCapIsAccepted() throws {
        // The list itself plus its items make exactly the maximum.
        let items = YAMLLimits.standard.maxNodes - 1
        let text = "[" + String(repeating: "a,", count: items - 1) + "a]"
        let root = try #require(try Support.parse(text))
        #expect(root.sequence?.count == items)
    }

    @Test func inputOfExactlyTheMaximumSizeIsRead() throws {
        var bytes = Array("a: b\n#".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: YAMLLimits.standard.maxBytes - bytes.count)
        let root = try #require(try YAMLParser.parse(bytes, file: Support.file))
        #expect(root["a"]?.scalar == "b")
    }
}
