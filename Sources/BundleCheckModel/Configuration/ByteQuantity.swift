import Foundation

/// A number of bytes as a person writes it in a configuration: `1048576`, `500 kB`, `10 MiB`,
/// `2.5 GB`. Decimal units (kB, MB, GB) count powers of 1000, binary ones (KiB, MiB, GiB) of 1024.
public enum ByteQuantity {
    static let units: [String: Double] = [
        "": 1, "B": 1, "bytes": 1,
        "kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9,
        "KiB": 1024, "MiB": 1_048_576, "GiB": 1_073_741_824,
    ]

    public static let examples = "1048576, 500 kB, 10 MiB or 2.5 GB"

    public static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.first != ".", digits.filter({ $0 == "." }).count <= 1,
            let number = Double(digits), let scale = units[unit]
        else { return nil }
        let bytes = (number * scale).rounded()
        // Beyond 2^63 no package is that large; refuse rather than wrap.
        guard bytes.isFinite, bytes < 9.2e18 else { return nil }
        return UInt64(bytes)
    }
}
