import Foundation
import Testing

@testable import BundleCheckFormats

/// Malformed and hostile XML plists: each must fail with `malformedPropertyList`, never crash, hang or fetch.
@Suite struct XMLPropertyListHostileInputTests {
    typealias Support = PlistTestSupport

    @Test func internalDTDWithEntityDeclarationIsRefused() throws {
        let bytes = Array(
            """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY name "expanded"> ]>
            <plist version="1.0"><string>&name;</string></plist>

            """.utf8)
        let failure = try #require(Support.failure(bytes))
        #expect(failure.reason == "entity declarations are not allowed")
        #expect(failure.line == 2)
    }

    @Test func externalEntityIsNeitherLoadedNorAccepted() throws {
        let bytes = Array(
            """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <plist version="1.0"><string>&secret;</string></plist>

            """.utf8)
        let failure = try #require(Support.failure(bytes))
        #expect(failure.reason == "entity declarations are not allowed")
    }

    @Test func externalParameterEntityIsRefused() throws {
        let bytes = Array(
            """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY % remote SYSTEM "http://example.invalid/evil.dtd"> %remote; ]>
            <plist version="1.0"><string>x</string></plist>

            """.utf8)
        #expect(try #require(Support.failure(bytes)).reason == "entity declarations are not allowed")
    }

    @Test func billionLaughsIsRefusedBeforeAnyExpansion() throws {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let bytes = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\(declarations)]>\n<plist><string>&lol9;</string></plist>\n".utf8)
        #expect(try #require(Support.failure(bytes)).reason == "entity declarations are not allowed")
    }

    @Test func internalSubsetWithOtherDeclarationsIsRefused() throws {
        let bytes = Array(
            """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ELEMENT plist ANY> ]>
            <plist version="1.0"><string>x</string></plist>

            """.utf8)
        #expect(try #require(Support.failure(bytes)).reason == "a document type with an internal subset is not allowed")
    }

    @Test func appleDoctypeIsAcceptedWithoutFetchingTheDTD() throws {
        // A DTD fetch would fail (no network, XML_PARSE_NONET) or hang; neither happens.
        #expect(try Support.root(ofXML: "<string>ok</string>\n") == .string("ok"))
    }

    @Test func externalDTDIsNeverLoaded() throws {
        // A DTD on disk that would define &leak; if libxml2 ever read it.
        let directory = try PlistTestEnvironment.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dtd = directory.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY leak \"secret\">".utf8).write(to: dtd)
        let header = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"\(dtd.absoluteString)\">\n"
        let plain = try Support.parse(Array((header + "<plist><string>x</string></plist>\n").utf8))
        #expect(plain.root == .string("x"))
        let failure = try #require(Support.failure(Array((header + "<plist><string>&leak;</string></plist>\n").utf8)))
        #expect(failure.reason.contains("'leak'"))
        #expect(!failure.reason.contains("secret"))
        // /etc/passwd as a DTD would not even parse; it is never opened.
        let passwd = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"file:///etc/passwd\">\n<plist><true/></plist>\n"
        #expect(try Support.parse(Array(passwd.utf8)).root == .bool(true))
    }

    @Test func undefinedEntityIsAnErrorWithAndWithoutADoctype() throws {
        let withDoctype = try #require(Support.failure(Support.xml("<string>a &undefined; b</string>\n")))
        #expect(withDoctype.reason.contains("undefined"))
        #expect(withDoctype.line == 4)
        let bare = Array("<plist><string>&x;</string></plist>".utf8)
        let withoutDoctype = try #require(Support.failure(bare))
        #expect(withoutDoctype.reason.hasPrefix("not well-formed xml: "))
        #expect(withoutDoctype.reason.contains("'x'"))
    }

    @Test func keyWithoutValueNamesTheKeyAndItsLine() throws {
        let failure = try #require(Support.failure(Support.xml("<dict>\n\t<key>CFBundleName</key>\n</dict>\n")))
        #expect(failure.reason == "dictionary key 'CFBundleName' has no value")
        #expect(failure.line == 5)
        let twoKeys = try #require(Support.failure(Support.xml("<dict><key>a</key><key>b</key><true/></dict>\n")))
        #expect(twoKeys.reason == "dictionary key 'a' has no value")
    }

    @Test func valueWithoutKeyIsRefused() throws {
        let failure = try #require(Support.failure(Support.xml("<dict>\n<string>orphan</string>\n</dict>\n")))
        #expect(failure.reason == "dictionary value <string> has no key")
        #expect(failure.line == 5)
    }

    @Test func twoRootValuesAreRefused() throws {
        let failure = try #require(Support.failure(Support.xml("<string>a</string>\n<string>b</string>\n")))
        #expect(failure.reason == "<plist> holds more than one root value")
        #expect(failure.line == 5)
        #expect(try #require(Support.failure(Support.xml(""))).reason == "<plist> holds no value")
    }

    @Test(arguments: [
        ("<foo/>\n", "unknown element <foo>"),
        ("<dict><key>k</key><ns:string xmlns:ns=\"urn:x\">v</ns:string></dict>\n", "unknown element <ns:string>"),
        ("<key>k</key>\n", "<key> 'k' outside a dictionary"),
        ("<array><plist/></array>\n", "<plist> nested inside a value"),
        ("<true>yes</true>\n", "unexpected text 'yes' in <true>"),
        ("<false><false/></false>\n", "<false> must be empty"),
        ("<array>text</array>\n", "unexpected text 'text' in <array>"),
        ("<string>a<b/>c</string>\n", "<string> cannot contain elements, found <b>"),
        ("<integer>12abc</integer>\n", "integer '12abc' is not a decimal or 0x hexadecimal number"),
        ("<integer></integer>\n", "integer '' is not a decimal or 0x hexadecimal number"),
        ("<integer>--5</integer>\n", "integer '--5' is not a decimal or 0x hexadecimal number"),
        ("<integer>-+5</integer>\n", "integer '-+5' is not a decimal or 0x hexadecimal number"),
        ("<integer>1.5</integer>\n", "integer '1.5' is not a decimal or 0x hexadecimal number"),
        ("<integer>18446744073709551616</integer>\n", "integer '18446744073709551616' is out of range"),
        ("<integer>-9223372036854775809</integer>\n", "integer '-9223372036854775809' is out of range"),
        ("<integer>0x10000000000000000</integer>\n", "integer '0x10000000000000000' is out of range"),
        ("<real>one</real>\n", "real 'one' is not a number"),
        ("<real>1e</real>\n", "real '1e' is not a number"),
        ("<real>0x1p3</real>\n", "real '0x1p3' is not a number"),
        ("<date>2026-13-01T00:00:00Z</date>\n", "date '2026-13-01T00:00:00Z' is not a valid yyyy-mm-ddThh:mm:ssZ date"),
        ("<date>2025-02-29T00:00:00Z</date>\n", "date '2025-02-29T00:00:00Z' is not a valid yyyy-mm-ddThh:mm:ssZ date"),
        ("<date>2026-01-02 03:04:05</date>\n", "date '2026-01-02 03:04:05' is not a valid yyyy-mm-ddThh:mm:ssZ date"),
        ("<date>2026-01-02T24:00:00Z</date>\n", "date '2026-01-02T24:00:00Z' is not a valid yyyy-mm-ddThh:mm:ssZ date"),
        ("<data>AAE</data>\n", "<data> is not valid base64"),
        ("<data>AA=E</data>\n", "<data> is not valid base64"),
        ("<data>AA*=</data>\n", "<data> is not valid base64"),
        ("<data>A===</data>\n", "<data> is not valid base64"),
    ])
    func malformedValueIsRefusedWithAReasonAndLine(body: String, reason: String) throws {
        let failure = try #require(Support.failure(Support.xml(body)))
        #expect(failure.reason == reason)
        #expect(failure.line == 4)
    }

    @Test func notWellFormedXMLCarriesLibxml2sLineAndMessage() throws {
        let failure = try #require(Support.failure(Support.xml("<dict>\n<key>a</key>\n<string>b</dict>\n")))
        #expect(failure.reason.hasPrefix("not well-formed xml: "))
        #expect(failure.line == 6)
    }

    @Test func nonUTF8GarbageIsRefused() throws {
        let garbage: [UInt8] =
            Array(Support.xmlHead.utf8) + [
                0x3C, 0x73, 0x74, 0x72, 0x69, 0x6E, 0x67, 0x3E, 0xFF, 0xFE, 0xC3, 0x28, 0x3C, 0x2F, 0x73, 0x74, 0x72, 0x69, 0x6E, 0x67, 0x3E,
            ]
        #expect(try #require(Support.failure(garbage)).reason.hasPrefix("not well-formed xml: "))
        var random = SeededRandom(seed: 99)
        let noise = (0..<512).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(Support.failure(noise) != nil)
        #expect(Support.failure(Array("{ CFBundleName = x; }".utf8)) != nil)
    }

    @Test func nestingBeyondTheCapIsRefused() throws {
        let depth = PropertyListLimits.standard.maxDepth
        let fits = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        #expect(throws: Never.self) { try Support.parse(Support.xml(fits + "\n")) }
        let tooDeep = String(repeating: "<array>", count: depth + 1) + String(repeating: "</array>", count: depth + 1)
        #expect(try #require(Support.failure(Support.xml(tooDeep + "\n"))).reason == "nesting deeper than \(depth) levels")
        // libxml2 stops far deeper documents itself; the reason is the same.
        let wayTooDeep = String(repeating: "<array>", count: 5_000) + String(repeating: "</array>", count: 5_000)
        #expect(try #require(Support.failure(Support.xml(wayTooDeep + "\n"))).reason == "nesting deeper than \(depth) levels")
        // A lower configured cap applies too.
        let limits = PropertyListLimits(maxDepth: 3)
        let four = "<array><array><array><array/></array></array></array>\n"
        #expect(try #require(Support.failure(Support.xml(four), limits: limits)).reason == "nesting deeper than 3 levels")
    }

    @Test func valueCountIsCapped() throws {
        let limits = PropertyListLimits(maxValues: 10)
        let eleven = "<array>" + String(repeating: "<true/>", count: 10) + "</array>\n"
        #expect(try #require(Support.failure(Support.xml(eleven), limits: limits)).reason == "more than 10 values")
    }

    @Test func randomByteFlipsNeverCrash() throws {
        let valid = Self.sample
        var random = SeededRandom(seed: 2024)
        var parsed = 0
        for _ in 0..<500 {
            var mutated = valid
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            #expect(Support.parsesOrIsMalformed(mutated))
            if (try? Support.parse(mutated)) != nil { parsed += 1 }
        }
        #expect(parsed < 500)
    }

    @Test func truncatedDocumentsAreRefused() {
        let valid = Self.sample
        // The sample ends in "</plist>\n": every shorter prefix cuts into the markup.
        for length in 0..<(valid.count - 1) {
            #expect(Support.failure(Array(valid[..<length])) != nil, "prefix of \(length) bytes parsed")
        }
    }

    /// A small XML plist with one of everything, for mutation tests.
    static let sample = PlistTestSupport.xml(
        """
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.app</string>
        \t<key>Numbers</key>
        \t<array>
        \t\t<integer>-12</integer>
        \t\t<real>3.25</real>
        \t\t<true/>
        \t\t<date>2026-01-02T03:04:05Z</date>
        \t\t<data>AAECAw==</data>
        \t</array>
        </dict>

        """)
}
