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
    }

    /// The tokens in `text`, in order.
    func hits(in text: some Collection<UInt8>) -> [Hit] {
        let bytes = Array(text)
        var found: [Hit] = []
        var start = 0
        while start < bytes.count {
            let candidates = byFirstByte[Int(bytes[start])]
            if candidates.isEmpty || (start > 0 && Self.isWordByte(bytes[start - 1])) {
                start += 1
                continue
            }
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
        // Tokens are ASCII: the window stops at the first byte that is not.
        var asciiEnd = start
        while asciiEnd < end, bytes[asciiEnd] < 0x80 { asciiEnd += 1 }
        guard let window = String(bytes: bytes[start..<asciiEnd], encoding: .ascii) else { return nil }
        let range = NSRange(location: 0, length: window.utf16.count)
        guard let match = token.pattern.firstMatch(in: window, options: [.anchored], range: range) else { return nil }
        let length = match.range.length
        // A letter or digit right after it: part of a longer word, not this token.
        if start + length < bytes.count, Self.isWordByte(bytes[start + length]) { return nil }
        let value = String(window.prefix(length))
        if let checksum = token.checksum, !Self.verifies(checksum, value) { return nil }
        return Hit(token: token, range: start..<(start + length), value: value, prefix: String(decoding: prefix, as: UTF8.self))
    }

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

/// GitHub's token checksum: the last six characters of a `ghp_`-style token are the CRC-32 of
/// the thirty characters between the prefix's underscore and them, in base 62 (`0-9A-Za-z`,
/// most significant first, padded with `0`). A value that fails it is no GitHub token.
enum GitHubTokenChecksum {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    static func verifies(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        guard let underscore = bytes.firstIndex(of: UInt8(ascii: "_")), bytes.count == underscore + 37 else { return false }
        let body = Array(bytes[(underscore + 1)..<(underscore + 31)])
        return Array(bytes[(underscore + 31)...]) == encode(CRC32.checksum(body))
    }

    /// `value` in base 62, six digits.
    static func encode(_ value: UInt32) -> [UInt8] {
        var digits = [UInt8](repeating: alphabet[0], count: 6)
        var rest = value
        for position in stride(from: 5, through: 0, by: -1) {
            digits[position] = alphabet[Int(rest % 62)]
            rest /= 62
        }
        return digits
    }
}
