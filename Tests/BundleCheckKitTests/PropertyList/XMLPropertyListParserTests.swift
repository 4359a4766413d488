import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct XMLPropertyListParserTests {
    typealias Support = PlistTestSupport

    @Test func readsEveryValueTypeWithItsLine() throws {
        let document = try Support.parse(
            Support.xml(
                """
                <dict>
                \t<key>String</key>
                \t<string>  spaced &amp; &lt;escaped&gt; &#233;&#x1F600; </string>
                \t<key>Integer</key>
                \t<integer>42</integer>
                \t<key>Real</key>
                \t<real>1.5</real>
                \t<key>True</key>
                \t<true/>
                \t<key>False</key>
                \t<false/>
                \t<key>Date</key>
                \t<date>2026-01-02T03:04:05Z</date>
                \t<key>Data</key>
                \t<data>
                \tAAEC
                \t/w==
                \t</data>
                \t<key>Array</key>
                \t<array>
                \t\t<string/>
                \t\t<array/>
                \t\t<dict/>
                \t</array>
                </dict>

                """))
        #expect(document.format == .xml)
        #expect(document.value(at: JSONPointer("String")) == .string("  spaced & <escaped> é😀 "))
        #expect(document.value(at: JSONPointer("Integer")) == .integer(PlistInteger(42)))
        #expect(document.value(at: JSONPointer("Real")) == .real(1.5))
        #expect(document.value(at: JSONPointer("True")) == .bool(true))
        #expect(document.value(at: JSONPointer("False")) == .bool(false))
        #expect(document.value(at: JSONPointer("Date")) == .date(Date(timeIntervalSince1970: 1_767_323_045)))
        #expect(document.value(at: JSONPointer("Data")) == .data([0, 1, 2, 255]))
        #expect(document.value(at: JSONPointer("Array")) == .array([.string(""), .array([]), .dictionary(PlistDictionary())]))
        #expect(
            document.lines?.everyLineByPointer == [
                "": 4, "/String": 6, "/Integer": 8, "/Real": 10, "/True": 12, "/False": 14, "/Date": 16, "/Data": 18,
                "/Array": 23, "/Array/0": 24, "/Array/1": 25, "/Array/2": 26,
            ])
        #expect(document.duplicateKeys.isEmpty)
    }

    @Test func keepsDictionaryKeysInDocumentOrder() throws {
        let root = try Support.root(
            ofXML: """
                <dict><key>zeta</key><integer>1</integer><key>alpha</key><integer>2</integer><key>mid</key><integer>3</integer></dict>
                """)
        #expect(root.dictionaryValue?.entries.map(\.key) == ["zeta", "alpha", "mid"])
    }

    @Test func reportsEachRepeatedKeyWithTheLineOfTheRepetition() throws {
        let document = try Support.parse(
            Support.xml(
                """
                <dict>
                \t<key>CFBundleVersion</key>
                \t<string>1</string>
                \t<key>Nested</key>
                \t<dict>
                \t\t<key>a</key>
                \t\t<true/>
                \t\t<key>a</key>
                \t\t<false/>
                \t</dict>
                \t<key>CFBundleVersion</key>
                \t<string>2</string>
                </dict>

                """))
        #expect(
            document.duplicateKeys == [
                PropertyListDocument.DuplicateKey(dictionary: JSONPointer("Nested"), key: "a", line: 11),
                PropertyListDocument.DuplicateKey(dictionary: .root, key: "CFBundleVersion", line: 14),
            ])
        // Both entries are kept; lookups see the last one, as Apple's parsers do.
        #expect(document.root.dictionaryValue?.count == 3)
        #expect(document.value(at: JSONPointer("CFBundleVersion")) == .string("2"))
        #expect(document.line(of: JSONPointer("CFBundleVersion")) == 15)
    }

    @Test(arguments: [
        ("-9223372036854775808", PlistInteger(Int64.min)),
        ("9223372036854775807", PlistInteger(Int64.max)),
        ("18446744073709551615", PlistInteger(UInt64.max)),
        ("-0", PlistInteger(0)),
        ("+17", PlistInteger(17)),
        ("0x1F", PlistInteger(31)),
        ("0XFFFFFFFFFFFFFFFF", PlistInteger(UInt64.max)),
        ("-0x10", PlistInteger(-16)),
        ("  12\n", PlistInteger(12)),
        ("007", PlistInteger(7)),
    ])
    func readsIntegersAcrossTheInt64AndUInt64Range(text: String, expected: PlistInteger) throws {
        #expect(try Support.root(ofXML: "<integer>\(text)</integer>\n") == .integer(expected))
    }

    @Test func negativeZeroIntegerIsZero() throws {
        let root = try Support.root(ofXML: "<integer>-0</integer>\n")
        #expect(root.integerValue?.isNegative == false)
        #expect(root.integerValue?.description == "0")
    }

    @Test(arguments: [
        ("nan", Double.nan), ("NaN", Double.nan), ("inf", Double.infinity), ("+inf", Double.infinity),
        ("-inf", -Double.infinity), ("+infinity", Double.infinity), ("-infinity", -Double.infinity),
        ("0.10000000000000001", 0.1), ("1e-05", 1e-5), ("-0", -0.0), ("2", 2.0), (".5", 0.5), ("5.", 5.0),
        ("1.0000000000000001e+300", 1e300), ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
    ])
    func readsRealsIncludingNaNAndInfinities(text: String, expected: Double) throws {
        let root = try Support.root(ofXML: "<real>\(text)</real>\n")
        guard case .real(let real) = root else {
            Issue.record("expected a real, got \(root)")
            return
        }
        #expect(Support.canonicalReal(real) == Support.canonicalReal(expected))
    }

    @Test(arguments: [
        ("2001-01-01T00:00:00Z", 0.0),
        ("1970-01-01T00:00:00Z", -978_307_200.0),
        ("2000-02-29T23:59:59Z", -26_438_401.0),
        ("0001-01-01T00:00:00Z", -63_113_904_000.0),
        ("9999-12-31T23:59:59Z", 252_423_993_599.0),
    ])
    func readsDatesAsSecondsSince2001(text: String, seconds: Double) throws {
        #expect(try Support.root(ofXML: "<date>\(text)</date>\n") == .date(Date(timeIntervalSinceReferenceDate: seconds)))
    }

    @Test func readsBase64WithWhiteSpaceAnywhere() throws {
        #expect(try Support.root(ofXML: "<data> S G V s\n\tb G 8 = </data>\n") == .data(Array("Hello".utf8)))
        #expect(try Support.root(ofXML: "<data></data>\n") == .data([]))
        #expect(try Support.root(ofXML: "<data>QQ==</data>\n") == .data([0x41]))
    }

    @Test func readsCFUIDDictionaryAsUIDAsCoreFoundationDoes() throws {
        #expect(try Support.root(ofXML: "<dict><key>CF$UID</key><integer>7</integer></dict>\n") == .uid(7))
        // Anything else stays a dictionary.
        let twoKeys = try Support.root(ofXML: "<dict><key>CF$UID</key><integer>7</integer><key>x</key><true/></dict>\n")
        #expect(twoKeys.dictionaryValue?.count == 2)
        let tooLarge = try Support.root(ofXML: "<dict><key>CF$UID</key><integer>4294967296</integer></dict>\n")
        #expect(tooLarge.dictionaryValue?.count == 1)
    }

    @Test func readsNestedStructuresWithPointersToEveryValue() throws {
        let document = try Support.parse(
            Support.xml(
                """
                <dict>
                \t<key>CFBundleURLTypes</key>
                \t<array>
                \t\t<dict>
                \t\t\t<key>CFBundleURLSchemes</key>
                \t\t\t<array>
                \t\t\t\t<string>feed</string>
                \t\t\t\t<string>feeds</string>
                \t\t\t</array>
                \t\t</dict>
                \t</array>
                \t<key>a/b~c</key>
                \t<string>escaped pointer</string>
                </dict>

                """))
        #expect(document.value(at: JSONPointer("CFBundleURLTypes", "0", "CFBundleURLSchemes", "1")) == .string("feeds"))
        #expect(document.line(of: JSONPointer("CFBundleURLTypes", "0", "CFBundleURLSchemes", "1")) == 11)
        #expect(document.line(of: JSONPointer("CFBundleURLTypes", "0")) == 7)
        #expect(document.line(of: JSONPointer(parsing: "/a~1b~0c")!) == 16)
    }

    @Test func acceptsARootValueWithoutThePlistElement() throws {
        let document = try Support.parse(Array("<?xml version=\"1.0\"?>\n<array><true/></array>\n".utf8))
        #expect(document.root == .array([.bool(true)]))
        #expect(document.lines?.everyLineByPointer == ["": 2, "/0": 2])
    }

    @Test func keepsCommentsAndCDATAOutOfTheWay() throws {
        let root = try Support.root(
            ofXML: """
                <!-- a comment --><dict><!-- here --><key>k<!-- inside --></key><string><![CDATA[<raw> & text]]></string></dict>

                """)
        #expect(root == Support.dictionary(["k": .string("<raw> & text")]))
    }

    @Test func readsUTF16Documents() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><string>h\u{E9}llo \u{1F600}</string></plist>\n"
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        #expect(try Support.parse(bytes).root == .string("h\u{E9}llo \u{1F600}"))
    }
}
