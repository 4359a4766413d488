import CLibxml2
import Testing
@testable import BundleCheckFormats

/// The named libxml2 options are the C flags they claim, and the strict set never enables a dangerous one.
@Suite struct PropertyListLibxml2OptionsTests {
    typealias Options = Libxml2Document.ParseOptions

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

    @Test func documentExposesElementsTextAndLines() throws {
        let document = try Libxml2Document.parse(Array("<a>\n<b>x &amp; y</b><!-- c --></a>".utf8))
        let root = try #require(document.rootElement)
        #expect(root.kind == .element)
        #expect(root.name == "a")
        #expect(root.line == 1)
        let children = Array(root.children)
        #expect(children.map(\.kind) == [.text, .element, .comment])
        #expect(children[1].name == "b")
        #expect(children[1].line == 2)
        #expect(Array(children[1].children).map(\.text) == ["x & y"])
    }

    @Test func failuresCarryKindMessageAndLine() {
        #expect(throws: Libxml2Document.Failure.self) { try Libxml2Document.parse(Array("<a>\n</b>".utf8)) }
        do {
            _ = try Libxml2Document.parse(Array("<!DOCTYPE a [\n<!ENTITY e \"x\">]><a/>".utf8))
        } catch {
            #expect(error.kind == .entityDeclaration)
            #expect(error.line == 2)
        }
    }
}
