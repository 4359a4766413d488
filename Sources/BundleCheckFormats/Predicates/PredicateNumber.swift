/// A numeric literal: integers stay exact over the whole Int64 and UInt64 range, the
/// rest (decimals, exponents, integers too large even for UInt64) are reals.
public enum PredicateNumber: Sendable, Hashable, CustomStringConvertible {
    case integer(PlistInteger)
    case real(Double)

    /// The number with its sign flipped; an integer below -2^63 becomes a real.
    var negated: PredicateNumber {
        switch self {
        case .integer(let value):
            if value.isNegative { return .integer(PlistInteger(value.magnitude)) }
            if value.magnitude == 0 { return self }
            if value.magnitude <= UInt64(Int64.max) + 1, let negative = PlistInteger(parsing: "-\(value.magnitude)") {
                return .integer(negative)
            }
            return .real(-Double(value.magnitude))
        case .real(let value):
            return .real(-value)
        }
    }

    /// The value as a Double, for comparisons that mix integers and reals.
    var doubleValue: Double {
        switch self {
        case .integer(let value): value.isNegative ? -Double(value.magnitude) : Double(value.magnitude)
        case .real(let value): value
        }
    }

    public var description: String {
        switch self {
        case .integer(let value): value.description
        case .real(let value): value.description
        }
    }
}
