import Foundation

/// Reads Apple's XML property-list format into a `PropertyListDocument`.
///
/// libxml2 (through `Libxml2Document`) checks that the bytes are well-formed XML
/// and refuses entity declarations; this type checks the plist grammar on top:
/// known elements only, strict key/value alternation in dictionaries, exactly one
/// root value, and the text syntax of integers, reals, dates and data. It records
/// the line of every value and every repeated dictionary key.
///
/// Like Core Foundation it accepts a root value without the `<plist>` wrapper,
/// `0x` hexadecimal integers, `nan`/`inf`/`infinity` reals, white space around
/// integers, reals and dates, and reads a dictionary whose only entry is
/// `CF$UID` holding an integer up to 2^32-1 as a keyed-archiver UID.
struct XMLPropertyListParser {
    private let file: String
    private let limits: PropertyListLimits
    private var lines = PropertyListLines.Builder()
    /// The keys and indices from the root to the value being read, for the pointer
    /// of a dictionary that repeats a key; nothing else builds a pointer.
    private var path: [String] = []
    private var duplicateKeys: [PropertyListDocument.DuplicateKey] = []
    private var valueCount = 0

    private init(file: String, limits: PropertyListLimits) {
        self.file = file
        self.limits = limits
    }

    /// Parses `bytes` as an XML plist.
    static func parse(_ bytes: [UInt8], file: String, limits: PropertyListLimits = .standard) throws -> PropertyListDocument {
        var parser = XMLPropertyListParser(file: file, limits: limits)
        return try parser.parseDocument(bytes)
    }

    private mutating func parseDocument(_ bytes: [UInt8]) throws -> PropertyListDocument {
        let document: Libxml2Document
        do {
            document = try Libxml2Document.parse(bytes)
        } catch {
            throw translate(error)
        }
        guard let root = document.rootElement else {
            throw malformed("the document has no root element", line: nil)
        }
        let rootValue: Libxml2Document.Node
        if root.name == "plist" {
            let values = try elementChildren(of: root, element: "plist")
            guard let first = values.first else {
                throw malformed("<plist> holds no value", line: root.line)
            }
            if values.count > 1 {
                throw malformed("<plist> holds more than one root value", line: values[1].line)
            }
            rootValue = first
        } else {
            rootValue = root
        }
        let value = try parseValue(rootValue, depth: 1).value
        return PropertyListDocument(format: .xml, root: value, lines: lines.build(), duplicateKeys: duplicateKeys)
    }

    // MARK: - Values

    /// The value of `node` and its number in `lines`.
    private mutating func parseValue(_ node: Libxml2Document.Node, depth: Int) throws -> (value: PlistValue, number: Int32) {
        let line = node.line
        valueCount += 1
        guard valueCount <= limits.maxValues else {
            throw malformed("more than \(limits.maxValues) values", line: line)
        }
        guard depth <= limits.maxDepth else {
            throw malformed("nesting deeper than \(limits.maxDepth) levels", line: line)
        }
        let number = lines.add(line: line)
        return (try parseContent(of: node, number: number, line: line, depth: depth), number)
    }

    private mutating func parseContent(of node: Libxml2Document.Node, number: Int32, line: Int, depth: Int) throws -> PlistValue {
        let name = node.name
        switch name {
        case "string":
            return .string(try textContent(of: node, element: name))
        case "integer":
            return .integer(try parseInteger(try textContent(of: node, element: name).trimmingXMLWhiteSpace(), line: line))
        case "real":
            let text = try textContent(of: node, element: name).trimmingXMLWhiteSpace()
            guard let real = Self.parseReal(text) else {
                throw malformed("real '\(Self.excerpt(text))' is not a number", line: line)
            }
            return .real(real)
        case "true", "false":
            guard try elementChildren(of: node, element: name).isEmpty else {
                throw malformed("<\(name)> must be empty", line: line)
            }
            return .bool(name == "true")
        case "date":
            let text = try textContent(of: node, element: name).trimmingXMLWhiteSpace()
            guard let date = Self.parseDate(text) else {
                throw malformed("date '\(Self.excerpt(text))' is not a valid yyyy-mm-ddThh:mm:ssZ date", line: line)
            }
            return .date(date)
        case "data":
            guard let data = Self.decodeBase64(try textContent(of: node, element: name)) else {
                throw malformed("<data> is not valid base64", line: line)
            }
            return .data(data)
        case "array":
            let children = try elementChildren(of: node, element: name)
            var elements: [PlistValue] = []
            var numbers: [Int32] = []
            elements.reserveCapacity(children.count)
            numbers.reserveCapacity(children.count)
            for (index, child) in children.enumerated() {
                path.append(String(index))
                let (element, elementNumber) = try parseValue(child, depth: depth + 1)
                path.removeLast()
                elements.append(element)
                numbers.append(elementNumber)
            }
            lines.setElements(of: number, numbers)
            return .array(elements)
        case "dict":
            return try parseDictionary(node, number: number, depth: depth)
        case "key":
            let key = (try? textContent(of: node, element: name)) ?? ""
            throw malformed("<key> '\(Self.excerpt(key))' outside a dictionary", line: line)
        case "plist":
            throw malformed("<plist> nested inside a value", line: line)
        default:
            throw malformed("unknown element <\(name)>", line: line)
        }
    }

    private mutating func parseDictionary(_ node: Libxml2Document.Node, number: Int32, depth: Int) throws -> PlistValue {
        var dictionary = PlistDictionary()
        var seen = Set<String>()
        // Built at the first repeated key and shared by the others.
        var pointer: JSONPointer?
        var pendingKey: (key: String, line: Int)?
        for child in try elementChildren(of: node, element: "dict") {
            if child.name == "key" {
                if let pendingKey {
                    throw malformed("dictionary key '\(Self.excerpt(pendingKey.key))' has no value", line: pendingKey.line)
                }
                valueCount += 1
                guard valueCount <= limits.maxValues else {
                    throw malformed("more than \(limits.maxValues) values", line: child.line)
                }
                pendingKey = (try textContent(of: child, element: "key"), child.line)
                continue
            }
            guard let (key, keyLine) = pendingKey else {
                throw malformed("dictionary value <\(child.name)> has no key", line: child.line)
            }
            pendingKey = nil
            if !seen.insert(key).inserted {
                let dictionaryPointer = pointer ?? JSONPointer(components: path)
                pointer = dictionaryPointer
                duplicateKeys.append(PropertyListDocument.DuplicateKey(dictionary: dictionaryPointer, key: key, line: keyLine))
            }
            path.append(key)
            let (value, valueNumber) = try parseValue(child, depth: depth + 1)
            path.removeLast()
            lines.setEntry(of: number, key: key, to: valueNumber)
            dictionary.append(key: key, value: value)
        }
        if let pendingKey {
            throw malformed("dictionary key '\(Self.excerpt(pendingKey.key))' has no value", line: pendingKey.line)
        }
        // Core Foundation reads {CF$UID: n} back as the UID its XML writer turned into that dictionary.
        if dictionary.count == 1, let entry = dictionary.entries.first, entry.key == "CF$UID",
            case .integer(let integer) = entry.value, let uid = integer.uint64, uid <= UInt64(UInt32.max) {
            lines.removeEntry(of: number, key: entry.key)
            return .uid(uid)
        }
        return .dictionary(dictionary)
    }

    private func parseInteger(_ text: String, line: Int) throws -> PlistInteger {
        guard Self.isIntegerSyntax(text) else {
            throw malformed("integer '\(Self.excerpt(text))' is not a decimal or 0x hexadecimal number", line: line)
        }
        guard let integer = PlistInteger(parsing: text) else {
            throw malformed("integer '\(Self.excerpt(text))' is out of range", line: line)
        }
        return integer
    }

    // MARK: - Children and text

    /// The element children of a container, refusing text that is not white space.
    private func elementChildren(of node: Libxml2Document.Node, element: String) throws -> [Libxml2Document.Node] {
        var elements: [Libxml2Document.Node] = []
        for child in node.children {
            switch child.kind {
            case .element:
                elements.append(child)
            case .text, .cdata:
                let text = child.text
                guard Self.isXMLWhiteSpace(text) else {
                    throw malformed("unexpected text '\(Self.excerpt(text.trimmingXMLWhiteSpace()))' in <\(element)>", line: child.line)
                }
            case .comment, .processingInstruction:
                continue
            case .entityReference:
                throw malformed("undefined entity '&\(child.name);'", line: child.line)
            case .other:
                throw malformed("unexpected xml content in <\(element)>", line: child.line)
            }
        }
        return elements
    }

    /// The text of a leaf element, exactly as written once the XML parser decoded references.
    private func textContent(of node: Libxml2Document.Node, element: String) throws -> String {
        var text = ""
        for child in node.children {
            switch child.kind {
            case .text, .cdata:
                text += child.text
            case .comment, .processingInstruction:
                continue
            case .entityReference:
                throw malformed("undefined entity '&\(child.name);'", line: child.line)
            case .element:
                throw malformed("<\(element)> cannot contain elements, found <\(child.name)>", line: child.line)
            case .other:
                throw malformed("unexpected xml content in <\(element)>", line: child.line)
            }
        }
        return text
    }

    // MARK: - Errors

    private func malformed(_ reason: String, line: Int?) -> BundleCheckError {
        .malformedPropertyList(file: file, reason: reason, line: line)
    }

    private func translate(_ failure: Libxml2Document.Failure) -> BundleCheckError {
        switch failure.kind {
        case .excessiveDepth:
            let depth = Swift.min(limits.maxDepth, Libxml2Document.maximumElementDepth)
            return malformed("nesting deeper than \(depth) levels", line: failure.line)
        case .entityDeclaration, .internalSubset:
            return malformed(failure.message, line: failure.line)
        case .notWellFormed:
            return .malformedPropertyList(file: file, reason: "not well-formed xml: \(failure.message)", line: failure.line, column: failure.column)
        }
    }

    /// At most 60 characters of untrusted text, for a message.
    private static func excerpt(_ text: String) -> String {
        let flattened = text.replacingOccurrences(of: "\n", with: " ")
        return flattened.count > 60 ? String(flattened.prefix(60)) + "…" : flattened
    }

    // MARK: - Text syntax

    private static func isXMLWhiteSpace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// Optional sign, then decimal digits or `0x` and hexadecimal digits.
    private static func isIntegerSyntax(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" {
            body = body.dropFirst()
        }
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            body = body.dropFirst(2)
            return !body.isEmpty && body.allSatisfy(\.isHexDigit)
        }
        return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A decimal floating-point number, or one of the spellings of NaN and infinity Core Foundation accepts.
    static func parseReal(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var mantissaDigits = digits()
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return nil }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count else { return nil }
        return Double(text)
    }

    /// `yyyy-mm-ddThh:mm:ssZ` in UTC, years 1 to 9999.
    static func parseDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            year >= 1, (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= monthLengths[month - 1] else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Standard base64 with `=` padding; XML white space may appear anywhere.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count / 4 * 3)
        var accumulator: UInt32 = 0
        var pending = 0
        var padding = 0
        for byte in text.utf8 {
            let sextet: UInt32
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case 0x3D:
                padding += 1
                continue
            case 0x41...0x5A: sextet = UInt32(byte - 0x41)
            case 0x61...0x7A: sextet = UInt32(byte - 0x61 + 26)
            case 0x30...0x39: sextet = UInt32(byte - 0x30 + 52)
            case 0x2B: sextet = 62
            case 0x2F: sextet = 63
            default: return nil
            }
            guard padding == 0 else { return nil }
            accumulator = accumulator << 6 | sextet
            pending += 1
            if pending == 4 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                pending = 0
            }
        }
        switch (pending, padding) {
        case (0, 0):
            break
        case (2, 2):
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case (3, 1):
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            return nil
        }
        return output
    }
}

extension String {
    /// The text without XML white space (space, tab, CR, LF) at either end.
    fileprivate func trimmingXMLWhiteSpace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }
}
