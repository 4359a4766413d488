/// Reads JSON (RFC 8259) from untrusted bytes into a `JSONValue`, so that a report
/// `JSONWriter` wrote reads back as the value it was written from.
///
/// Strict: one value, then only whitespace (space, tab, LF, CR); no comments, no trailing
/// commas, no leading zeros, no `NaN` or `Infinity`, no unescaped control character in a
/// string, UTF-8 only (checked byte by byte, RFC 3629), and a `\u` escape of half a
/// surrogate pair only with its other half. A UTF-8 byte-order mark at the very start is
/// skipped, as RFC 8259 allows a reader to: an editor may have saved a report with one, and
/// it changes nothing of the value; anywhere else it is an unexpected byte.
///
/// Values: object members stay in document order and a repeated key is kept as written
/// (`JSONValue`'s subscript finds the last). A number without fraction or exponent that fits
/// Int64 is `.integer` (`-0` is `.integer(0)`: integers have no negative zero); any other
/// is `.double`, and one beyond the largest finite double is refused, since JSON cannot
/// carry infinity (one too small rounds to 0 or a subnormal, as any reader does).
///
/// Hostile input: every cap of `JSONLimits` is checked before what it bounds is built, and
/// each has its own `JSONParseError.Reason`. The parse is iterative (a stack of open
/// containers, no recursion), each byte is looked at once, strings are made from slices of
/// the input (one scratch buffer when a string has escapes), and each container is built
/// once when it closes, so time is linear in the bytes and memory in the values.
/// Foundation's `JSONSerialization` is not used: it drops duplicate keys and order.
package struct JSONParser: Sendable {
    package var limits: JSONLimits

    package init(limits: JSONLimits = .default) {
        self.limits = limits
    }

    package func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var reader = Reader(bytes: bytes, limits: limits)
        return try reader.document()
    }

    package func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        // `withUnsafeBytes` rethrows untyped; a Result carries the typed error through it.
        try bytes.withUnsafeBytes { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }.get()
    }

    package func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8 { buffer in Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) } }.get()
    }
}

/// One parse: the input, where it has got to, and the containers open.
private struct Reader {
    /// An array or object not yet closed. Its elements, and an object's keys, wait on the
    /// reader's shared stacks from these indices on, so no container is copied while it grows.
    private struct Frame {
        let isObject: Bool
        let elementsStart: Int
        let keysStart: Int
    }

    private typealias Reason = JSONParseError.Reason
    private typealias Expected = JSONParseError.Expected

    private let bytes: UnsafeRawBufferPointer
    private let count: Int
    private let limits: JSONLimits
    private var position = 0
    /// 3 after a byte-order mark, which no column counts.
    private var contentStart = 0
    private var valueCount = 0
    /// The decoded bytes of a string with escapes, kept from one such string to the next.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeRawBufferPointer, limits: JSONLimits) {
        self.bytes = bytes
        self.count = bytes.count
        self.limits = limits
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        guard count <= limits.maxBytes else { throw failure(.documentTooLarge(bytes: count, limit: limits.maxBytes), at: 0) }
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            contentStart = 3
        }
        var frames: [Frame] = []
        var elements: [JSONValue] = []
        var keys: [String] = []
        // What the place of the next value allows, for the message when none is there.
        var expected = Expected.value
        skipWhitespace()
        while true {
            // A value starts at `position`.
            var value: JSONValue
            guard position < count else { throw failure(.unexpectedEnd(expected), at: position) }
            let start = position
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try countValue(at: start)
                guard frames.count < limits.maxDepth else { throw failure(.tooDeep(limit: limits.maxDepth), at: start) }
                let isObject = byte == UInt8(ascii: "{")
                position += 1
                skipWhitespace()
                if position < count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    value = isObject ? .object([]) : .array([])
                } else {
                    frames.append(Frame(isObject: isObject, elementsStart: elements.count, keysStart: keys.count))
                    if isObject {
                        keys.append(try key(expected: .keyOrObjectEnd))
                    }
                    expected = isObject ? .value : .valueOrArrayEnd
                    continue
                }
            case UInt8(ascii: "\""):
                try countValue(at: start)
                value = .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try countValue(at: start)
                value = try number()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                try countValue(at: start)
                value = try literal()
            default:
                throw unexpected(byte, expected, at: start)
            }
            // The value is whole: it joins its container, and each container it completes joins its own.
            while let frame = frames.last {
                elements.append(value)
                skipWhitespace()
                let close = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let after: Expected = frame.isObject ? .commaOrObjectEnd : .commaOrArrayEnd
                guard position < count else { throw failure(.unexpectedEnd(after), at: position) }
                let next = bytes[position]
                if next == UInt8(ascii: ",") {
                    let comma = position
                    position += 1
                    skipWhitespace()
                    if position < count, bytes[position] == close { throw failure(.trailingComma(close), at: comma) }
                    if frame.isObject {
                        keys.append(try key(expected: .key))
                    }
                    expected = .value
                    break
                }
                guard next == close else { throw unexpected(next, after, at: position) }
                position += 1
                frames.removeLast()
                value = frame.isObject ? .object(Self.members(of: frame, elements: &elements, keys: &keys)) : .array(Self.elements(of: frame, &elements))
            }
            if frames.isEmpty {
                skipWhitespace()
                guard position == count else { throw unexpected(bytes[position], .endOfDocument, at: position) }
                return value
            }
        }
    }

    /// The elements of an array that has just closed, taken off the shared stack.
    private static func elements(of frame: Frame, _ elements: inout [JSONValue]) -> [JSONValue] {
        let array = Array(elements[frame.elementsStart...])
        elements.removeSubrange(frame.elementsStart...)
        return array
    }

    /// The members of an object that has just closed, taken off the shared stacks.
    private static func members(of frame: Frame, elements: inout [JSONValue], keys: inout [String]) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        members.reserveCapacity(keys.count - frame.keysStart)
        for (key, value) in zip(keys[frame.keysStart...], elements[frame.elementsStart...]) {
            members.append(JSONValue.Member(key, value))
        }
        keys.removeSubrange(frame.keysStart...)
        elements.removeSubrange(frame.elementsStart...)
        return members
    }

    private mutating func countValue(at start: Int) throws(JSONParseError) {
        valueCount += 1
        guard valueCount <= limits.maxValues else { throw failure(.tooManyValues(limit: limits.maxValues), at: start) }
    }

    private mutating func skipWhitespace() {
        while position < count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// An object's key and the `:` after it; `expected` says what may stand where the key is missing.
    private mutating func key(expected: Expected) throws(JSONParseError) -> String {
        guard position < count else { throw failure(.unexpectedEnd(expected), at: position) }
        guard bytes[position] == UInt8(ascii: "\"") else { throw unexpected(bytes[position], expected, at: position) }
        let key = try string()
        skipWhitespace()
        guard position < count else { throw failure(.unexpectedEnd(.colon), at: position) }
        guard bytes[position] == UInt8(ascii: ":") else { throw unexpected(bytes[position], .colon, at: position) }
        position += 1
        skipWhitespace()
        return key
    }

    // MARK: - Strings

    /// The string whose opening quote is at `position`; leaves `position` after its closing quote.
    private mutating func string() throws(JSONParseError) -> String {
        let quote = position
        var index = position + 1
        // Bytes from here to `index` are the string's own, not yet copied anywhere.
        var runStart = index
        var escaped = false
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard index < count else { throw failure(.unterminatedString, at: count) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                escaped = true
                index = try escape(at: index)
                runStart = index
                guard scratch.count <= limits.maxStringBytes else { throw failure(.stringTooLong(limit: limits.maxStringBytes), at: quote) }
            } else if byte < 0x20 {
                throw failure(.controlCharacter(byte), at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                index = try utf8Sequence(at: index)
            }
        }
        let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])
        guard (escaped ? scratch.count : 0) + run.count <= limits.maxStringBytes else {
            throw failure(.stringTooLong(limit: limits.maxStringBytes), at: quote)
        }
        position = index + 1
        guard escaped else { return Self.makeString(run) }
        scratch.append(contentsOf: run)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Bytes already checked to be UTF-8, copied once into a new string.
    private static func makeString(_ utf8: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: utf8.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: utf8)
            return utf8.count
        }
    }

    /// Decodes the escape whose backslash is at `backslash` onto `scratch`; returns where it ends.
    private mutating func escape(at backslash: Int) throws(JSONParseError) -> Int {
        guard backslash + 1 < count else { throw failure(.unterminatedString, at: count) }
        let kind = bytes[backslash + 1]
        let decoded: UInt8
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = kind
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            let unit = try hexUnit(escapeAt: backslash)
            var end = backslash + 6
            var scalar = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                // A high half: its low half must be the very next escape.
                guard end + 1 < count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u") else {
                    throw failure(.loneSurrogate(unit), at: backslash)
                }
                let low = try hexUnit(escapeAt: end)
                guard (0xDC00..<0xE000).contains(low) else { throw failure(.loneSurrogate(unit), at: backslash) }
                scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
                end += 6
            } else if (0xDC00..<0xE000).contains(unit) {
                throw failure(.loneSurrogate(unit), at: backslash)
            }
            appendUTF8(scalar)
            return end
        default:
            throw failure(.invalidEscape(kind), at: backslash)
        }
        scratch.append(decoded)
        return backslash + 2
    }

    /// The four hexadecimal digits of the `\u` escape at `backslash`.
    private func hexUnit(escapeAt backslash: Int) throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for index in (backslash + 2)..<(backslash + 6) {
            guard index < count else { throw failure(.unterminatedString, at: count) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.invalidUnicodeEscape, at: backslash)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case ..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 sequence starting at `start` (RFC 3629's table: no overlong
    /// form, no surrogate, nothing past U+10FFFF); returns where it ends.
    private func utf8Sequence(at start: Int) throws(JSONParseError) -> Int {
        let length: Int
        // The range of the second byte; the others are 0x80...0xBF.
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch bytes[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: throw failure(.invalidUTF8, at: start)
        }
        guard start + length <= count, second.contains(bytes[start + 1]) else { throw failure(.invalidUTF8, at: start) }
        for index in (start + 2)..<(start + length) where bytes[index] & 0xC0 != 0x80 {
            throw failure(.invalidUTF8, at: start)
        }
        return start + length
    }

    // MARK: - Numbers and words

    private func isDigit(_ index: Int) -> Bool {
        index < count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    /// The number starting at `position` (a `-` or a digit).
    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = position
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        guard isDigit(index) else { throw failure(.missingDigits(after: .sign), at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            guard !isDigit(index) else { throw failure(.leadingZero, at: start) }
        } else {
            while isDigit(index) { index += 1 }
        }
        let digitsEnd = index
        var isInteger = true
        if index < count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard isDigit(index) else { throw failure(.missingDigits(after: .decimalPoint), at: index) }
            while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw failure(.missingDigits(after: .exponent), at: index) }
            while isDigit(index) { index += 1 }
        }
        guard index - start <= limits.maxNumberLength else { throw failure(.numberTooLong(limit: limits.maxNumberLength), at: start) }
        position = index
        if isInteger, let integer = int64(digits: digitsStart..<digitsEnd, negative: negative) {
            return .integer(integer)
        }
        // The grammar is checked above; the standard library rounds the digits to the nearest double.
        guard let double = Double(Self.makeString(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))), double.isFinite else {
            throw failure(.numberOutOfRange, at: start)
        }
        return .double(double)
    }

    /// The digits as an Int64, or nil when they do not fit (the number is then a double).
    private func int64(digits: Range<Int>, negative: Bool) -> Int64? {
        // 19 digits always fit a UInt64; 20 are past Int64 either way.
        guard digits.count <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for index in digits {
            magnitude = magnitude * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
        }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(bitPattern: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// `true`, `false` or `null` at `position`; any other run of letters is named in the error.
    private mutating func literal() throws(JSONParseError) -> JSONValue {
        let start = position
        var end = start
        while end < count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20) { end += 1 }
        let word = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        let value: JSONValue
        if word.elementsEqual("true".utf8) {
            value = .bool(true)
        } else if word.elementsEqual("false".utf8) {
            value = .bool(false)
        } else if word.elementsEqual("null".utf8) {
            value = .null
        } else {
            throw failure(.invalidLiteral(String(decoding: word.prefix(32), as: UTF8.self)), at: start)
        }
        position = end
        return value
    }

    // MARK: - Errors

    private func unexpected(_ byte: UInt8, _ expected: Expected, at offset: Int) -> JSONParseError {
        failure(byte == UInt8(ascii: "/") ? .comment : .unexpectedByte(byte, expected), at: offset)
    }

    /// The error, with its line and column counted from the start: once, when the parse stops.
    private func failure(_ reason: Reason, at offset: Int) -> JSONParseError {
        var line = 1
        var column = 1
        var index = contentStart
        while index < min(offset, count) {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < count && bytes[index + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                // A character starts at every byte but a UTF-8 continuation byte.
                column += 1
            }
            index += 1
        }
        return JSONParseError(reason, offset: offset, line: line, column: column)
    }
}
