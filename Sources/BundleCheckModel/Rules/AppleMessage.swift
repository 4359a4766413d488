import Foundation

/// What App Store Connect prints with one of a rule's codes, as Apple words it (the rule file's
/// `apple-messages`): its title, then " - " and the body where one is known, with the parts
/// that name the app elided as "...". Since Xcode 26, altool and Transporter often print only
/// "Validation failed (409)" and this text, without the code, so `--explain` searches it.
public struct AppleMessage: Sendable, Hashable {
    /// `ITMS-90473`.
    public let code: String
    /// `CFBundleVersion Mismatch - The CFBundleVersion value '...' of extension '...' does not …`
    public let text: String

    public init(code: String, text: String) {
        self.code = code
        self.text = text
    }

    /// The part before the first " - ": `Missing app icon`.
    public var title: String {
        guard let dash = text.range(of: " - ") else { return text }
        return String(text[..<dash.lowerBound])
    }
}

/// A piece of Apple's message text as a user pastes it into `--explain`: a leading "Validation
/// failed (409)" (the wrapper altool and Transporter add) is dropped, and what is left is split
/// at "…" or "..." into pieces that must all appear in one message, case-insensitively.
public struct AppleMessageQuery: Sendable, Equatable {
    /// Lowercased, trimmed, never empty.
    public let pieces: [String]

    /// Nil when nothing is left to search for.
    public init?(_ text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let wrapper = "validation failed"
        if rest.lowercased().hasPrefix(wrapper) {
            rest = rest.dropFirst(wrapper.count).drop(while: \.isWhitespace)
            // "(409)", or any status in parentheses, then a separator.
            if rest.first == "(", let close = rest.firstIndex(of: ")") {
                rest = rest[rest.index(after: close)...]
            }
            rest = rest.drop { $0.isWhitespace || $0 == ":" || $0 == "-" || $0 == "." }
        }
        let pieces = Self.folded(String(rest)).replacingOccurrences(of: "…", with: "...").components(separatedBy: "...")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        guard !pieces.isEmpty else { return nil }
        self.pieces = pieces
    }

    /// Whether every piece appears in `message`'s text, in any case.
    public func matches(_ message: AppleMessage) -> Bool {
        let text = Self.folded(message.text)
        return pieces.allSatisfy { text.contains($0) }
    }

    /// Lowercased, with Apple's curly quotes as straight ones: an email pastes “…” and ’, a
    /// terminal " and '.
    static func folded(_ text: String) -> String {
        var folded = text.lowercased()
        for (curly, straight) in [("\u{201C}", "\""), ("\u{201D}", "\""), ("\u{2018}", "'"), ("\u{2019}", "'")] {
            folded = folded.replacingOccurrences(of: curly, with: straight)
        }
        return folded
    }
}
