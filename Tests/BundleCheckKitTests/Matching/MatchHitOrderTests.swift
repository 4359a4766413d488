import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The engine sorts hits by ranking places as numbers; the order must be the one `<` gives.
@Suite struct MatchHitOrderTests {
    static let root = PlistValue.dictionary(
        PlistDictionary([
            "b": .array((0..<12).map { .string("v\($0)") }),
            "a/x": .string("slash"),
            "a": .dictionary(PlistDictionary(["z": .bool(true), "~": .bool(false)])),
            "a!": .integer(PlistInteger(1)),
        ]))

    static func found(_ pattern: String, file: String) throws -> [MatchHit] {
        try #require(KeyPathPattern(parsing: pattern)).search(in: root).matches.map {
            MatchHit(bundle: "Payload/A.app", file: file, place: $0.place, lines: nil, value: $0.value.displayText)
        }
    }

    @Test func rankedSortingAgreesWithComparingHits() throws {
        var random = SeededRandom(seed: 5)
        // One search in one file (ranked), two searches in another (compared), and given hits.
        let hits =
            try Self.found("/**", file: "Payload/A.app/Info.plist")
            + Self.found("/b/*", file: "Payload/A.app/Other.plist") + Self.found("/*", file: "Payload/A.app/Other.plist")
            + [
                MatchHit(bundle: "Payload/A.app", file: "Payload/A.app/Other.plist", keyPath: JSONPointer("a!"), line: nil, value: "1", identity: "/a!"),
                MatchHit(bundle: nil, file: "Payload/A.app/Assets", keyPath: nil, line: nil, value: "Assets", identity: "Payload/A.app/Assets"),
            ]
        let shuffled = hits.shuffled(using: &random)
        #expect(MatchHit.sorted(shuffled) == shuffled.sorted())
        #expect(MatchHit.sorted(shuffled).map { $0.keyPath?.description }.prefix(3) == [nil, "", "/a"])
    }

    @Test func equalHitsOfTwoSearchesEndUpSideBySide() throws {
        let twice = try Self.found("/b/*", file: "F") + Self.found("/b/*", file: "F")
        let sorted = MatchHit.sorted(twice)
        #expect(sorted.count == 24)
        #expect(stride(from: 0, to: 24, by: 2).allSatisfy { sorted[$0] == sorted[$0 + 1] })
        #expect(Set(twice).count == 12)
    }
}
