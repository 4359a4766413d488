/// One element of a BER encoding, read by `BERReader`, with its children when constructed.
///
/// `content` is a slice of the reader's input (indices are input offsets), so
/// an element costs no copy of its bytes. For an indefinite-length element the
/// content stops before its end-of-contents marker.
struct BERElement: Sendable, Hashable {
    let tag: BERTag
    /// Offset of the identifier octet in the input.
    let offset: Int
    /// The whole encoding: header, content and, for an indefinite length, the `00 00`.
    let encodedRange: Range<Int>
    /// The bytes of `encodedRange`, a slice of the input like `content`.
    let encoded: ArraySlice<UInt8>
    let content: ArraySlice<UInt8>
    /// True when the length octet was `0x80` and the content ended with end-of-contents.
    let hasIndefiniteLength: Bool
    /// The nested elements of a constructed element, in order; empty for a primitive one.
    let children: [BERElement]

    init(
        tag: BERTag, offset: Int, encodedRange: Range<Int>, encoded: ArraySlice<UInt8>, content: ArraySlice<UInt8>, hasIndefiniteLength: Bool,
        children: [BERElement]
    ) {
        self.tag = tag
        self.offset = offset
        self.encodedRange = encodedRange
        self.encoded = encoded
        self.content = content
        self.hasIndefiniteLength = hasIndefiniteLength
        self.children = children
    }

    /// Throws unless this element carries `tag`; `what` names what the structure needs there.
    func expect(_ tag: BERTag, _ what: String) throws(BERError) {
        guard self.tag == tag else {
            throw BERError.unexpectedElement(offset: offset, expected: what, found: self.tag.description)
        }
    }

    /// The child at `index`, which must carry `tag`.
    func child(_ index: Int, _ tag: BERTag, _ what: String) throws(BERError) -> BERElement {
        guard index < children.count else {
            throw BERError.unexpectedElement(offset: offset, expected: what, found: "the end of \(self.tag)")
        }
        let element = children[index]
        try element.expect(tag, what)
        return element
    }

    /// The bytes of an OCTET STRING; a constructed one is the concatenation of its
    /// chunks, which may themselves be constructed (X.690 8.7.3).
    func octetStringBytes() throws(BERError) -> [UInt8] {
        guard tag.isOctetString else {
            throw BERError.unexpectedElement(offset: offset, expected: "OCTET STRING", found: tag.description)
        }
        guard tag.isConstructed else { return Array(content) }
        var bytes: [UInt8] = []
        // The chunks are disjoint parts of the content, so this never outgrows it.
        bytes.reserveCapacity(content.count)
        try appendChunks(of: self, to: &bytes)
        return bytes
    }

    private func appendChunks(of element: BERElement, to bytes: inout [UInt8]) throws(BERError) {
        for chunk in element.children {
            guard chunk.tag.isOctetString else {
                throw BERError.unexpectedElement(
                    offset: chunk.offset, expected: "an OCTET STRING chunk", found: chunk.tag.description)
            }
            if chunk.tag.isConstructed {
                try appendChunks(of: chunk, to: &bytes)
            } else {
                bytes.append(contentsOf: chunk.content)
            }
        }
    }

    /// An OBJECT IDENTIFIER in dotted form, `1.2.840.113549.1.7.2`.
    func objectIdentifier() throws(BERError) -> String {
        guard tag == .objectIdentifier else {
            throw BERError.unexpectedElement(offset: offset, expected: "OBJECT IDENTIFIER", found: tag.description)
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        var inArc = false
        for byte in content {
            guard value <= UInt64.max >> 7 else { throw BERError.malformedObjectIdentifier(offset: offset) }
            value = value << 7 | UInt64(byte & 0x7F)
            inArc = byte & 0x80 != 0
            if !inArc {
                arcs.append(value)
                value = 0
            }
        }
        guard let first = arcs.first, !inArc else { throw BERError.malformedObjectIdentifier(offset: offset) }
        // The first subidentifier packs the first two arcs as 40 * x + y, with x at most 2.
        let leading: [UInt64] = first < 80 ? [first / 40, first % 40] : [2, first - 80]
        return (leading + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }
}
