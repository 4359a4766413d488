import BundleCheckFormats
import BundleCheckModel
import Foundation

/// A `plist` matcher's condition as a test of one value, which a key-path search applies to
/// each location it matches before keeping it.
extension PlistCondition {
    /// Whether a value at the key path hits: every value for `exists`, and for `missing` too,
    /// since there the question is whether any value is there at all.
    func accepts(_ value: PlistValue) -> Bool {
        switch self {
        case .exists, .missing:
            return true
        case .equals(let text):
            return value.comparableText == text
        case .matches(let regex):
            guard let string = value.stringValue else { return false }
            let range = NSRange(location: 0, length: NSString(string: string).length)
            return regex.firstMatch(in: string, options: [], range: range) != nil
        case .typeIs(let name):
            return value.typeName == name
        }
    }
}
