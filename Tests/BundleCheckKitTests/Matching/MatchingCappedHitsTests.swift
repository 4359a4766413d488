import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// `cappedHits` makes only the hits a report keeps, and keeps and counts exactly what
/// cutting every hit would: compared here with `FindingCap.cut` over all of them.
@Suite struct MatchingCappedHitsTests {
    typealias Package = MatchingTestPackage

    static let width = 300
    static let file = "Payload/Hostile.app/Info.plist"

    /// An Info.plist whose array holds `width` distinct strings, half of them `$(…)`.
    static func package() throws -> Package {
        let values = (0..<width).map { $0 % 2 == 0 ? "<string>$(V\($0))</string>" : "<string>v\($0)</string>" }
        let xml = PlistTestSupport.xml(
            "<dict><key>CFBundleIdentifier</key><string>com.example.h</string><key>list</key><array>"
                + values.joined(separator: "\n") + "</array><key>nested</key><dict><key>x</key><string>$(X)</string></dict></dict>\n")
        return try Package(HostilePropertyList.package(infoPlist: xml))
    }

    static func expected(
        _ engine: RuleEngine, _ matcher: Matcher, keeping isKept: (MatchHit) -> Bool
    ) -> (kept: [MatchHit], omitted: [(place: FindingCap.Place, count: Int)]) {
        FindingCap.cut(engine.hits(of: matcher, scope: .archive).filter(isKept)) { FindingCap.Place(bundle: $0.bundle, file: $0.file) }
    }

    static func check(_ matcher: Matcher, keeping isKept: @escaping (MatchHit) -> Bool, omitted: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let engine = try package().engine
        let capped = engine.cappedHits(of: matcher, scope: .archive, keeping: isKept)
        let full = expected(engine, matcher, keeping: isKept)
        #expect(capped.kept == full.kept, sourceLocation: sourceLocation)
        #expect(capped.kept.count <= FindingCap.perRuleAndFile, sourceLocation: sourceLocation)
        #expect(capped.omitted.map(\.place) == full.omitted.map(\.place), sourceLocation: sourceLocation)
        #expect(capped.omitted.map(\.count) == full.omitted.map(\.count), sourceLocation: sourceLocation)
        #expect(capped.omitted.map(\.count).reduce(0, +) == omitted, sourceLocation: sourceLocation)
    }

    static var everything: Matcher { Package.plist("/**", .exists) }
    static var unexpanded: Matcher { Package.plist("/**", .matches(try! NSRegularExpression(pattern: #"\$\("#))) }
    static func keepsAll(_ hit: MatchHit) -> Bool { true }
    static func dropsVariables(_ hit: MatchHit) -> Bool { !(hit.value.map(UnexpandedVariable.occurs(in:)) ?? false) }

    @Test func oneSearchKeepsTheFirstFiftyByKeyPathAndCountsTheRest() throws {
        // The root, two app keys' values, the array and its values, the nested dictionary and its value.
        let values = 1 + 1 + 1 + Self.width + 1 + 1
        try Self.check(Self.everything, keeping: Self.keepsAll, omitted: values - FindingCap.perRuleAndFile)
        try Self.check(Self.unexpanded, keeping: Self.keepsAll, omitted: Self.width / 2 + 1 - FindingCap.perRuleAndFile)
    }

    @Test func whatTheFilterDropsIsNeitherKeptNorCounted() throws {
        // The `$(…)` values go; the other strings, containers and the identifier stay.
        let kept = 1 + 1 + 1 + Self.width / 2 + 1
        try Self.check(Self.everything, keeping: Self.dropsVariables, omitted: kept - FindingCap.perRuleAndFile)
    }

    @Test func overlappingSearchesOnOneFileCountEqualHitsOnce() throws {
        // Both find every `$(…)` value: the union is evaluated again keeping every hit.
        let twice = Matcher.any([Self.unexpanded, Self.everything, Self.unexpanded])
        let values = 1 + 1 + 1 + Self.width + 1 + 1
        try Self.check(twice, keeping: Self.keepsAll, omitted: values - FindingCap.perRuleAndFile)
    }

    @Test func allStillSeesASearchWhoseHitsTheFilterDrops() throws {
        // Every hit of the plist search is a `$(…)` value the filter drops; `all` needs it to have matched.
        let matcher = Matcher.all([Self.unexpanded, Package.path("**/Info.plist")])
        let engine = try Self.package().engine
        let capped = engine.cappedHits(of: matcher, scope: .archive, keeping: Self.dropsVariables)
        #expect(capped.kept.map(\.file) == [Self.file])
        #expect(capped.kept.first?.keyPath == nil)
        #expect(capped.omitted.isEmpty)
        try Self.check(matcher, keeping: Self.dropsVariables, omitted: 0)
    }
}
