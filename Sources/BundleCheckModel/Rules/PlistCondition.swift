import Foundation

/// What must hold at a `plist` matcher's key path for it to hit.
public enum PlistCondition: @unchecked Sendable {
    /// Some value is there (each value found is a hit).
    case exists
    /// No value is there (one hit at the key path).
    case missing
    /// The value's text form equals this: strings as they are, booleans `true`/`false`,
    /// integers in decimal, reals in Swift's shortest form.
    case equals(String)
    /// A string value matches this ICU regular expression somewhere.
    case matches(NSRegularExpression)
    /// The value is of this type: string, integer, real, boolean, date, data, array, dictionary.
    case typeIs(String)
}
