/// Why `BERReader` (or a walk over what it read) refused some bytes.
///
/// Every case carries the byte offset, from the start of the input, of the
/// element or header at fault; `description` is a lowercase sentence naming it.
package enum BERError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input ends inside an identifier or length octet.
    case truncatedHeader(offset: Int)
    /// A multi-byte tag number that does not fit in 64 bits.
    case tagNumberTooLarge(offset: Int)
    /// The length octet `0xFF`, which X.690 reserves.
    case reservedLength(offset: Int)
    /// A long-form length whose length-of-length is above 8 bytes.
    case lengthOfLengthTooLarge(offset: Int, octets: Int)
    /// A definite length that runs past the end of the input or of the enclosing element.
    case lengthPastEnd(offset: Int, length: UInt64, available: Int)
    /// The indefinite-length octet `0x80` on a primitive element, which X.690 forbids.
    case indefinitePrimitive(offset: Int)
    /// An indefinite-length element whose `00 00` never comes before the input ends.
    case missingEndOfContents(offset: Int)
    /// An end-of-contents marker with a non-zero length, or one outside an indefinite-length element.
    case misplacedEndOfContents(offset: Int)
    /// Elements nested deeper than `BERLimits.maximumDepth`.
    case nestedTooDeep(offset: Int, limit: Int)
    /// More elements than `BERLimits.maximumElementCount`.
    case tooManyElements(offset: Int, limit: Int)
    /// Bytes after the one top-level element.
    case trailingBytes(offset: Int, count: Int)
    /// An element of the wrong type, or missing, where a structure needs one.
    case unexpectedElement(offset: Int, expected: String, found: String)
    /// An OBJECT IDENTIFIER whose encoding is empty, unterminated, or has an arc above 64 bits.
    case malformedObjectIdentifier(offset: Int)
    /// A UTCTime or GeneralizedTime that is not the `YYMMDDHHMMSSZ` or `YYYYMMDDHHMMSSZ` of RFC 5280,
    /// or names no real moment (month 13, February 30).
    case malformedTime(offset: Int)

    package var offset: Int {
        switch self {
        case .truncatedHeader(let offset), .tagNumberTooLarge(let offset), .reservedLength(let offset),
            .lengthOfLengthTooLarge(let offset, _), .lengthPastEnd(let offset, _, _), .indefinitePrimitive(let offset),
            .missingEndOfContents(let offset), .misplacedEndOfContents(let offset), .nestedTooDeep(let offset, _),
            .tooManyElements(let offset, _), .trailingBytes(let offset, _), .unexpectedElement(let offset, _, _),
            .malformedObjectIdentifier(let offset), .malformedTime(let offset):
            offset
        }
    }

    package var description: String {
        switch self {
        case .truncatedHeader(let offset):
            "offset \(offset): the input ends inside an element header"
        case .tagNumberTooLarge(let offset):
            "offset \(offset): the tag number does not fit in 64 bits"
        case .reservedLength(let offset):
            "offset \(offset): the length octet 0xff is reserved"
        case .lengthOfLengthTooLarge(let offset, let octets):
            "offset \(offset): a length of \(octets) octets is more than the 8 this reader accepts"
        case .lengthPastEnd(let offset, let length, let available):
            "offset \(offset): the element claims \(length) bytes but only \(available) remain"
        case .indefinitePrimitive(let offset):
            "offset \(offset): a primitive element cannot have an indefinite length"
        case .missingEndOfContents(let offset):
            "offset \(offset): the indefinite-length element has no end-of-contents marker before the input ends"
        case .misplacedEndOfContents(let offset):
            "offset \(offset): an end-of-contents marker where none belongs"
        case .nestedTooDeep(let offset, let limit):
            "offset \(offset): elements are nested more than \(limit) deep"
        case .tooManyElements(let offset, let limit):
            "offset \(offset): the input holds more than \(limit) elements"
        case .trailingBytes(let offset, let count):
            "offset \(offset): \(count) bytes follow the top-level element"
        case .unexpectedElement(let offset, let expected, let found):
            "offset \(offset): expected \(expected), found \(found)"
        case .malformedObjectIdentifier(let offset):
            "offset \(offset): the object identifier is malformed"
        case .malformedTime(let offset):
            "offset \(offset): the time is not a UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ"
        }
    }
}
