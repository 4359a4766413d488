import BundleCheckFormats
import Foundation
import Testing

/// `ISODateParser` reads by hand what `ISO8601DateFormatter` read before (it loaded ICU's
/// calendar and time-zone data): the formatter stays here as the oracle.
struct ISODateParserTests {
    @Test func daysAreMidnightUTCAsTheFormatterReadsThem() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var random = SeededRandom(seed: 0x1509_2026)
        for _ in 0..<1_000 {
            let year = Int.random(in: 1700...2400, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...GregorianDay.daysIn(month: month, year: year), using: &random)
            let text = Self.day(year, month, day)
            #expect(ISODateParser.parse(text) == formatter.date(from: text), "\(text)")
        }
    }

    @Test func timestampsAgreeWithTheFormatter() throws {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = SeededRandom(seed: 0x3339_2026)
        for _ in 0..<1_000 {
            let year = Int.random(in: 1970...2100, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...GregorianDay.daysIn(month: month, year: year), using: &random)
            let (hour, minute, second) = (
                Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random), Int.random(in: 0...59, using: &random)
            )
            let zone =
                Bool.random(using: &random)
                ? "Z"
                : (Bool.random(using: &random) ? "+" : "-") + Self.two(Int.random(in: 0...14, using: &random)) + ":"
                    + Self.two(Int.random(in: 0...3, using: &random) * 15)
            let millis = Bool.random(using: &random) ? "." + String(Int.random(in: 100...999, using: &random)) : ""
            let text = Self.day(year, month, day) + "T" + Self.two(hour) + ":" + Self.two(minute) + ":" + Self.two(second) + millis + zone
            let expected = try #require((millis.isEmpty ? plain : fractional).date(from: text), "\(text)")
            let parsed = try #require(ISODateParser.parse(text), "\(text)")
            #expect(abs(parsed.timeIntervalSince(expected)) < 0.000_5, "\(text)")
        }
    }

    @Test(arguments: [
        "", "2026", "2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026/01/01", "2026-01-01 ", " 2026-01-01",
        "2026-01-01T", "2026-01-01T12:00Z", "2026-01-01T12:00:00", "2026-01-01T24:00:00Z", "2026-01-01T12:60:00Z",
        "2026-01-01T12:00:60Z", "2026-01-01T12:00:00.Z", "2026-01-01T12:00:00+0100", "2026-01-01T12:00:00+24:00",
        "2026-01-01t12:00:00Z", "2026-01-01T12:00:00Zjunk", "２０２６-01-01",
    ])
    func malformedTextIsNoDate(text: String) {
        #expect(ISODateParser.parse(text) == nil)
    }

    @Test func anOffsetAndFractionMoveTheInstant() throws {
        let utc = try #require(ISODateParser.parse("2026-03-01T12:00:00Z"))
        #expect(utc.timeIntervalSince1970 == 1_772_366_400)
        #expect(ISODateParser.parse("2026-03-01T14:00:00+02:00") == utc)
        #expect(ISODateParser.parse("2026-03-01T09:30:00-02:30") == utc)
        #expect(ISODateParser.parse("2026-03-01T12:00:00.25Z")?.timeIntervalSince(utc) == 0.25)
        #expect(ISODateParser.parse("2026-03-01") == utc.addingTimeInterval(-12 * 3_600))
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(year) + "-" + two(month) + "-" + two(day)
    }
}
