/// A bounds-checked reader of BER (X.690), the encoding of CMS envelopes such as
/// provisioning profiles, written for input nobody vouches for.
///
/// It reads every tag class, multi-byte tag numbers, short and long definite
/// lengths (up to 8 length octets) and indefinite lengths, whose end it finds by
/// reading the nested elements up to their `00 00` end-of-contents marker. Each
/// length is checked against what remains of the input and of the enclosing
/// element before anything is sliced; depth and element count are capped by
/// `BERLimits`. Every step moves forward by at least two bytes, so no input makes
/// it loop. Failures are `BERError`s naming the offset.
struct BERReader {
    private let bytes: [UInt8]
    private let limits: BERLimits
    private var elementCount = 0

    /// Reads the single element that `bytes` must hold, with its whole subtree.
    static func read(_ bytes: [UInt8], limits: BERLimits = .standard) throws(BERError) -> BERElement {
        var reader = BERReader(bytes: bytes, limits: limits)
        guard !bytes.isEmpty else { throw BERError.truncatedHeader(offset: 0) }
        let element = try reader.element(at: 0, end: bytes.count, depth: 0)
        let end = element.encodedRange.upperBound
        guard end == bytes.count else { throw BERError.trailingBytes(offset: end, count: bytes.count - end) }
        return element
    }

    private init(bytes: [UInt8], limits: BERLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The element whose identifier octet is at `start`; it must end by `end`.
    private mutating func element(at start: Int, end: Int, depth: Int) throws(BERError) -> BERElement {
        guard depth <= limits.maximumDepth else { throw BERError.nestedTooDeep(offset: start, limit: limits.maximumDepth) }
        elementCount += 1
        guard elementCount <= limits.maximumElementCount else {
            throw BERError.tooManyElements(offset: start, limit: limits.maximumElementCount)
        }
        var cursor = start
        let tag = try readTag(at: &cursor, end: end, start: start)
        guard cursor < end else { throw BERError.truncatedHeader(offset: start) }
        let lengthOctet = bytes[cursor]
        cursor += 1

        if lengthOctet == 0x80 {
            guard tag.isConstructed else { throw BERError.indefinitePrimitive(offset: start) }
            return try indefiniteElement(tag: tag, start: start, contentStart: cursor, end: end, depth: depth)
        }
        let length = try readDefiniteLength(lengthOctet, at: &cursor, end: end, start: start)
        let available = end - cursor
        guard length <= UInt64(available) else {
            throw BERError.lengthPastEnd(offset: start, length: length, available: available)
        }
        let contentEnd = cursor + Int(length)
        if tag == .endOfContents {
            // A `00 00` here is not closing an indefinite-length element: that case is handled by the caller.
            throw BERError.misplacedEndOfContents(offset: start)
        }
        var children: [BERElement] = []
        if tag.isConstructed {
            var childStart = cursor
            while childStart < contentEnd {
                let child = try element(at: childStart, end: contentEnd, depth: depth + 1)
                children.append(child)
                childStart = child.encodedRange.upperBound
            }
        }
        return BERElement(
            tag: tag, offset: start, encodedRange: start..<contentEnd, encoded: bytes[start..<contentEnd], content: bytes[cursor..<contentEnd],
            hasIndefiniteLength: false, children: children)
    }

    /// Reads children up to the `00 00` that closes an indefinite-length element.
    private mutating func indefiniteElement(
        tag: BERTag, start: Int, contentStart: Int, end: Int, depth: Int
    ) throws(BERError) -> BERElement {
        var children: [BERElement] = []
        var childStart = contentStart
        while true {
            guard childStart < end else { throw BERError.missingEndOfContents(offset: start) }
            if bytes[childStart] == 0x00 {
                guard childStart + 1 < end else { throw BERError.missingEndOfContents(offset: start) }
                guard bytes[childStart + 1] == 0x00 else { throw BERError.misplacedEndOfContents(offset: childStart) }
                return BERElement(
                    tag: tag, offset: start, encodedRange: start..<(childStart + 2), encoded: bytes[start..<(childStart + 2)],
                    content: bytes[contentStart..<childStart], hasIndefiniteLength: true, children: children)
            }
            let child = try element(at: childStart, end: end, depth: depth + 1)
            children.append(child)
            childStart = child.encodedRange.upperBound
        }
    }

    private func readTag(at cursor: inout Int, end: Int, start: Int) throws(BERError) -> BERTag {
        let first = bytes[cursor]
        cursor += 1
        let tagClass = BERTagClass(rawValue: first >> 6) ?? .universal
        let constructed = first & 0x20 != 0
        var number = UInt64(first & 0x1F)
        if number == 0x1F {
            // High tag number form: base-128 digits, the last one without the top bit.
            number = 0
            while true {
                guard cursor < end else { throw BERError.truncatedHeader(offset: start) }
                let byte = bytes[cursor]
                cursor += 1
                guard number <= UInt64.max >> 7 else { throw BERError.tagNumberTooLarge(offset: start) }
                number = number << 7 | UInt64(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
        }
        return BERTag(tagClass: tagClass, isConstructed: constructed, number: number)
    }

    private func readDefiniteLength(_ lengthOctet: UInt8, at cursor: inout Int, end: Int, start: Int) throws(BERError) -> UInt64 {
        guard lengthOctet & 0x80 != 0 else { return UInt64(lengthOctet) }
        guard lengthOctet != 0xFF else { throw BERError.reservedLength(offset: start) }
        let octets = Int(lengthOctet & 0x7F)
        guard octets <= 8 else { throw BERError.lengthOfLengthTooLarge(offset: start, octets: octets) }
        guard octets <= end - cursor else { throw BERError.truncatedHeader(offset: start) }
        var length: UInt64 = 0
        for byte in bytes[cursor..<(cursor + octets)] {
            length = length << 8 | UInt64(byte)
        }
        cursor += octets
        return length
    }
}
