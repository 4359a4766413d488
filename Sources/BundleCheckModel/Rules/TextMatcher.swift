import Foundation

/// An ICU regular expression over the UTF-8 text files of a bundle whose paths match `files`.
///
/// Files over `maximumFileSize` and files that are not valid UTF-8 are skipped.
public struct TextMatcher: @unchecked Sendable {
    public static let maximumFileSize = 1 << 20

    public let files: [Glob]
    public let pattern: NSRegularExpression

    public init(files: [Glob], pattern: NSRegularExpression) {
        self.files = files
        self.pattern = pattern
    }
}
