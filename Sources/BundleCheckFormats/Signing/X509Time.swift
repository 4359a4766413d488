import Foundation

/// The two forms of time in an X.509 certificate's validity (RFC 5280 4.1.2.5), read to a `Date`.
///
/// RFC 5280 allows exactly `YYMMDDHHMMSSZ` for UTCTime, where a two-digit year of 50 or more
/// is 19YY and below 50 is 20YY, and `YYYYMMDDHHMMSSZ` for GeneralizedTime (dates from 2050
/// on): always UTC, always with seconds, never fractions. Anything else is refused rather than
/// guessed, and the calendar arithmetic is done here, in UTC, without a `Calendar`.
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
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else {
            throw BERError.malformedTime(offset: element.offset)
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar, counting
    /// whole 400-year eras from 1 March 0000 so February's length falls at the end of a year.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
