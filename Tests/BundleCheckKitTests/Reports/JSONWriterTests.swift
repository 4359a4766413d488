import BundleCheckFormats
import Foundation
import Testing

@Suite struct JSONWriterTests {
    private func compact(_ value: JSONValue) -> String {
        JSONWriter(style: .compact).string(from: value)
    }

    @Test func prettyOutputIndentsByTwoSpacesAndEndsWithANewline() {
        let value: JSONValue = ["name": "bundlecheck", "list": [1, [:], []], "empty": [:]]
        let expected = """
            {
              "name": "bundlecheck",
              "list": [
                1,
                {},
                []
              ],
              "empty": {}
            }

            """
        #expect(JSONWriter().string(from: value) == expected)
    }

    @Test func objectsKeepTheirKeyOrderAtEveryDepth() {
        let value: JSONValue = ["z": ["b": 1, "a": 2], "a": [["y": true, "x": false]], "m": .null]
        #expect(compact(value) == #"{"z":{"b":1,"a":2},"a":[{"y":true,"x":false}],"m":null}"#)
        #expect(value.keys == ["z", "a", "m"])
    }

    @Test(arguments: [
        (JSONValue.integer(3), "3"),
        (.integer(0), "0"),
        (.integer(-42), "-42"),
        (.integer(Int64.max), "9223372036854775807"),
        (.integer(Int64.min), "-9223372036854775808"),
        (.double(3), "3.0"),
        (.double(0.1), "0.1"),
        (.double(-2.5), "-2.5"),
        (.double(1e-7), "1e-07"),
        (.double(1e21), "1e+21"),
        (.double(.nan), "null"),
        (.double(.infinity), "null"),
    ])
    func integersAndDoublesAreWrittenDistinctly(value: JSONValue, text: String) {
        #expect(compact(value) == text)
    }

    @Test func doublesReadBackAsTheSameValue() throws {
        for double in [0.1, 1.0 / 3.0, 123_456.789, .leastNonzeroMagnitude, .greatestFiniteMagnitude] {
            let parsed = try JSONSerialization.jsonObject(with: Data(compact(.double(double)).utf8), options: [.fragmentsAllowed])
            #expect((parsed as? NSNumber)?.doubleValue == double)
        }
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("a/b", #""a/b""#),
        ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
        ("\u{00}\u{01}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
        ("\u{7F}\u{85}\u{9F}", #""\u007f\u0085\u009f""#),
        ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
        ("\u{FEFF}bom", #""\ufeffbom""#),
        ("caf\u{E9} \u{1F600}", "\"caf\u{E9} \u{1F600}\""),
    ])
    func stringsEscapeQuotesBackslashesAndControlCharacters(string: String, text: String) {
        #expect(compact(.string(string)) == text)
    }

    @Test func everyEscapedStringReadsBackUnchanged() throws {
        let scalars = (0...0xA0).compactMap(Unicode.Scalar.init) + ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{1F600}"]
        var original = ""
        original.unicodeScalars.append(contentsOf: scalars)
        let text = compact(["key \u{1B}": .string(original)])
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(parsed == ["key \u{1B}": original])
    }

    @Test func optionalInitialisersWriteNullForNil() {
        #expect(JSONValue(String?.none) == .null)
        #expect(JSONValue(Int?.none) == .null)
        #expect(JSONValue("x" as String?) == .string("x"))
        #expect(JSONValue(12 as Int?) == .integer(12))
    }

    @Test func subscriptsReadMembersAndElements() {
        let value: JSONValue = ["list": ["a", "b"], "flag": true]
        #expect(value["list"]?[1] == "b")
        #expect(value["list"]?[2] == nil)
        #expect(value["missing"] == nil)
        #expect(value["flag"]?["nested"] == nil)
    }
}
