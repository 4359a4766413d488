import BundleCheckFormats

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
