/// Why the bytes of a file are not an icns file that can be read; `description` is a lowercase phrase.
package enum ICNSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file does not start with `icns`.
    case notICNS
    /// The file ends before what it declares: its 8-byte header, or the total length the header gives.
    case truncated(needed: Int, available: Int)
    /// The header's total length is below the 8 bytes of the header itself.
    case declaredLengthTooShort(UInt32)
    /// Fewer than the 8 bytes of an element's type and length are left before the declared end.
    case elementHeaderTruncated(offset: Int, available: Int)
    /// An element whose length is below its own 8-byte header (a zero length among them).
    case elementTooShort(type: String, offset: Int, length: UInt32)
    /// An element that runs past the end the file's header declares.
    case elementPastEnd(type: String, offset: Int, length: UInt32, end: Int)
    /// More elements than `ICNSFile.maximumElements`.
    case tooManyElements(limit: Int)

    package var description: String {
        switch self {
        case .notICNS:
            "not an icns file (it does not start with \"icns\")"
        case .truncated(let needed, let available):
            "a truncated icns file (it declares \(needed) bytes, \(available) were read)"
        case .declaredLengthTooShort(let length):
            "a malformed icns file (its header declares \(length) bytes, less than the header's 8)"
        case .elementHeaderTruncated(let offset, let available):
            "a malformed icns file (an element at offset \(offset) has \(available) bytes for its 8-byte header)"
        case .elementTooShort(let type, let offset, let length):
            "a malformed icns file (the element \(type) at offset \(offset) claims \(length) bytes, less than its 8-byte header)"
        case .elementPastEnd(let type, let offset, let length, let end):
            "a malformed icns file (the element \(type) at offset \(offset) claims \(length) bytes, past the end at \(end))"
        case .tooManyElements(let limit):
            "an icns file of more than \(limit) elements"
        }
    }
}
