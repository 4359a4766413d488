/// One localised string of a `.strings` file: `"NSCameraUsageDescription" = "…";`.
package struct StringsFileEntry: Sendable, Hashable {
    package let key: String
    package let value: String
    /// The key's line, for the text and XML forms; nil in a binary plist.
    package let line: Int?

    package init(key: String, value: String, line: Int?) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// Reads a `.strings` file (an app's `*.lproj/InfoPlist.strings`) in whichever form it ships:
/// Xcode usually converts it to a binary plist, some build setups copy an XML plist, and older
/// or hand-built apps keep the text form (`"KEY" = "value";`, UTF-8 or UTF-16 with a byte-order
/// mark). Only string values are kept. Every failure is `BundleCheckError.malformedPropertyList`.
package enum StringsFile {
    package static func read(_ bytes: [UInt8], file: String) throws -> [StringsFileEntry] {
        if bytes.starts(with: "bplist".utf8) {
            return try plistEntries(PropertyListParser.parse(bytes, file: file), file: file)
        }
        let text = try decode(bytes, file: file)
        if text.unicodeScalars.first(where: { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }) == "<" {
            // An XML plist; the parser reads UTF-8, so UTF-16 text is handed over re-encoded.
            let utf8 = isUTF16(bytes) ? Array(text.utf8) : bytes
            return try plistEntries(PropertyListParser.parse(utf8, file: file), file: file)
        }
        return try StringsFileParser.parse(text, file: file)
    }

    /// UTF-16 with a byte-order mark (what Xcode wrote for years), else UTF-8 (with or without one).
    static func decode(_ bytes: [UInt8], file: String) throws -> String {
        if isUTF16(bytes) {
            guard bytes.count % 2 == 0 else {
                throw BundleCheckError.malformedPropertyList(file: file, reason: "UTF-16 text of an odd number of bytes", line: nil)
            }
            let bigEndian = bytes[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            for offset in stride(from: 2, to: bytes.count, by: 2) {
                let first = UInt16(bytes[offset])
                let second = UInt16(bytes[offset + 1])
                units.append(bigEndian ? first << 8 | second : second << 8 | first)
            }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw BundleCheckError.malformedPropertyList(file: file, reason: "the text is not valid UTF-16", line: nil)
            }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else {
            throw BundleCheckError.malformedPropertyList(file: file, reason: "the text is neither UTF-8 nor UTF-16 with a byte-order mark", line: nil)
        }
        return text
    }

    private static func isUTF16(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    }

    private static func plistEntries(_ document: PropertyListDocument, file: String) throws -> [StringsFileEntry] {
        guard let dictionary = document.root.dictionaryValue else {
            throw BundleCheckError.malformedPropertyList(
                file: file, reason: "the root is of type \(document.root.typeName); a strings file is a dictionary", line: nil)
        }
        return dictionary.entries.compactMap { entry in
            entry.value.stringValue.map { StringsFileEntry(key: entry.key, value: $0, line: document.line(of: JSONPointer(entry.key))) }
        }
    }
}
