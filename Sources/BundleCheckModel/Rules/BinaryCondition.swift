import Foundation

/// How a `binary` matcher compares a value: exactly, by prefix, by substring, or by ICU
/// regular expression. Executables hold hundreds of thousands of strings, so the plain forms
/// are preferred wherever they say enough; a regular expression runs on every string.
public enum BinaryCondition: @unchecked Sendable {
    case equals(String)
    case prefix(String)
    case contains(String)
    case matches(NSRegularExpression)

    public func matches(_ value: String) -> Bool {
        switch self {
        case .equals(let text): value == text
        case .prefix(let text): value.hasPrefix(text)
        case .contains(let text): value.contains(text)
        case .matches(let regex):
            regex.firstMatch(in: value, range: NSRange(location: 0, length: NSString(string: value).length)) != nil
        }
    }
}
