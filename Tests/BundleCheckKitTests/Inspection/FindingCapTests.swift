import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// One rule says at most 50 things about one file, then how many more there were.
@Suite struct FindingCapTests {
    static let rule = RuleCatalogue.shipped.rules.first { $0.id == "unexpanded-variable" }!

    @Test func cutKeepsTheFirstOfEachPlaceAndCountsTheRest() {
        let items = (0..<130).map { ($0 % 2 == 0 ? "a" : "b", $0) } + [("c", 1)]
        let (kept, omitted) = FindingCap.cut(items) { FindingCap.Place(bundle: nil, file: $0.0) }
        #expect(kept.count == 2 * FindingCap.perRuleAndFile + 1)
        #expect(kept.filter { $0.0 == "a" }.map(\.1) == Array(stride(from: 0, to: 100, by: 2)))
        #expect(omitted.map(\.place.file) == ["a", "b"] && omitted.map(\.count) == [15, 15])
        let exactly = FindingCap.cut(Array(0..<FindingCap.perRuleAndFile)) { _ in FindingCap.Place(bundle: nil, file: "x") }
        #expect(exactly.kept.count == FindingCap.perRuleAndFile && exactly.omitted.isEmpty)
    }

    @Test func countsAreWrittenWithThousandsSeparators() {
        #expect(FindingCap.grouped(7) == "7")
        #expect(FindingCap.grouped(999) == "999")
        #expect(FindingCap.grouped(1_000) == "1,000")
        #expect(FindingCap.grouped(99_952) == "99,952")
        #expect(FindingCap.grouped(1_234_567) == "1,234,567")
    }

    @Test func builtInFindingsAreSortedBeforeTheyAreCut() {
        let findings = (0..<120).map { index in
            Self.rule.finding(
                "value \(index)", at: FindingLocation(bundle: "Payload/A.app", file: "Payload/A.app/Info.plist", keyPath: JSONPointer("K\(index)")))
        }
        var random = SeededRandom(seed: 13)
        let limited = FindingCap.limit(findings, of: Self.rule)
        #expect(FindingCap.limit(findings.shuffled(using: &random), of: Self.rule) == limited)
        #expect(limited.count == FindingCap.perRuleAndFile + 1)
        let kept = limited.dropLast().map { $0.keyPath!.description }
        #expect(kept == findings.map { $0.keyPath!.description }.sorted().prefix(FindingCap.perRuleAndFile).map { $0 })
        let summary = limited.last!
        #expect(summary.omittedCount == 70 && summary.message == "… and 70 more findings of this rule in this file")
        #expect(summary.rule == Self.rule.id && summary.severity == Self.rule.severity && summary.keyPath == nil)
        #expect(limited.dropLast().allSatisfy { $0.omittedCount == nil })
        // At the cap nothing is cut.
        #expect(FindingCap.limit(Array(findings.prefix(50)), of: Self.rule) == Array(findings.prefix(50)))
    }

    @Test func aDeepWidePlistGivesFiftyFindingsAndOneThatCountsTheRest() throws {
        let depth = 250, width = 5_000
        let report = try inspect(HostilePropertyList.package(infoPlist: HostilePropertyList.xml(depth: depth, width: width)))
        let findings = report.findings("unexpanded-variable")
        #expect(findings.count == FindingCap.perRuleAndFile + 1)
        let summary = try #require(findings.first { $0.omittedCount != nil })
        #expect(summary.omittedCount == width - FindingCap.perRuleAndFile)
        #expect(summary.message == "… and 4,950 more findings of this rule in this file")
        #expect(summary.file == "Payload/Hostile.app/Info.plist" && summary.bundle == "Payload/Hostile.app")
        // The kept ones are the first in report order: by pointer text, so /10 before /9.
        let expected = (0..<width).map { HostilePropertyList.pointer(depth: depth, index: $0).description }.sorted().prefix(FindingCap.perRuleAndFile)
        let kept = findings.filter { $0.omittedCount == nil }
        #expect(kept.map { $0.keyPath!.description } == Array(expected))
        let firstValueLine = 3 + 5 + (depth - 3) + 2
        #expect(kept.first?.line == firstValueLine)
        // The JSON says the list was cut, on that finding only.
        let json = try ReportJSON(JSONReporter().render(Report(toolVersion: "1.0.0", inputs: [report])))
        let counted = json.findings("unexpanded-variable").compactMap { $0["omittedCount"] as? Int }
        #expect(counted == [width - FindingCap.perRuleAndFile])
    }

    @Test func aBinaryDeepWidePlistIsCappedTheSameWay() throws {
        let value = HostilePropertyList.value(depth: 250, width: 3_000)
        let report = try inspect(HostilePropertyList.package(infoPlist: try BinaryPropertyListWriter.write(value)))
        let findings = report.findings("unexpanded-variable")
        #expect(findings.count == FindingCap.perRuleAndFile + 1)
        #expect(findings.compactMap(\.omittedCount) == [2_950])
        #expect(findings.allSatisfy { $0.line == nil })
    }

    @Test func aCheckThatCutItsOwnFindingsIsNotCutAgain() {
        let place = FindingCap.Place(bundle: "Payload/A.app", file: "Payload/A.app/Info.plist")
        func findings(_ count: Int) -> [Finding] {
            (0..<count).map { index in
                Self.rule.finding("value \(index)", at: FindingLocation(bundle: place.bundle, file: place.file, keyPath: JSONPointer("K\(index)")))
            }
        }
        // Fifty made and 70 counted by the check: kept as they are.
        let counted = FindingCap.summary(of: Self.rule, at: place, omitted: 70)
        let limited = FindingCap.limit(findings(50) + [counted], of: Self.rule)
        #expect(limited.count == FindingCap.perRuleAndFile + 1)
        #expect(Set(limited.dropLast().map(\.message)) == Set(findings(50).map(\.message)))
        #expect(limited.compactMap(\.omittedCount) == [70])
        // Sixty made and 10 counted: ten more cut here, one finding counts all twenty.
        let more = FindingCap.limit(findings(60) + [FindingCap.summary(of: Self.rule, at: place, omitted: 10)], of: Self.rule)
        #expect(more.count == FindingCap.perRuleAndFile + 1)
        #expect(more.compactMap(\.omittedCount) == [20])
        #expect(more.last?.message == "… and 20 more findings of this rule in this file")
    }

    @Test func repeatedKeysDeepInAPlistMakeFiftyFindingsAndCountTheRest() throws {
        // 120 keys written twice (k1 three times) in a dictionary 200 levels deep.
        let depth = 200, keys = 120
        var body = String(repeating: "<key>d</key><dict>\n", count: depth - 2) + "<key>d</key><dict>\n"
        for index in 0..<keys {
            body += "<key>k\(index)</key><true/>\n<key>k\(index)</key><false/>\n"
        }
        body += "<key>k1</key><true/>\n</dict>\n" + String(repeating: "</dict>\n", count: depth - 2)
        let plist = Array(
            ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n<key>CFBundleIdentifier</key><string>com.example.h</string>\n"
                + body + "</dict></plist>\n").utf8)
        let report = try inspect(HostilePropertyList.package(infoPlist: plist))
        let findings = report.findings("plist-duplicate-key")
        #expect(findings.count == FindingCap.perRuleAndFile + 1)
        #expect(findings.compactMap(\.omittedCount) == [keys - FindingCap.perRuleAndFile])
        let dictionary = Array(repeating: "d", count: depth - 1)
        let expected = (0..<keys).map { JSONPointer(components: dictionary + ["k\($0)"]).description }.sorted().prefix(FindingCap.perRuleAndFile)
        let kept = findings.filter { $0.omittedCount == nil }
        #expect(kept.map { $0.keyPath!.description } == Array(expected))
        // Each at its first repetition: k1's second line, not its third.
        let k1 = try #require(kept.first { $0.keyPath?.components.last == "k1" })
        #expect(k1.line == 3 + (depth - 1) + 1 * 2 + 2)
    }
}
