import Testing

@testable import BundleCheckReview

/// One facet compared on two sides, where a side holds a key more than once (a privacy
/// manifest listing one API category twice, two document types of one name).
@Suite struct FacetComparisonTests {
    static let facet = InventoryFacet.named("declared-reasons")!

    static func value(_ entries: [(String, String)]) -> FacetValue {
        FacetValue(entries.map { FacetValue.Keyed(key: $0.0, entry: .text($0.1)) })
    }

    @Test func aRepeatedKeyAgainstItselfChangesNothing() {
        let repeated = Self.value([("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1"), ("NSPrivacyAccessedAPICategoryUserDefaults", "1C8F.1")])
        #expect(FacetComparison.changes(of: Self.facet, old: repeated, new: repeated).isEmpty)
    }

    @Test func aSecondOccurrenceIsAddedOrRemovedWhole() {
        let once = Self.value([("k", "a")]), twice = Self.value([("k", "a"), ("k", "b")])
        let added = FacetComparison.changes(of: Self.facet, old: once, new: twice)
        #expect(added.map { "\($0.kind) \($0.key ?? "") \($0.new ?? "")" } == ["added k b"])
        let removed = FacetComparison.changes(of: Self.facet, old: twice, new: once)
        #expect(removed.map { "\($0.kind) \($0.key ?? "") \($0.old ?? "")" } == ["removed k b"])
    }

    @Test func occurrencesAreComparedInOrder() {
        let old = Self.value([("k", "a"), ("k", "b")]), new = Self.value([("k", "a"), ("k", "c")])
        #expect(FacetComparison.changes(of: Self.facet, old: old, new: new).map { "\($0.kind) \($0.old ?? "") \($0.new ?? "")" } == ["changed b c"])
    }
}
