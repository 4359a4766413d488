import Foundation

/// Reads `--now`: an ISO 8601 date (`2026-03-01`, midnight UTC) or a UTC timestamp
/// (`2026-03-01T12:00:00Z`, fractional seconds allowed).
package enum ISODateParser {
    package static func parse(_ text: String) -> Date? {
        let timestamp = ISO8601DateFormatter()
        timestamp.formatOptions = [.withInternetDateTime]
        if let date = timestamp.date(from: text) { return date }
        timestamp.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = timestamp.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        day.timeZone = TimeZone(identifier: "UTC")
        return day.date(from: text)
    }
}
