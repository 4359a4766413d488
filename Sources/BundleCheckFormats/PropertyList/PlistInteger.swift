/// A property-list integer over the union of Int64 and UInt64.
///
/// Binary plists store values above `Int64.max` as 128-bit integers and XML
/// writes them as plain digits; both ranges must survive a round trip.
public struct PlistInteger: Sendable, Hashable, CustomStringConvertible {
    /// True only for values below zero.
    public let isNegative: Bool
    /// The absolute value; at most 2^63 when negative.
    public let magnitude: UInt64

    public init(_ value: Int64) {
        isNegative = value < 0
        magnitude = value.magnitude
    }

    public init(_ value: UInt64) {
        isNegative = false
        magnitude = value
    }

    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// Parses an XML `<integer>` body: optional sign, decimal digits, or `0x` hexadecimal.
    public init?(parsing text: some StringProtocol) {
        var body = Substring(text)
        var negative = false
        if body.first == "-" {
            negative = true
            body = body.dropFirst()
        } else if body.first == "+" {
            body = body.dropFirst()
        }
        let radix: Int
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            radix = 16
            body = body.dropFirst(2)
        } else {
            radix = 10
        }
        // UInt64(_:radix:) accepts a sign of its own; only bare digits may follow ours.
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }),
            let magnitude = UInt64(body, radix: radix)
        else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            self.isNegative = magnitude != 0
        } else {
            self.isNegative = false
        }
        self.magnitude = magnitude
    }

    /// The value as Int64, or nil when it is above `Int64.max`.
    public var int64: Int64? {
        if isNegative {
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The value as UInt64, or nil when it is negative.
    public var uint64: UInt64? {
        isNegative ? nil : magnitude
    }

    public var description: String {
        isNegative ? "-\(magnitude)" : "\(magnitude)"
    }
}
