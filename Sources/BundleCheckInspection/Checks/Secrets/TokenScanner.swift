import BundleCheckFormats
import BundleCheckModel
import Foundation

/// Finds the documented tokens of `SecretTable` in text: one sweep over the bytes, each byte
/// one lookup in a table of the prefixes' first bytes; where a prefix starts a word, the
/// token's pattern is tried from there, and its checksum checked where it has one.
struct TokenScanner {
    /// One token found: which, where in the text (byte offsets), and its text.
    struct Hit {
        let token: SecretTable.Token
        let range: Range<Int>
        let value: String
        /// The documented prefix it starts with.
        let prefix: String
    }

    private let tokens: [SecretTable.Token]
    /// For each byte, the (token, prefix) pairs whose prefix starts with it.
    private let byFirstByte: [[(token: Int, prefix: [UInt8])]]
    /// The bytes a prefix starts with: a bit tested per byte before the table is touched.
    private let firstBytes: ByteClass

    init(_ table: SecretTable = .shipped) {
        tokens = table.tokens
        var byFirstByte = [[(token: Int, prefix: [UInt8])]](repeating: [], count: 256)
        for (index, token) in table.tokens.enumerated() {
            for prefix in token.prefixes.map({ Array($0.utf8) }) where !prefix.isEmpty {
                byFirstByte[Int(prefix[0])].append((index, prefix))
            }
        }
        // Longer prefixes first: `sk-ant-` is tried before `sk-`.
        self.byFirstByte = byFirstByte.map { $0.sorted { $0.prefix.count > $1.prefix.count } }
        firstBytes = ByteClass(bytes: table.tokens.flatMap(\.prefixes).compactMap(\.utf8.first))
    }

    /// The tokens in `text`, in order.
    func hits(in text: some Collection<UInt8>) -> [Hit] {
        let bytes = Array(text)
        var found: [Hit] = []
        var start = 0
        while start < bytes.count {
            if !firstBytes.contains(bytes[start]) || (start > 0 && Self.isWordByte(bytes[start - 1])) {
                start += 1
                continue
            }
            let candidates = byFirstByte[Int(bytes[start])]
            var matched: Hit?
            for candidate in candidates where Self.starts(bytes, at: start, with: candidate.prefix) {
                if let hit = match(tokens[candidate.token], prefix: candidate.prefix, in: bytes, at: start) {
                    matched = hit
                    break
                }
            }
            if let matched {
                found.append(matched)
                start = matched.range.upperBound
            } else {
                start += 1
            }
        }
        return found
    }

    private func match(_ token: SecretTable.Token, prefix: [UInt8], in bytes: [UInt8], at start: Int) -> Hit? {
        let end = min(bytes.count, start + token.window)
        // A token is one run of letters, digits and `_-./+:`: the pattern sees only that run,
        // and none at all when it is shorter than any token (`AC` followed by a space).
        var runEnd = start + prefix.count
        while runEnd < end, Self.tokenBytes.contains(bytes[runEnd]) { runEnd += 1 }
        guard runEnd - start >= Self.shortestToken, let window = String(bytes: bytes[start..<runEnd], encoding: .ascii) else { return nil }
        let range = NSRange(location: 0, length: window.utf16.count)
        guard let match = token.pattern.firstMatch(in: window, options: [.anchored], range: range) else { return nil }
        let length = match.range.length
        // A letter or digit right after it: part of a longer word, not this token.
        if start + length < bytes.count, Self.isWordByte(bytes[start + length]) { return nil }
        let value = String(window.prefix(length))
        if let checksum = token.checksum, !Self.verifies(checksum, value) { return nil }
        return Hit(token: token, range: start..<(start + length), value: value, prefix: String(decoding: prefix, as: UTF8.self))
    }

    static let tokenBytes = ByteClass("A-Za-z0-9_./+:-")
    /// No documented token is shorter (an AWS access key id is 20 characters).
    static let shortestToken = 20

    static func verifies(_ checksum: SecretTable.Checksum, _ value: String) -> Bool {
        switch checksum {
        case .githubCRC32: GitHubTokenChecksum.verifies(value)
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || ((byte | 0x20) >= 97 && (byte | 0x20) <= 122)
    }

    private static func starts(_ bytes: [UInt8], at start: Int, with prefix: [UInt8]) -> Bool {
        guard bytes.count - start >= prefix.count else { return false }
        for offset in prefix.indices where bytes[start + offset] != prefix[offset] { return false }
        return true
    }
}
