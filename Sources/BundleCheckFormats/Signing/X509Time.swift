import Foundation

/// The two forms of time in an X.509 certificate's validity (RFC 5280 4.1.2.5), read to a `Date`.
///
/// RFC 5280 allows exactly `YYMMDDHHMMSSZ` for UTCTime, where a two-digit year of 50 or more
/// is 19YY and below 50 is 20YY, and `YYYYMMDDHHMMSSZ` for GeneralizedTime (dates from 2050
/// on): always UTC, always with seconds, never fractions. Anything else is refused rather than
/// guessed, and the calendar arithmetic is `GregorianDay`'s, in UTC, without a `Calendar`.
enum X509Time {
    static func date(_ element: BERElement) throws(BERError) -> Date {
        let yearDigits: Int
        switch element.tag {
        case .utcTime: yearDigits = 2
        case .generalizedTime: yearDigits = 4
        default:
            throw BERError.unexpectedElement(offset: element.offset, expected: "a UTCTime or GeneralizedTime", found: element.tag.description)
        }
        let text = Array(element.content)
        // The year, then month, day, hour, minute and second in two digits each, then Z.
        guard text.count == yearDigits + 11, text.last == UInt8(ascii: "Z") else {
            throw BERError.malformedTime(offset: element.offset)
        }
        var fields: [Int] = []
        var cursor = 0
        for width in [yearDigits, 2, 2, 2, 2, 2] {
            var value = 0
            for byte in text[cursor..<cursor + width] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw BERError.malformedTime(offset: element.offset) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            fields.append(value)
            cursor += width
        }
        var year = fields[0]
        if yearDigits == 2 {
            year += year >= 50 ? 1900 : 2000
        }
        let (month, day, hour, minute, second) = (fields[1], fields[2], fields[3], fields[4], fields[5])
        guard GregorianDay.isDay(year: year, month: month, day: day),
            hour < 24, minute < 60, second < 60
        else {
            throw BERError.malformedTime(offset: element.offset)
        }
        let days = GregorianDay.daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }
}
