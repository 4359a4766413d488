/// Sizes written for people, in decimal units as Finder and App Store Connect show them: the
/// one formatter the findings and the reports share.
package enum ByteSizeText {
    /// `512 bytes`, `1.5 MB`, `4.3 GB`.
    package static func decimal(_ bytes: UInt64) -> String {
        guard bytes >= 1000 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var unitSize: UInt64 = 1000
        for (index, unit) in units.enumerated() {
            // Tenths of the unit, rounded half up, in integers so no platform rounds differently.
            let tenths = bytes / (unitSize / 10) + (bytes % (unitSize / 10) >= unitSize / 20 ? 1 : 0)
            if tenths < 10_000 || index == units.count - 1 {
                return "\(tenths / 10).\(tenths % 10) \(unit)"
            }
            unitSize *= 1000
        }
        return "\(bytes) bytes"
    }

    /// `4.3 GB (4,312,000,123 bytes)`: the size for reading, then for checking.
    package static func decimalAndExact(_ bytes: UInt64) -> String {
        "\(decimal(bytes)) (\(exact(bytes)))"
    }

    /// `4,312,000,123 bytes`: the exact count, grouped in thousands.
    package static func exact(_ bytes: UInt64) -> String {
        let digits = Array(String(bytes))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped + (bytes == 1 ? " byte" : " bytes")
    }
}
