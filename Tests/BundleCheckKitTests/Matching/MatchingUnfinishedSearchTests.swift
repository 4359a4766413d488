import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// A search its own cap stopped says so: the rule reports that it did not check the whole
/// file, rather than passing it on what it saw first.
@Suite struct MatchingUnfinishedSearchTests {
    typealias Package = MatchingTestPackage

    static let infoPlist = "Payload/Hostile.app/Info.plist"

    /// An Info.plist whose first key holds more values than one search visits, and whose
    /// last key holds an unexpanded variable past them.
    static func pastTheVisitCap() throws -> [UInt8] {
        var root = PlistDictionary()
        root.append(key: "AAA", value: .array(Array(repeating: .bool(true), count: KeyPathPattern.maximumVisits + 1_000)))
        root.append(key: "ZZZ", value: .string("$(SECRET)"))
        return try BinaryPropertyListWriter.write(.dictionary(root))
    }

    @Test func aKeyPathSearchStoppedByTheVisitCapNamesTheFile() throws {
        let engine = try Package(HostilePropertyList.package(infoPlist: Self.pastTheVisitCap())).engine
        let capped = engine.cappedHits(of: MatchingCappedHitsTests.unexpanded, scope: .archive, keeping: { _ in true })
        #expect(capped.kept.isEmpty, "/ZZZ lies past the cap")
        #expect(capped.unfinished.map(\.place.file) == [Self.infoPlist])
        #expect(capped.unfinished.map(\.reason) == [.visitCap(KeyPathPattern.maximumVisits)])
        // A literal key path is one lookup, however large the file.
        let literal = engine.cappedHits(of: Package.plist("/ZZZ", .exists), scope: .archive, keeping: { _ in true })
        #expect(literal.kept.count == 1 && literal.unfinished.isEmpty)
        // A search that saw everything is finished.
        let small = try MatchingCappedHitsTests.package().engine.cappedHits(of: MatchingCappedHitsTests.unexpanded, scope: .archive, keeping: { _ in true })
        #expect(small.unfinished.isEmpty && !small.kept.isEmpty)
    }

    @Test func theRuleSaysItStoppedAndItsCountIsALowerBound() throws {
        let report = try inspect(HostilePropertyList.package(infoPlist: Self.pastTheVisitCap()))
        let findings = report.findings("unexpanded-variable")
        #expect(findings.count == 1)
        let stopped = try #require(findings.first)
        #expect(stopped.file == Self.infoPlist && stopped.bundle == "Payload/Hostile.app" && stopped.keyPath == nil)
        #expect(stopped.message.hasPrefix("this rule stopped after 100,000 values of this file"))
        #expect(stopped.severity == FindingCapTests.rule.severity)
        // With hits past the cut as well, the count says "at least".
        let wide = HostilePropertyList.value(depth: 3, width: KeyPathPattern.maximumVisits + 5_000)
        let many = try inspect(HostilePropertyList.package(infoPlist: try BinaryPropertyListWriter.write(wide))).findings("unexpanded-variable")
        #expect(many.count == FindingCap.perRuleAndFile + 2)
        let summary = try #require(many.first { $0.omittedCount != nil })
        #expect(summary.message.hasPrefix("… and at least "))
        #expect(many.contains { $0.message.hasPrefix("this rule stopped after 100,000 values") })
    }

    @Test func aTextRuleSaysWhichFilesItDidNotReadWhole() throws {
        let needles = (0..<150).map { "needle \($0)" }.joined(separator: "\n")
        let package = FixturePackage(files: [
            FixtureFile(path: "Payload/Hostile.app/Info.plist", contents: PlistTestSupport.xml("<dict/>")),
            FixtureFile(path: "Payload/Hostile.app/big.js", contents: Array(repeating: UInt8(ascii: "a"), count: TextMatcher.maximumFileSize + 1)),
            FixtureFile(path: "Payload/Hostile.app/edge.js", contents: Array(repeating: UInt8(ascii: "a"), count: TextMatcher.maximumFileSize)),
            FixtureFile(path: "Payload/Hostile.app/many.js", contents: Array(needles.utf8)),
            FixtureFile(path: "Payload/Hostile.app/few.js", contents: Array("needle\nneedle\nhay\n".utf8)),
        ])
        let engine = try Package(package).engine
        let capped = engine.cappedHits(of: try Package.text("**/*.js", pattern: "needle"), scope: .archive, keeping: { _ in true })
        #expect(capped.unfinished.map(\.place.file) == ["Payload/Hostile.app/big.js", "Payload/Hostile.app/many.js"])
        #expect(capped.unfinished.map(\.reason) == [.fileTooLarge(TextMatcher.maximumFileSize), .hitCap(TextSearch.maximumHitsPerFile)])
        #expect(capped.kept.filter { $0.file == "Payload/Hostile.app/few.js" }.count == 2)
        #expect(capped.omitted.map(\.count) == [TextSearch.maximumHitsPerFile - FindingCap.perRuleAndFile])
    }
}
