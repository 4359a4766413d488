import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

@Suite struct KeyPathPatternTests {
    /// `{Name, CFBundleURLTypes: [{CFBundleURLName, CFBundleURLSchemes: [a, b]}, {CFBundleURLName}, {CFBundleURLSchemes: [c]}], Flag}`
    static let plist: PlistValue = .dictionary(
        PlistDictionary([
            "Name": .string("$(PRODUCT_NAME)"),
            "CFBundleURLTypes": .array([
                .dictionary(
                    PlistDictionary([
                        "CFBundleURLName": .string("main"),
                        "CFBundleURLSchemes": .array([.string("a"), .string("b")]),
                    ])),
                .dictionary(PlistDictionary(["CFBundleURLName": .string("other")])),
                .dictionary(PlistDictionary(["CFBundleURLSchemes": .array([.string("c")])])),
            ]),
            "Flag": .bool(true),
        ]))

    static func pointers(_ pattern: String, in root: PlistValue = plist) throws -> [String] {
        let pattern = try #require(KeyPathPattern(parsing: pattern))
        return pattern.values(in: root).map(\.pointer.description)
    }

    @Test func aLiteralPatternFindsTheOneValueThere() throws {
        #expect(try Self.pointers("/Name") == ["/Name"])
        #expect(try Self.pointers("/CFBundleURLTypes/1/CFBundleURLName") == ["/CFBundleURLTypes/1/CFBundleURLName"])
        let pattern = try #require(KeyPathPattern(parsing: "/CFBundleURLTypes/0/CFBundleURLSchemes/1"))
        #expect(pattern.values(in: Self.plist).map(\.value) == [.string("b")])
    }

    @Test func aLiteralPatternFindsNothingWhereTheDocumentHasNothing() throws {
        #expect(try Self.pointers("/Missing").isEmpty)
        #expect(try Self.pointers("/Name/deeper").isEmpty)
        #expect(try Self.pointers("/CFBundleURLTypes/3").isEmpty)
        #expect(try Self.pointers("/CFBundleURLTypes/01").isEmpty)
    }

    @Test func starTakesAnyArrayIndexOrDictionaryKeyInDocumentOrder() throws {
        #expect(
            try Self.pointers("/CFBundleURLTypes/*/CFBundleURLSchemes/*") == [
                "/CFBundleURLTypes/0/CFBundleURLSchemes/0",
                "/CFBundleURLTypes/0/CFBundleURLSchemes/1",
                "/CFBundleURLTypes/2/CFBundleURLSchemes/0",
            ])
        #expect(try Self.pointers("/*") == ["/Name", "/CFBundleURLTypes", "/Flag"])
        #expect(try Self.pointers("/*/*/CFBundleURLName") == ["/CFBundleURLTypes/0/CFBundleURLName", "/CFBundleURLTypes/1/CFBundleURLName"])
    }

    @Test func doubleStarAloneVisitsEveryValueRootFirstInDocumentOrder() throws {
        #expect(
            try Self.pointers("/**") == [
                "",
                "/Name",
                "/CFBundleURLTypes",
                "/CFBundleURLTypes/0",
                "/CFBundleURLTypes/0/CFBundleURLName",
                "/CFBundleURLTypes/0/CFBundleURLSchemes",
                "/CFBundleURLTypes/0/CFBundleURLSchemes/0",
                "/CFBundleURLTypes/0/CFBundleURLSchemes/1",
                "/CFBundleURLTypes/1",
                "/CFBundleURLTypes/1/CFBundleURLName",
                "/CFBundleURLTypes/2",
                "/CFBundleURLTypes/2/CFBundleURLSchemes",
                "/CFBundleURLTypes/2/CFBundleURLSchemes/0",
                "/Flag",
            ])
    }

    @Test func doubleStarTakesZeroOrMoreComponentsAnywhereInThePattern() throws {
        #expect(
            try Self.pointers("/**/CFBundleURLSchemes") == [
                "/CFBundleURLTypes/0/CFBundleURLSchemes",
                "/CFBundleURLTypes/2/CFBundleURLSchemes",
            ])
        #expect(try Self.pointers("/Flag/**") == ["/Flag"])
        #expect(
            try Self.pointers("/CFBundleURLTypes/**/0") == [
                "/CFBundleURLTypes/0",
                "/CFBundleURLTypes/0/CFBundleURLSchemes/0",
                "/CFBundleURLTypes/2/CFBundleURLSchemes/0",
            ])
    }

    @Test func severalDoubleStarsStillGiveEachLocationOnce() throws {
        let once = try Self.pointers("/**")
        #expect(try Self.pointers("/**/**") == once)
        #expect(try Self.pointers("/**/*/**").count == once.count - 1)
    }

    @Test func aRepeatedKeyIsOneLocationHoldingTheLastValue() throws {
        var dictionary = PlistDictionary()
        dictionary.append(key: "A", value: .integer(PlistInteger(1)))
        dictionary.append(key: "B", value: .integer(PlistInteger(2)))
        dictionary.append(key: "A", value: .integer(PlistInteger(3)))
        let pattern = try #require(KeyPathPattern(parsing: "/*"))
        let found = pattern.values(in: .dictionary(dictionary))
        #expect(found.map(\.pointer.description) == ["/A", "/B"])
        #expect(found.map(\.value) == [.integer(PlistInteger(3)), .integer(PlistInteger(2))])
    }

    @Test func escapedComponentsMatchKeysHoldingSlashesAndTildes() throws {
        let root = PlistValue.dictionary(PlistDictionary(["a/b": .dictionary(PlistDictionary(["~c": .bool(false)]))]))
        #expect(try Self.pointers("/a~1b/~0c", in: root) == ["/a~1b/~0c"])
        #expect(try Self.pointers("/**", in: root) == ["", "/a~1b", "/a~1b/~0c"])
    }

    @Test func deepNestingIsWalkedWithoutRecursion() throws {
        var value = PlistValue.string("$(DEEP)")
        for _ in 0..<2_000 {
            value = .array([value])
        }
        let found = try #require(KeyPathPattern(parsing: "/**")).values(in: value)
        #expect(found.count == 2_001)
        #expect(found.last?.value == .string("$(DEEP)"))
        #expect(found.last?.pointer.components.count == 2_000)
    }

    @Test func aHostileDocumentIsCutOffAtTheVisitCap() throws {
        let wide = PlistValue.array(Array(repeating: .array(Array(repeating: .bool(true), count: 1_000)), count: 200))
        let everything = try #require(KeyPathPattern(parsing: "/**"))
        #expect(everything.values(in: wide).count == KeyPathPattern.maximumVisits)
        #expect(everything.values(in: wide, maximumVisits: 10).count == 10)
    }

    @Test func wildcardsAreTellableFromLiteralPatterns() throws {
        #expect(try #require(KeyPathPattern(parsing: "/A/B")).literalPointer == JSONPointer("A", "B"))
        #expect(try #require(KeyPathPattern(parsing: "/A/*")).literalPointer == nil)
        #expect(try #require(KeyPathPattern(parsing: "/**")).hasWildcards)
    }
}
