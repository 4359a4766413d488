import Foundation

/// Reads Apple's XML property-list format into a `PropertyListDocument`.
///
/// libxml2 (through `Libxml2StreamParser`) checks that the bytes are well-formed XML,
/// refuses entity declarations and hands over elements and text as a stream; this
/// type checks the plist grammar on top: known elements only, strict key/value
/// alternation in dictionaries, exactly one root value, and the text syntax of
/// integers, reals, dates and data. It records the line of every value and every
/// repeated dictionary key.
///
/// No document tree is built: the parser keeps one frame per open element (at most
/// libxml2's depth limit) and the values read so far, so memory is the depth plus
/// the output, whatever the shape of the document.
///
/// Like Core Foundation it accepts a root value without the `<plist>` wrapper,
/// `0x` hexadecimal integers, `nan`/`inf`/`infinity` reals, white space around
/// integers, reals and dates, and reads a dictionary whose only entry is
/// `CF$UID` holding an integer up to 2^32-1 as a keyed-archiver UID.
///
/// Which error a document with several gets is the one a reader of the whole tree
/// would meet first: libxml2's (anywhere in the document) before any of the grammar's,
/// and a container's stray text or entity before anything inside the container.
/// After its first grammar error the parser reads on without building values, to
/// find out whether one of those comes later.
struct XMLPropertyListParser {
    /// Parses `bytes` as an XML plist.
    static func parse(_ bytes: [UInt8], file: String, limits: PropertyListLimits = .standard) throws -> PropertyListDocument {
        try parse(file: file, limits: limits) { builder throws(Libxml2StreamParser.Failure) in
            try Libxml2StreamParser.parse(bytes, into: builder)
        }
    }

    /// Parses the XML plist `read` hands over a piece at a time (`Libxml2StreamParser.parse(reading:into:options:)`
    /// says how). When the source fails, what the parse makes of the cut is thrown; the caller,
    /// which knows why the source failed, says that instead.
    static func parse(
        reading read: (UnsafeMutableRawBufferPointer) -> Int?, file: String, limits: PropertyListLimits
    ) throws -> PropertyListDocument {
        try parse(file: file, limits: limits) { builder throws(Libxml2StreamParser.Failure) in
            try Libxml2StreamParser.parse(reading: read, into: builder)
        }
    }

    private static func parse(
        file: String, limits: PropertyListLimits, _ run: (XMLPropertyListBuilder) throws(Libxml2StreamParser.Failure) -> Void
    ) throws -> PropertyListDocument {
        let builder = XMLPropertyListBuilder(limits: limits)
        do {
            try run(builder)
        } catch {
            throw translate(error, file: file, limits: limits)
        }
        switch builder.outcome() {
        case .failure(let reason, let line):
            throw BundleCheckError.malformedPropertyList(file: file, reason: reason, line: line)
        case .document(let document):
            return document
        }
    }

    private static func translate(_ failure: Libxml2StreamParser.Failure, file: String, limits: PropertyListLimits) -> BundleCheckError {
        switch failure.kind {
        case .excessiveDepth:
            let depth = Swift.min(limits.maxDepth, Libxml2StreamParser.maximumElementDepth)
            return .malformedPropertyList(file: file, reason: "nesting deeper than \(depth) levels", line: failure.line)
        case .entityDeclaration, .internalSubset:
            return .malformedPropertyList(file: file, reason: failure.message, line: failure.line)
        case .notWellFormed:
            return .malformedPropertyList(file: file, reason: "not well-formed xml: \(failure.message)", line: failure.line, column: failure.column)
        }
    }

    /// At most 60 characters of untrusted text, for a message.
    static func excerpt(_ text: String) -> String {
        let flattened = text.replacingOccurrences(of: "\n", with: " ")
        return flattened.count > 60 ? String(flattened.prefix(60)) + "…" : flattened
    }

    // MARK: - Text syntax

    /// Optional sign, then decimal digits or `0x` and hexadecimal digits.
    static func isIntegerSyntax(_ text: String) -> Bool {
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
