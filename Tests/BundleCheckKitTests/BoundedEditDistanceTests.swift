import Testing

@testable import BundleCheckFormats

@Suite struct BoundedEditDistanceTests {
    @Test func distancesAreLevenshteinsUpToTheLimit() {
        #expect(BoundedEditDistance.distance(Array("kitten"), Array("sitting"), limit: 5) == 3)
        #expect(BoundedEditDistance.distance(Array("kitten"), Array("sitting"), limit: 2) == 3)
        #expect(BoundedEditDistance.distance(Array("a"), Array("abcdef"), limit: 2) == 3)
    }

    @Test func theNearestCandidateWinsAndTiesGoToTheAlphabeticallyFirst() {
        #expect(
            BoundedEditDistance.nearest(to: Array("productivty"), among: ["public.productivity", "productivity", "productive"], limit: 4) == "productivity")
        // "bat" and "cat" are both one edit from "at": the first by name, whatever the order given.
        #expect(BoundedEditDistance.nearest(to: Array("at"), among: ["cat", "bat"], limit: 1) == "bat")
        #expect(BoundedEditDistance.nearest(to: Array("at"), among: ["bat", "cat"], limit: 1) == "bat")
        #expect(BoundedEditDistance.nearest(to: Array("zzzz"), among: ["cat", "bat"], limit: 1) == nil)
    }
}
