/// A PEM block (RFC 7468, or RFC 1421 for OpenSSL's encrypted traditional keys) whose label
/// names a private key and whose body decodes to what the label says.
package struct PEMPrivateKeyBlock: Sendable, Hashable {
    /// The label between `BEGIN ` and the dashes: "RSA PRIVATE KEY".
    package let label: String
    package let container: PrivateKeyContainer
    /// From `-----BEGIN` to the end of the `-----END …-----` marker, in the indices of the text given.
    package let range: Range<Int>
    /// The 1-based line of the BEGIN marker within the text given.
    package let line: Int
    /// The decoded body: DER, an openssh-key-v1 blob, or an encrypted traditional key's ciphertext.
    package let body: [UInt8]
}

extension PrivateKeyRecognizer {
    /// Most blocks one text yields: a file holding more is a key store, reported well enough by these.
    static let maximumPEMBlocks = 64
    /// Largest decoded body: a 16384-bit RSA key is about 9 KiB.
    static let maximumPEMBodyBytes = 64 * 1024
    /// Largest text between the markers: base64's 4/3 plus line ends, indentation and JSON escapes.
    static let maximumPEMBodyText = 4 * maximumPEMBodyBytes

    /// The PEM blocks in `text` that hold a private key, in order.
    ///
    /// A block's body must decode to the container its label names, so placeholders (`...`,
    /// `<your key here>`, an empty body) and mislabelled blocks are passed over. Lines may end in
    /// `\r\n`, be indented, or be the `\n` escapes of a JSON string (`\/` read as `/`). The only
    /// body read unparsed is an encrypted traditional key's (`Proc-Type: 4,ENCRYPTED`), which must
    /// still be base64 whose length suits its cipher's block. The text is read once: each BEGIN
    /// pairs with the marker right after it, so bodies never overlap.
    package static func privateKeyBlocks(in text: ArraySlice<UInt8>) -> [PEMPrivateKeyBlock] {
        var blocks: [PEMPrivateKeyBlock] = []
        var lines = LineCounter(text: text)
        var open: PEMMarker?
        var index = text.startIndex
        while index < text.endIndex, blocks.count < maximumPEMBlocks {
            guard text[index] == PEMMarker.dash, let marker = PEMMarker(in: text, at: index) else {
                index += 1
                continue
            }
            index = marker.range.upperBound
            if marker.isBegin {
                open = marker
                continue
            }
            defer { open = nil }
            guard let begin = open, begin.label == marker.label,
                let key = privateKey(label: begin.label, body: text[begin.range.upperBound..<marker.range.lowerBound])
            else { continue }
            blocks.append(
                PEMPrivateKeyBlock(
                    label: begin.label, container: key.container, range: begin.range.lowerBound..<marker.range.upperBound,
                    line: lines.line(at: begin.range.lowerBound), body: key.body))
        }
        return blocks
    }

    /// The labels read, with the container each must hold (`pkcs8` standing for any algorithm).
    private static let keyLabels: [String: PrivateKeyContainer] = [
        "PRIVATE KEY": .pkcs8(algorithm: ""),
        "ENCRYPTED PRIVATE KEY": .encryptedPKCS8,
        "RSA PRIVATE KEY": .rsaPKCS1,
        "EC PRIVATE KEY": .ecSEC1,
        "DSA PRIVATE KEY": .dsa,
        "OPENSSH PRIVATE KEY": .openSSH,
    ]

    /// What a block labelled `label` holds, when its body is what the label says.
    private static func privateKey(label: String, body text: ArraySlice<UInt8>) -> (container: PrivateKeyContainer, body: [UInt8])? {
        guard let expected = keyLabels[label], text.count <= maximumPEMBodyText, let parts = pemBody(text),
            let body = decodeBase64(parts.base64, limit: maximumPEMBodyBytes), !body.isEmpty
        else { return nil }
        let headers = parts.headers
        switch expected {
        case .rsaPKCS1, .ecSEC1, .dsa:
            if let encrypted = isEncryptedTraditional(headers: headers, ciphertext: body) {
                return encrypted ? (expected, body) : nil
            }
        default:
            // RFC 1421 headers belong only to OpenSSL's traditional keys.
            guard headers.isEmpty else { return nil }
        }
        if expected == .openSSH {
            return isOpenSSHKey(body) ? (.openSSH, body) : nil
        }
        guard let found = recognize(der: body) else { return nil }
        switch (expected, found) {
        case (.pkcs8, .pkcs8): return (found, body)
        default: return expected == found ? (found, body) : nil
        }
    }

    /// Whether RFC 1421 headers mark the body as encrypted (nil when there are none that do), and if
    /// so whether the ciphertext suits `DEK-Info`: a CBC cipher's IV is one block, and the
    /// ciphertext whole blocks.
    private static func isEncryptedTraditional(headers: [(name: String, value: String)], ciphertext: [UInt8]) -> Bool? {
        func value(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name }?.value
        }
        guard let procType = value("proc-type"), procType.filter({ $0 != " " }) == "4,ENCRYPTED" else { return nil }
        guard let dekInfo = value("dek-info") else { return false }
        let parts = dekInfo.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
            parts[1].count >= 16, parts[1].count <= 64, parts[1].count % 2 == 0, parts[1].allSatisfy(\.isHexDigit)
        else { return false }
        let block = parts[1].count / 2
        return ciphertext.count >= 2 * block && ciphertext.count % block == 0
    }

    /// openssh-key-v1 (OpenSSH's PROTOCOL.key): the magic, cipher and KDF names, KDF options, the
    /// public keys and the private section, each length-prefixed, and nothing after.
    static func isOpenSSHKey(_ bytes: [UInt8]) -> Bool {
        let magic = Array("openssh-key-v1".utf8) + [0]
        guard bytes.starts(with: magic) else { return false }
        var reader = SSHReader(bytes: bytes, cursor: magic.count)
        guard let cipher = reader.string(), let kdf = reader.string(), [cipher, kdf].allSatisfy(SSHReader.isName),
            reader.string() != nil, let count = reader.uint32(), (1...1024).contains(count)
        else { return false }
        for _ in 0..<count {
            guard let publicKey = reader.string(), !publicKey.isEmpty else { return false }
        }
        guard let privateSection = reader.string(), !privateSection.isEmpty else { return false }
        return reader.cursor == bytes.count
    }
}

/// A `-----BEGIN label-----` or `-----END label-----` marker.
private struct PEMMarker {
    static let dash = UInt8(ascii: "-")
    private static let begin = Array("-----BEGIN ".utf8)
    private static let end = Array("-----END ".utf8)
    private static let dashes = Array("-----".utf8)
    /// Longer than any label in use; bounds the look for the closing dashes.
    private static let maximumLabel = 64

    let isBegin: Bool
    let label: String
    let range: Range<Int>

    /// The marker starting at `start`, when a whole one is there: its label is capitals, digits and single spaces.
    init?(in text: ArraySlice<UInt8>, at start: Int) {
        let rest = text[start...]
        let opening: [UInt8]
        if rest.starts(with: Self.begin) {
            opening = Self.begin
        } else if rest.starts(with: Self.end) {
            opening = Self.end
        } else {
            return nil
        }
        let labelStart = start + opening.count
        var cursor = labelStart
        while cursor < text.endIndex, cursor - labelStart <= Self.maximumLabel {
            let byte = text[cursor]
            guard (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x20 else { break }
            cursor += 1
        }
        let label = text[labelStart..<cursor]
        guard !label.isEmpty, label.first != 0x20, label.last != 0x20, text[cursor...].starts(with: Self.dashes) else { return nil }
        isBegin = opening == Self.begin
        self.label = String(decoding: label, as: UTF8.self)
        range = start..<(cursor + Self.dashes.count)
    }
}

extension PrivateKeyRecognizer {
    /// A block's text split into RFC 1421 headers and base64, or nil when it holds what neither can.
    ///
    /// Lines end at CR, LF or a JSON `\n`/`\r` escape and are trimmed. Headers (lines with a colon:
    /// base64 has none) may lead, up to a blank line; every other line is base64.
    fileprivate static func pemBody(_ text: ArraySlice<UInt8>) -> (headers: [(name: String, value: String)], base64: [UInt8])? {
        var lines: [[UInt8]] = [[]]
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            switch byte {
            case 0x0A, 0x0D:
                lines.append([])
            case UInt8(ascii: "\\"):
                // The escapes a JSON encoder writes in a PEM string; any other is no base64.
                guard index < text.endIndex else { return nil }
                let escaped = text[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"), UInt8(ascii: "r"): lines.append([])
                case UInt8(ascii: "t"): lines[lines.count - 1].append(0x20)
                case UInt8(ascii: "/"): lines[lines.count - 1].append(escaped)
                default: return nil
                }
            default:
                lines[lines.count - 1].append(byte)
            }
        }
        let trimmed = lines.map { $0.trimmingSpaces }.drop { $0.isEmpty }
        var headers: [(name: String, value: String)] = []
        var rest = trimmed[...]
        while let line = rest.first, let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            headers.append(
                (String(decoding: line[..<colon], as: UTF8.self).trimmingSpaces, String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces))
            rest = rest.dropFirst()
        }
        return (headers, Array(rest.joined()))
    }

    /// Standard base64 with `=` padding; spaces and tabs are skipped. Nil past `limit` decoded bytes.
    static func decodeBase64(_ characters: [UInt8], limit: Int) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(min(characters.count / 4 * 3, limit))
        var group: UInt32 = 0
        var pending = 0
        var padding = 0
        for character in characters {
            let sextet: UInt32
            switch character {
            case 0x20, 0x09: continue
            case UInt8(ascii: "="):
                // Padding fills the last group only: after two or three characters of it.
                guard pending + padding >= 2, pending + padding < 4 else { return nil }
                padding += 1
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): sextet = 62
            case UInt8(ascii: "/"): sextet = 63
            default: return nil
            }
            guard padding == 0 else { return nil }
            group = group << 6 | sextet
            pending += 1
            if pending == 4 {
                guard output.count + 3 <= limit else { return nil }
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
                pending = 0
            }
        }
        switch (pending, padding) {
        case (0, 0):
            return output
        case (2, 2):
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case (3, 1):
            output += [UInt8(truncatingIfNeeded: group >> 10), UInt8(truncatingIfNeeded: group >> 2)]
        default:
            return nil
        }
        return output.count <= limit ? output : nil
    }
}

/// Counts lines up to offsets that only grow, so numbering every block reads the text once.
private struct LineCounter {
    let text: ArraySlice<UInt8>
    private var position: Int
    private var current = 1

    init(text: ArraySlice<UInt8>) {
        self.text = text
        position = text.startIndex
    }

    mutating func line(at offset: Int) -> Int {
        while position < offset, position < text.endIndex {
            if text[position] == 0x0A { current += 1 }
            position += 1
        }
        return current
    }
}

/// Reads the big-endian lengths and length-prefixed strings of the SSH wire format (RFC 4251 §5).
private struct SSHReader {
    let bytes: [UInt8]
    var cursor: Int

    mutating func uint32() -> UInt32? {
        guard bytes.count - cursor >= 4 else { return nil }
        let value = bytes[cursor..<(cursor + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        cursor += 4
        return value
    }

    mutating func string() -> ArraySlice<UInt8>? {
        guard let length = uint32(), UInt64(length) <= UInt64(bytes.count - cursor) else { return nil }
        let end = cursor + Int(length)
        defer { cursor = end }
        return bytes[cursor..<end]
    }

    /// A cipher or KDF name: "none", "aes256-ctr", "bcrypt".
    static func isName(_ name: ArraySlice<UInt8>) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { (0x21...0x7E).contains($0) }
    }
}

extension Array where Element == UInt8 {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: [UInt8] {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return [] }
        return Array(self[first...last])
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
