/// Reads a property list in either of Apple's on-disk formats.
///
/// The format is sniffed from the bytes: the `bplist00` magic means binary,
/// any other `bplist` version is refused, and everything else is read as XML
/// (after an optional UTF-8 byte-order mark and leading white space). Every
/// failure is `BundleCheckError.malformedPropertyList` naming `file`.
package enum PropertyListParser {
    package static func parse(_ bytes: [UInt8], file: String) throws -> PropertyListDocument {
        try parse(bytes, file: file, limits: .standard)
    }

    static func parse(_ bytes: [UInt8], file: String, limits: PropertyListLimits) throws -> PropertyListDocument {
        guard bytes.count <= limits.maxBytes else {
            throw BundleCheckError.malformedPropertyList(
                file: file, reason: "the file is \(bytes.count) bytes, more than the \(limits.maxBytes) bytes allowed for a property list",
                line: nil)
        }
        if bytes.starts(with: "bplist".utf8) {
            guard bytes.count >= 8 else {
                throw BundleCheckError.malformedPropertyList(
                    file: file, reason: "the file is \(bytes.count) bytes, too short for a binary plist header", line: nil)
            }
            guard bytes[6..<8].elementsEqual("00".utf8) else {
                let version = String(decoding: bytes.dropFirst(6).prefix(2), as: UTF8.self)
                throw BundleCheckError.malformedPropertyList(
                    file: file, reason: "unsupported binary plist version '\(version)' (only bplist00 is read)", line: nil)
            }
            return try BinaryPropertyListReader.parse(bytes, file: file, limits: limits)
        }
        let xml = textForXMLParser(bytes, isWhole: true) ?? bytes
        guard !xml.isEmpty else {
            throw BundleCheckError.malformedPropertyList(
                file: file, reason: "the file holds no property list (it is empty or only white space)", line: nil)
        }
        return try XMLPropertyListParser.parse(xml, file: file, limits: limits)
    }

    /// The bytes to hand to the XML parser. XML allows white space before the root
    /// element but not before the `<?xml ...?>` declaration, which some hand-edited
    /// files have: the declaration then moves in front of that white space, so every
    /// element keeps its line number. A UTF-8 byte-order mark in front of white space
    /// is dropped; anything else (UTF-16 text included) is left alone. For the head of a
    /// file (`isWhole` false) what follows is unchanged, and nil means the head does not
    /// settle it: it is all white space, or the declaration to move does not end in it.
    static func textForXMLParser(_ bytes: [UInt8], isWhole: Bool) -> [UInt8]? {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard isWhole || bytes.count >= byteOrderMark.count || !byteOrderMark.starts(with: bytes) else { return nil }
        let bodyStart = bytes.starts(with: byteOrderMark) ? 3 : 0
        var index = bodyStart
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
        // A head that ends in the mark or the white space after it does not show what follows.
        guard isWhole || index < bytes.count else { return nil }
        guard index > bodyStart else { return bytes }
        guard index < bytes.count else { return isWhole ? [] : nil }
        guard isWhole || bytes.count - index >= 5 else { return nil }
        guard bytes[index...].starts(with: "<?xml".utf8) else { return Array(bytes[bodyStart...]) }
        var end = index + 5
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) {
            end += 1
        }
        guard end + 1 < bytes.count else { return isWhole ? Array(bytes[index...]) : nil }
        return Array(bytes[index...(end + 1)]) + bytes[bodyStart..<index] + bytes[(end + 2)...]
    }
}
