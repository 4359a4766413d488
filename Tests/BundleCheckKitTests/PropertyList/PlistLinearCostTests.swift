import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Deep and wide plists cost work in proportion to their values, counted, not timed:
/// what the parsers record and what a key-path search keeps grow by one per value,
/// whatever the depth, and no pointer is built until one is asked for.
@Suite struct PlistLinearCostTests {
    /// Values at level 250, near the depth cap of 256.
    static let depth = 250
    static let width = 20_000
    /// The root, its five app keys' values, the chain of dictionaries, the wide array and its values.
    static let valueCount = 1 + 5 + (depth - 3) + 1 + width

    @Test func xmlParserRecordsOneLinePerValueWhateverTheDepth() throws {
        let bytes = HostilePropertyList.xml(depth: Self.depth, width: Self.width)
        let document = try PropertyListParser.parse(bytes, file: "Info.plist")
        let lines = try #require(document.lines)
        #expect(lines.valueCount == Self.valueCount)
        #expect(lines.linkCount == Self.valueCount - 1)
        // The wide array's values start on the line after `<key>d</key><array>`.
        let firstValueLine = 3 + 5 + (Self.depth - 3) + 2
        #expect(document.line(of: HostilePropertyList.pointer(depth: Self.depth, index: 0)) == firstValueLine)
        #expect(document.line(of: HostilePropertyList.pointer(depth: Self.depth, index: Self.width - 1)) == firstValueLine + Self.width - 1)
        #expect(document.line(of: HostilePropertyList.pointer(depth: Self.depth, index: Self.width)) == nil)
        #expect(document.value(at: HostilePropertyList.pointer(depth: Self.depth, index: 7)) == .string(HostilePropertyList.value))
    }

    /// Just under the 8 MiB Info.plist cap and the depth cap, read as the inspector reads it
    /// (streamed): one line per value, and a search of `/**` that keeps only what it reports.
    @Test func nearTheInfoPlistCapTheWorkIsStillOnePerValue() throws {
        let width = 370_000
        let bytes = HostilePropertyList.xml(depth: Self.depth, width: width)
        #expect(bytes.count > 7 << 20 && bytes.count < PackageInspector.infoPlistLimit)
        let document = try PropertyListParser.parse(
            reading: InMemoryEntryReader(bytes: bytes), file: "Info.plist", byteLimit: PackageInspector.infoPlistLimit, expectedSize: bytes.count
        ) { _ in }
        let values = 1 + 5 + (Self.depth - 3) + 1 + width
        let lines = try #require(document.lines)
        #expect(lines.valueCount == values && lines.linkCount == values - 1)
        let search = try #require(KeyPathPattern(parsing: "/**")).search(in: document.root) { $0.arrayValue != nil }
        #expect(search.visits == KeyPathPattern.maximumVisits && !search.isComplete)
        #expect(search.trail.count == Self.depth - 1 && search.trail.builtPointerCount == 0)
    }

    @Test func xmlDictionaryKeysAreLinkedOncePerValue() throws {
        let bytes = HostilePropertyList.xml(depth: Self.depth, width: 2_000, keyed: true)
        let lines = try #require(try PropertyListParser.parse(bytes, file: "Info.plist").lines)
        let values = 1 + 5 + (Self.depth - 3) + 1 + 2_000
        #expect(lines.valueCount == values && lines.linkCount == values - 1)
        #expect(lines.line(of: HostilePropertyList.pointer(depth: Self.depth, index: 1_999, keyed: true)) != nil)
    }

    @Test func binaryDeepAndWideReadsBackWithItsDuplicatesNamedOnce() throws {
        let value = HostilePropertyList.value(depth: Self.depth, width: Self.width)
        let document = try PropertyListParser.parse(try BinaryPropertyListWriter.write(value), file: "Info.plist")
        #expect(document.root == value)
        #expect(document.lines == nil)
        // 1,000 repeated keys in one dictionary at depth 249: one pointer, shared by every report of them.
        var bottom = PlistDictionary()
        for _ in 0..<1_001 { bottom.append(key: "same", value: .bool(true)) }
        var nested = PlistValue.dictionary(bottom)
        for _ in 0..<(Self.depth - 2) { nested = .dictionary(PlistDictionary(["d": nested])) }
        let duplicates = try PropertyListParser.parse(try BinaryPropertyListWriter.write(nested), file: "x.plist").duplicateKeys
        #expect(duplicates.count == 1_000)
        #expect(Set(duplicates.map(\.dictionary)) == [JSONPointer(components: Array(repeating: "d", count: Self.depth - 2))])
    }

    @Test func keyPathSearchKeepsOnePlacePerVisitAndBuildsNoPointer() throws {
        let root = HostilePropertyList.value(depth: Self.depth, width: Self.width)
        let search = try #require(KeyPathPattern(parsing: "/**")).search(in: root)
        #expect(search.visits == Self.valueCount && search.isComplete)
        #expect(search.trail.count == search.visits)
        #expect(search.matches.count == Self.valueCount)
        #expect(search.trail.builtPointerCount == 0)
        let last = try #require(search.matches.last)
        #expect(last.place.pointer == HostilePropertyList.pointer(depth: Self.depth, index: Self.width - 1))
        #expect(search.trail.builtPointerCount == 1)
    }

    @Test func aValueTheSearchRejectsLeavesNoPlace() throws {
        let root = HostilePropertyList.value(depth: Self.depth, width: Self.width)
        // Only containers pass: the root, the chain of dictionaries and the wide array.
        let containers = 1 + (Self.depth - 3) + 1
        let search = try #require(KeyPathPattern(parsing: "/**")).search(in: root) { value in
            value.arrayValue != nil || value.dictionaryValue != nil
        }
        #expect(search.visits == Self.valueCount)
        #expect(search.matches.count == containers)
        #expect(search.trail.count == containers)
        // A test nothing passes keeps the containers that were opened, and no match.
        let none = try #require(KeyPathPattern(parsing: "/**")).search(in: root) { _ in false }
        #expect(none.matches.isEmpty && none.trail.count == containers)
        #expect(none.visits == Self.valueCount)
        let array = try #require(search.matches.last)
        let arrayPointer = HostilePropertyList.pointer(depth: Self.depth, index: 0).components.dropLast()
        #expect(array.place.pointer == JSONPointer(components: Array(arrayPointer)))
    }

    @Test func theVisitCapIsCheckedBeforeQueuing() throws {
        let everything = try #require(KeyPathPattern(parsing: "/**"))
        let wide = PlistValue.array(Array(repeating: .string("x"), count: 200_000))
        let capped = everything.search(in: wide, maximumVisits: 10)
        #expect(capped.visits == 10 && capped.matches.count == 10)
        #expect(capped.mostQueued <= 30)
        let standard = everything.search(in: wide)
        #expect(standard.visits == KeyPathPattern.maximumVisits)
        #expect(standard.mostQueued <= 3 * KeyPathPattern.maximumVisits)
        #expect(!capped.isComplete && !standard.isComplete)
        // The kept places are the first in document order.
        #expect(capped.matches.map(\.place.pointer.description) == [""] + (0..<9).map { "/\($0)" })
    }

    @Test func aSearchThatEndsAtTheCapWithNothingLeftIsComplete() throws {
        let everything = try #require(KeyPathPattern(parsing: "/**"))
        func strings(_ count: Int) -> [PlistValue] { Array(repeating: .string("x"), count: count) }
        // The root and nine values: ten visits, nothing left.
        #expect(everything.search(in: .array(strings(9)), maximumVisits: 10).isComplete)
        #expect(!everything.search(in: .array(strings(10)), maximumVisits: 10).isComplete)
        // A container met on the last visit: unfinished when it holds something.
        #expect(!everything.search(in: .array(strings(8) + [.array(strings(1))]), maximumVisits: 10).isComplete)
        #expect(everything.search(in: .array(strings(8) + [.array([])]), maximumVisits: 10).isComplete)
        #expect(!everything.search(in: .dictionary(PlistDictionary(["a": .string("x")])), maximumVisits: 1).isComplete)
        // A literal key path looks up one child at each level, however wide the plist.
        let literal = try #require(KeyPathPattern(parsing: "/3")).search(in: .array(strings(200_000)))
        #expect(literal.isComplete && literal.matches.count == 1 && literal.visits == 2)
    }

    @Test func wideDictionariesOpenAtEveryLevelStayWithinTheQueueBound() throws {
        // Nine levels, each a dictionary of 100 keys whose first key holds the next level: every
        // open frame lists its keys, and only the first ones in visiting order can be visited.
        func level(_ depth: Int) -> PlistValue {
            var dictionary = PlistDictionary()
            for index in 0..<100 { dictionary.append(key: "k\(index)", value: index == 0 && depth < 9 ? level(depth + 1) : .string("v")) }
            return .dictionary(dictionary)
        }
        let everything = try #require(KeyPathPattern(parsing: "/**"))
        let capped = everything.search(in: level(1), maximumVisits: 50)
        #expect(capped.visits == 50)
        #expect(capped.mostQueued <= 3 * 50)
        // Document order: the root, down the first keys to level 9, then level 9's keys.
        let down = (1...8).map { String(repeating: "/k0", count: $0) }
        let bottom = (0..<41).map { String(repeating: "/k0", count: 8) + "/k\($0)" }
        #expect(capped.matches.map(\.place.pointer.description) == [""] + down + bottom)
        let none = everything.search(in: level(1), maximumVisits: 0)
        #expect(none.visits == 0 && none.matches.isEmpty)
    }

    @Test func placesSortAsTheirPointerTextDoes() throws {
        // Keys that part before, at and after `/`, escapes, indices past 9, accents.
        let keys = ["a", "a!", "a.b", "a/b", "a~", "ab", "a0", "é", "e\u{301}x", "", "~1", "Z"]
        func tree(_ level: Int) -> PlistValue {
            guard level > 0 else { return .array((0..<12).map { .integer(PlistInteger($0)) }) }
            var dictionary = PlistDictionary()
            for key in keys { dictionary.append(key: key, value: tree(level - 1)) }
            return .dictionary(dictionary)
        }
        let search = try #require(KeyPathPattern(parsing: "/**")).search(in: tree(2))
        let places = search.matches.map(\.place)
        let byPlace = places.sorted(by: JSONPointerTrail.Place.precedes).map(\.pointer.description)
        let byText = places.map(\.pointer.description).sorted()
        #expect(byPlace == byText)
        // Places of two searches are equal when their pointers are.
        let again = try #require(KeyPathPattern(parsing: "/a/*/3")).search(in: tree(2)).matches.map(\.place)
        #expect(again.count == keys.count)
        #expect(Set(again).isSubset(of: Set(places)))
        #expect(again.allSatisfy { place in places.contains(place) && place.componentHash == JSONPointerTrail.componentHash(of: place.pointer) })
    }
}
