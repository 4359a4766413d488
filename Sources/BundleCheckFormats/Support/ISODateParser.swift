import Foundation

/// Reads `--now` and the dates of rule examples and data tables: an ISO 8601 day (`2026-03-01`,
/// midnight UTC) or an RFC 3339 timestamp (`2026-03-01T12:00:00Z`, or with an offset such as
/// `+02:00`; fractional seconds allowed).
///
/// Parsed by hand with `GregorianDay` rather than `ISO8601DateFormatter`, which builds an ICU
/// calendar and time zone: megabytes of ICU data resident in every run, for a fixed format.
package enum ISODateParser {
    package static func parse(_ text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let midnight = scanner.day() else { return nil }
        if scanner.atEnd { return Date(timeIntervalSince1970: midnight) }

        guard scanner.skip("T"), let hour = scanner.digits(2), hour < 24, scanner.skip(":"), let minute = scanner.digits(2), minute < 60,
            scanner.skip(":"), let second = scanner.digits(2), second < 60
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") {
            guard let digits = scanner.fractionDigits() else { return nil }
            fraction = digits
        }
        let offset: Int
        if scanner.skip("Z") {
            offset = 0
        } else {
            let sign: Int
            if scanner.skip("+") {
                sign = 1
            } else if scanner.skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = scanner.digits(2), hours < 24, scanner.skip(":"), let minutes = scanner.digits(2), minutes < 60 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard scanner.atEnd else { return nil }
        return Date(timeIntervalSince1970: midnight + TimeInterval(hour * 3_600 + minute * 60 + second - offset) + fraction)
    }

    /// Whether `text` is exactly a `YYYY-MM-DD` that names a real day (a data table's `checked:`).
    package static func isDay(_ text: String) -> Bool {
        var scanner = Scanner(Array(text.utf8))
        return scanner.day() != nil && scanner.atEnd
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// `YYYY-MM-DD` naming a real day, as seconds from 1970 to its midnight UTC.
        mutating func day() -> TimeInterval? {
            guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2),
                GregorianDay.isDay(year: year, month: month, day: day)
            else { return nil }
            return TimeInterval(GregorianDay.daysSinceEpoch(year: year, month: month, day: day) * 86_400)
        }

        /// Exactly `count` ASCII digits, as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count - position >= count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            position += count
            return value
        }

        /// One or more digits after a decimal point, as the fraction of a second they write.
        mutating func fractionDigits() -> Double? {
            var value = 0.0
            var scale = 1.0
            let start = position
            while position < bytes.count, let digit = Self.digit(bytes[position]) {
                scale /= 10
                value += Double(digit) * scale
                position += 1
            }
            return position > start ? value : nil
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
