import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

/// The XML reader holds what is open, not the document: counted, not timed. And a document
/// with several errors gets the one a walk of its whole tree would meet first.
@Suite struct XMLPropertyListStreamingTests {
    typealias Support = PlistTestSupport

    static func streamed(_ bytes: [UInt8]) throws -> XMLPropertyListBuilder {
        let builder = XMLPropertyListBuilder(limits: .standard)
        try Libxml2StreamParser.parse(bytes, into: builder)
        return builder
    }

    @Test func holdsOneFramePerOpenElementWhateverTheWidth() throws {
        let depth = 250
        for width in [10, 20_000] {
            let builder = try Self.streamed(HostilePropertyList.xml(depth: depth, width: width))
            // `<plist>` and one frame per level: the width never adds to what is open.
            #expect(builder.deepestStack == depth + 1)
            // Every element was opened once: `<plist>`, each value and each key.
            let values = 1 + 5 + (depth - 3) + 1 + width
            let keys = 5 + (depth - 3) + 1
            #expect(builder.framesOpened == 1 + values + keys)
            guard case .document(let document) = builder.outcome() else {
                Issue.record("the hostile plist was refused")
                return
            }
            #expect(document.lines?.valueCount == values)
        }
    }

    @Test func linesPastSixtyFiveThousandAreExact() throws {
        // A tree of libxml2's dates such nodes through their neighbours; a stream has the parser's own line.
        let count = 70_000
        let body = "<array>\n" + String(repeating: "<true/>\n", count: count) + "</array>\n"
        let document = try Support.parse(Support.xml(body))
        for index in [0, 65_529, 65_530, 65_531, count - 1] {
            #expect(document.line(of: JSONPointer(String(index))) == 5 + index)
        }
    }

    @Test func repeatedAndDistinctStringsReadBackExactly() throws {
        // Strings share a box through a table of 256 slots: colliding values must not be mixed up.
        let values = (0..<2_000).map { "v\($0 % 700)-\($0 % 3 == 0 ? "same" : String($0))" }
        let body = "<array>" + values.map { "<string>\($0)</string>" }.joined() + "<true/><false/><true/></array>\n"
        let root = try Support.root(ofXML: body)
        #expect(root == .array(values.map(PlistValue.string) + [.bool(true), .bool(false), .bool(true)]))
    }

    @Test func libxml2sErrorLaterInTheDocumentComesFirst() throws {
        // The unknown element comes first, but a tree is never built from a document that is not well-formed.
        let failure = try #require(Support.failure(Support.xml("<dict><key>a</key><foo/>\n<string>x</dict>\n")))
        #expect(failure.reason.hasPrefix("not well-formed xml: "))
        #expect(failure.line == 5)
    }

    @Test func strayTextInAContainerComesBeforeWhatIsInsideIt() throws {
        let inArray = try #require(Support.failure(Support.xml("<array><array><foo/></array>\nstray</array>\n")))
        #expect(inArray.reason == "unexpected text 'stray' in <array>")
        #expect(inArray.line == 5)
        let inDictionary = try #require(Support.failure(Support.xml("<dict><string>x</string>&amp;junk</dict>\n")))
        #expect(inDictionary.reason == "unexpected text '&junk' in <dict>")
        // The outermost container's text wins over an inner one's.
        let nested = try #require(Support.failure(Support.xml("<array><array><foo/>inner</array>outer</array>\n")))
        #expect(nested.reason == "unexpected text 'outer' in <array>")
        // `<true>` reads its text before it finds an element in it.
        let empty = try #require(Support.failure(Support.xml("<true><false/>yes</true>\n")))
        #expect(empty.reason == "unexpected text 'yes' in <true>")
    }

    @Test func aSecondRootValueComesBeforeAnErrorInTheFirst() throws {
        let bytes = Array("<?xml version=\"1.0\"?>\n<plist>\n<array><foo/></array>\n<true/>\n</plist>\n".utf8)
        let failure = try #require(Support.failure(bytes))
        #expect(failure.reason == "<plist> holds more than one root value")
        #expect(failure.line == 4)
        let withText = Array("<?xml version=\"1.0\"?>\n<plist>\n<array><foo/></array>\n<true/>\nnoise</plist>\n".utf8)
        #expect(try #require(Support.failure(withText)).reason == "unexpected text 'noise' in <plist>")
    }

    @Test func aContainerClosedBeforeTheErrorIsNotWatched() throws {
        // The inner array closes without fault; the error after it is the first.
        let failure = try #require(Support.failure(Support.xml("<array><array/><foo/><array>x</array></array>\n")))
        #expect(failure.reason == "unknown element <foo>")
    }
}
