import Foundation

/// What a tracking domain must be: a host name, with no scheme, port, path, query or trailing
/// slash, as `NSPrivacyTrackingDomains` lists them (`analytics.example.com`).
enum TrackingDomain {
    /// Why `text` is no host name, with the host to write when one can be read out of it; nil when it is one.
    static func fault(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return "an empty string is not a domain; Apple reads the array as listing one (remove it)"
        }
        guard !isHostName(text) else { return nil }
        let host = hostPart(of: trimmed)
        if host != text, isHostName(host) {
            return "'\(text)' is not a host name; write '\(host)' (no scheme, port, path, query or trailing slash)"
        }
        return "'\(text)' is not a host name such as analytics.example.com"
    }

    /// Dot-separated labels of letters, digits, hyphens and underscores, none empty or longer
    /// than 63, none starting or ending with a hyphen; 253 characters at most.
    static func isHostName(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        }
    }

    /// `example.com` out of `https://example.com:443/path?query`.
    static func hostPart(of text: String) -> String {
        var rest = Substring(text)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { "/?#".contains($0) }) { rest = rest[..<end] }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return String(rest)
    }
}
