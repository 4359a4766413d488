import Testing

@testable import BundleCheckFormats

@Suite struct JSONPointerTests {
    @Test func escapesTildeAndSlashButNotDots() {
        let pointer = JSONPointer("com.apple.security.application-groups", "a/b~c", "0")
        #expect(pointer.description == "/com.apple.security.application-groups/a~1b~0c/0")
        #expect(JSONPointer(parsing: pointer.description) == pointer)
    }

    @Test func rejectsPointersWithoutLeadingSlashOrWithBadEscapes() {
        #expect(JSONPointer(parsing: "CFBundleVersion") == nil)
        #expect(JSONPointer(parsing: "/a~2") == nil)
        #expect(JSONPointer(parsing: "") == JSONPointer.root)
    }

    @Test func wildcardMatchesExactlyOneComponent() {
        let pattern = JSONPointer(parsing: "/CFBundleURLTypes/*/CFBundleURLSchemes/*")!
        #expect(JSONPointer(parsing: "/CFBundleURLTypes/0/CFBundleURLSchemes/1")!.matches(pattern))
        #expect(!JSONPointer(parsing: "/CFBundleURLTypes/0/CFBundleURLSchemes")!.matches(pattern))
    }

    @Test func resolvesDictionaryKeysAndArrayIndices() {
        let value = PlistValue.dictionary(
            PlistDictionary([
                "CFBundleURLTypes": .array([.dictionary(PlistDictionary(["CFBundleURLSchemes": .array([.string("a"), .string("b")])]))])
            ]))
        #expect(value.value(at: JSONPointer(parsing: "/CFBundleURLTypes/0/CFBundleURLSchemes/1")!) == .string("b"))
        #expect(value.value(at: JSONPointer(parsing: "/CFBundleURLTypes/01")!) == nil)
        #expect(value.value(at: JSONPointer(parsing: "/CFBundleURLTypes/3")!) == nil)
    }
}

@Suite struct PlistIntegerParsingTests {
    @Test(arguments: ["-+5", "0x+5", "+-1", "", "-", "0x", "1 2", "٣"])
    func rejectsSignsAndDigitsThatAreNotBare(_ text: String) {
        #expect(PlistInteger(parsing: text) == nil)
    }

    @Test func readsTheWholeSignedAndUnsignedRange() {
        #expect(PlistInteger(parsing: "-9223372036854775808")?.int64 == Int64.min)
        #expect(PlistInteger(parsing: "18446744073709551615")?.uint64 == UInt64.max)
        #expect(PlistInteger(parsing: "-9223372036854775809") == nil)
        #expect(PlistInteger(parsing: "0x1F")?.int64 == 31)
        #expect(PlistInteger(parsing: "-0") == PlistInteger(0))
    }
}

/// What people read: keys as written in the plist, not RFC 6901's `~0` and `~1`.
@Suite struct JSONPointerDisplayTests {
    @Test func tildesInKeysAreShownAsWritten() {
        let pointer = JSONPointer(components: ["UISupportedInterfaceOrientations~ipad", "0"])
        #expect(pointer.description == "/UISupportedInterfaceOrientations~0ipad/0")
        #expect(pointer.displayed == "/UISupportedInterfaceOrientations~ipad/0")
    }

    @Test func aSlashInsideAKeyStaysDistinctFromThePathsSlashes() {
        let pointer = JSONPointer(components: ["a/b", "c"])
        #expect(pointer.displayed == "/a~1b/c")
        #expect(JSONPointer.root.displayed == "")
    }
}
