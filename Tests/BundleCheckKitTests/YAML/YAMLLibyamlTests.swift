import Testing

@testable import BundleCheckFormats

/// The libyaml wrapper on its own: the events it hands out and how it counts positions.
@Suite struct YAMLLibyamlTests {
    typealias Event = LibyamlParser.Event
    typealias Mark = LibyamlParser.Mark

    private static func events(_ text: String) throws -> [Event] {
        let parser = try LibyamlParser(bytes: Array(text.utf8), file: "events.yml")
        var events: [Event] = []
        while events.last?.kind != .streamEnd {
            events.append(try parser.nextEvent())
        }
        return events
    }

    @Test func eventsCarryStylesPropertiesAndMarks() throws {
        let none = LibyamlParser.Properties(tag: nil, anchor: nil)
        let events = try Self.events("a: [b, 'c']\nd: &x !t |\n  e\n")
        #expect(
            events == [
                Event(kind: .streamStart, mark: Mark(line: 1, column: 1)),
                Event(kind: .documentStart, mark: Mark(line: 1, column: 1)),
                Event(kind: .mappingStart(none), mark: Mark(line: 1, column: 1)),
                Event(kind: .scalar("a", style: .plain, properties: none), mark: Mark(line: 1, column: 1)),
                Event(kind: .sequenceStart(none), mark: Mark(line: 1, column: 4)),
                Event(kind: .scalar("b", style: .plain, properties: none), mark: Mark(line: 1, column: 5)),
                Event(kind: .scalar("c", style: .singleQuoted, properties: none), mark: Mark(line: 1, column: 8)),
                Event(kind: .sequenceEnd, mark: Mark(line: 1, column: 11)),
                Event(kind: .scalar("d", style: .plain, properties: none), mark: Mark(line: 2, column: 1)),
                Event(
                    kind: .scalar("e\n", style: .literal, properties: LibyamlParser.Properties(tag: "!t", anchor: "x")),
                    mark: Mark(line: 2, column: 4)
                ),
                Event(kind: .mappingEnd, mark: Mark(line: 4, column: 1)),
                Event(kind: .documentEnd, mark: Mark(line: 4, column: 1)),
                Event(kind: .streamEnd, mark: Mark(line: 4, column: 1)),
            ])
    }

    @Test func aliasEventNamesItsAnchor() throws {
        let events = try Self.events("- *name\n")
        #expect(events.contains(Event(kind: .alias("name"), mark: Mark(line: 1, column: 3))))
    }

    @Test func askingPastTheEndOfTheStreamIsAnErrorNotALoop() throws {
        let parser = try LibyamlParser(bytes: [], file: "empty.yml")
        #expect(try parser.nextEvent().kind == .streamStart)
        #expect(try parser.nextEvent().kind == .streamEnd)
        #expect(throws: YAMLError.self) { try parser.nextEvent() }
    }

    @Test func errorsRepeatOnceTheParserHasFailed() throws {
        let parser = try LibyamlParser(bytes: Array("[".utf8), file: "bad.yml")
        var first: YAMLError?
        for _ in 0..<10 {
            do {
                _ = try parser.nextEvent()
            } catch {
                first = error
                break
            }
        }
        let error = try #require(first)
        #expect(error.file == "bad.yml")
        #expect(throws: error) { try parser.nextEvent() }
    }

    @Test(arguments: [
        // (text, byte offset, line, column)
        ("abc", 0, 1, 1),
        ("abc", 2, 1, 3),
        ("a\nbc", 3, 2, 2),
        ("a\r\nbc", 4, 2, 2),
        ("a\rb\rc", 4, 3, 1),
        ("a\u{85}b", 3, 2, 1),
        ("a\u{2028}b\u{2029}c", 8, 3, 1),
        ("éa", 2, 1, 2),
        ("x\nüé", 5, 2, 2),
        ("x\nüé", 6, 2, 3),
    ])
    func byteOffsetsBecomeLibyamlPositions(text: String, offset: Int, line: Int, column: Int) {
        let bytes = Array(text.utf8)
        let mark = bytes.withUnsafeBufferPointer { LibyamlParser.mark(ofByte: offset, in: $0) }
        #expect(mark == Mark(line: line, column: column))
    }

    @Test func offsetInsideABrokenSequencePointsAtItsLeadingByte() {
        // "é" then a two-byte lead whose trailing byte is wrong: the offset libyaml gives is the bad byte's.
        let bytes: [UInt8] = [0xC3, 0xA9, 0xC3, 0x28]
        let mark = bytes.withUnsafeBufferPointer { LibyamlParser.mark(ofByte: 3, in: $0) }
        #expect(mark == Mark(line: 1, column: 2))
    }
}
