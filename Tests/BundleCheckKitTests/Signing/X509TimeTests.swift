import Foundation
import Testing

@testable import BundleCheckFormats

/// Validity times as RFC 5280 writes them: UTCTime with its two-digit-year rule, and GeneralizedTime.
@Suite struct X509TimeTests {
    static func element(_ tag: BERTag, _ text: String) -> BERElement {
        let bytes = Array(text.utf8)
        return BERElement(
            tag: tag, offset: 7, encodedRange: 7..<(9 + bytes.count), encoded: bytes[...], content: bytes[...], hasIndefiniteLength: false, children: [])
    }

    static func utc(_ text: String) throws -> String {
        try X509Time.date(element(.utcTime, text)).formatted(.iso8601)
    }

    static func generalized(_ text: String) throws -> String {
        try X509Time.date(element(.generalizedTime, text)).formatted(.iso8601)
    }

    @Test(arguments: [
        ("491231235959Z", "2049-12-31T23:59:59Z"), // below 50: 20YY
        ("500101000000Z", "1950-01-01T00:00:00Z"), // 50 and above: 19YY
        ("991231235959Z", "1999-12-31T23:59:59Z"),
        ("000101000000Z", "2000-01-01T00:00:00Z"),
        ("260710164044Z", "2026-07-10T16:40:44Z"),
        ("240229120000Z", "2024-02-29T12:00:00Z"), // a leap day
    ])
    func utcTimeFollowsTheTwoDigitYearRule(text: String, expected: String) throws {
        #expect(try Self.utc(text) == expected)
    }

    @Test(arguments: [
        ("20500101000000Z", "2050-01-01T00:00:00Z"),
        ("19491231235959Z", "1949-12-31T23:59:59Z"),
        ("20000229000000Z", "2000-02-29T00:00:00Z"), // divisible by 400: a leap year
        ("99991231235959Z", "9999-12-31T23:59:59Z"),
    ])
    func generalizedTimeTakesFourDigitYears(text: String, expected: String) throws {
        #expect(try Self.generalized(text) == expected)
    }

    @Test(arguments: [
        "2607101640Z", // no seconds
        "260710164044", // no Z
        "260710164044+0100", // an offset
        "260710164044.5Z", // a fraction
        "261310000000Z", // month 13
        "260000000000Z", // month 0
        "250229000000Z", // 2025 has no 29 February
        "260431000000Z", // April has 30 days
        "260710240000Z", // hour 24
        "260710236000Z", // minute 60
        "260710235960Z", // second 60
        "2607 0164044Z",
        "",
    ])
    func malformedUTCTimesAreRefusedWithTheirOffset(text: String) {
        #expect(throws: BERError.malformedTime(offset: 7)) { try Self.utc(text) }
    }

    @Test(arguments: ["19000229000000Z", "2050010100000Z", "20500101000000.5Z", "500101000000Z"])
    func malformedGeneralizedTimesAreRefused(text: String) {
        #expect(throws: BERError.malformedTime(offset: 7)) { try Self.generalized(text) }
    }

    @Test func otherTagsAreNotTimes() {
        #expect(throws: BERError.self) { try X509Time.date(Self.element(.integer, "260710164044Z")) }
    }

    @Test func dayArithmeticAgreesWithFoundationsCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var random = SeededRandom(seed: 0x7153_2026)
        for _ in 0..<2_000 {
            // From 1600: ICU's Gregorian calendar turns Julian before October 1582.
            let year = Int.random(in: 1600...9999, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...GregorianDay.daysIn(month: month, year: year), using: &random)
            let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
            #expect(GregorianDay.daysSinceEpoch(year: year, month: month, day: day) * 86_400 == Int(date.timeIntervalSince1970), "\(year)-\(month)-\(day)")
        }
    }
}
