import CLibxml2
import Testing

@testable import BundleCheckFormats

/// The named libxml2 options are the C flags they claim, and the strict set never enables a dangerous one.
@Suite struct PropertyListLibxml2OptionsTests {
    typealias Options = Libxml2StreamParser.ParseOptions

    private static func flag(_ option: xmlParserOption) -> Int32 {
        Int32(bitPattern: option.rawValue)
    }

    @Test func eachOptionIsItsLibxml2Flag() {
        #expect(Options.forbidNetworkAccess.rawValue == Self.flag(XML_PARSE_NONET))
        #expect(Options.suppressErrorReports.rawValue == Self.flag(XML_PARSE_NOERROR))
        #expect(Options.suppressWarningReports.rawValue == Self.flag(XML_PARSE_NOWARNING))
        #expect(Options.bigLineNumbers.rawValue == Self.flag(XML_PARSE_BIG_LINES))
        #expect(Options.mergeCDATAIntoText.rawValue == Self.flag(XML_PARSE_NOCDATA))
    }

    @Test func strictOptionsAreOfflineAndNeverSubstituteLoadOrRecover() {
        let strict = Options.strict.rawValue
        #expect(strict & Self.flag(XML_PARSE_NONET) != 0)
        for dangerous in [XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR, XML_PARSE_DTDVALID, XML_PARSE_RECOVER, XML_PARSE_HUGE, XML_PARSE_XINCLUDE] {
            #expect(strict & Self.flag(dangerous) == 0, "flag \(dangerous.rawValue) must stay off")
        }
    }

    /// Writes down what a stream parse reports, one line per event.
    final class EventLog: Libxml2ContentHandler {
        var events: [String] = []
        func startElement(name: String, line: Int) { events.append("start \(name) @\(line)") }
        func endElement() { events.append("end") }
        func characters(_ utf8: UnsafeBufferPointer<UInt8>, line: Int) { events.append("text '\(String(decoding: utf8, as: UTF8.self))' @\(line)") }
        func entityReference(name: String) { events.append("entity \(name)") }
        func commentOrInstruction(line: Int) { events.append("comment @\(line)") }
    }

    @Test func streamReportsElementsTextAndLinesInOrder() throws {
        let log = EventLog()
        try Libxml2StreamParser.parse(Array("<a>\n<b>x &amp; y</b><!-- c --><?pi?><ns:c xmlns:ns=\"urn:x\"/></a>".utf8), into: log)
        // The text is one run split where the entity was decoded; a tree would hold it as one node.
        #expect(
            log.events == [
                "start a @1", "text '\n' @2", "start b @2", "text 'x ' @2", "text '&' @2", "text ' y' @2", "end",
                "comment @2", "comment @2", "start ns:c @2", "end", "end",
            ])
    }

    @Test func undefinedEntityUnderADoctypeReachesTheHandler() throws {
        let log = EventLog()
        // With an external DTD (never loaded) an unknown entity is not a well-formedness error.
        try? Libxml2StreamParser.parse(Array("<!DOCTYPE a SYSTEM \"a.dtd\">\n<a>&e;</a>".utf8), into: log)
        #expect(log.events.contains("entity e"))
    }

    @Test func failuresCarryKindMessageAndLine() {
        #expect(throws: Libxml2StreamParser.Failure.self) { try Libxml2StreamParser.parse(Array("<a>\n</b>".utf8), into: EventLog()) }
        do {
            try Libxml2StreamParser.parse(Array("<!DOCTYPE a [\n<!ENTITY e \"x\">]><a/>".utf8), into: EventLog())
            Issue.record("an entity declaration was accepted")
        } catch {
            #expect(error.kind == .entityDeclaration)
            #expect(error.line == 2)
        }
        // A document type with a comment in its internal subset declares something too.
        do {
            try Libxml2StreamParser.parse(Array("<!DOCTYPE a [\n<!-- c -->]><a/>".utf8), into: EventLog())
            Issue.record("an internal subset was accepted")
        } catch {
            #expect(error.kind == .internalSubset)
        }
    }
}
