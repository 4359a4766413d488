import Testing

@testable import BundleCheckFormats

/// `StringsFileLimits` passed to the text `.strings` parser: the entry cap with a small value,
/// at the cap (read) and one past it (malformed, naming the cap).
@Suite struct StringsFileLimitsTests {
    static let file = "en.lproj/InfoPlist.strings"

    @Test func theStandardLimitIsTheDocumentedValue() {
        #expect(StringsFileLimits.standard.maxEntries == 100_000)
    }

    @Test func entriesAtTheCapAreReadAndOneMoreIsRefusedNamingTheCap() throws {
        let limits = StringsFileLimits(maxEntries: 3)
        let three = "\"a\" = \"1\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n"
        #expect(try StringsFileParser.parse(three, file: Self.file, limits: limits).map(\.key) == ["a", "b", "c"])
        #expect(throws: BundleCheckError.malformedPropertyList(file: Self.file, reason: "more than 3 entries", line: 4)) {
            try StringsFileParser.parse(three + "\"d\" = \"4\";\n", file: Self.file, limits: limits)
        }
    }
}
