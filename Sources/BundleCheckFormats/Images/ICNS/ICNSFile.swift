/// An Apple icon file (`.icns`, what a Mac app's `CFBundleIconFile` names): the list of its
/// elements and the images among them.
///
/// The format (Wikipedia, "Apple Icon Image format"; libicns): big-endian throughout; the magic
/// `icns` and the file's total length (the 8-byte header included), then elements one after
/// another, each a four-character type, its length (its own 8-byte header included) and its data.
/// `ICNSElementKind` says which types are images of which size.
///
/// The reader takes the whole file (callers cap its size) and trusts no length: the declared
/// total must fit the bytes given (bytes past it are ignored), every element must lie inside it
/// and be at least its 8-byte header long, and a file of more than `maximumElements` elements
/// is refused. Nested icns files (the dark variant) are listed, not read.
package struct ICNSFile: Sendable, Hashable {
    /// In file order.
    package let elements: [ICNSElement]
    /// The total length the header declares, header included; bytes past it are not read.
    package let declaredLength: Int

    package init(elements: [ICNSElement], declaredLength: Int) {
        self.elements = elements
        self.declaredLength = declaredLength
    }

    /// Apple's tools write one element per size and a table of contents: a few dozen at the
    /// most. An icns of more is refused rather than listed.
    package static let maximumElements = 256

    static let magic: [UInt8] = Array("icns".utf8)
    /// An element's (and the file's) type and length.
    static let headerLength = 8

    /// The images of the image elements, in file order.
    package var images: [ICNSImage] { elements.compactMap(\.image) }

    /// Whether the file holds an image of `points` at `scale` whose data can be that image
    /// (`ICNSImage.matchesItsType`: a PNG of the right size, or JPEG 2000, ARGB or packed RGB).
    /// `holds(points: 512, scale: 2)` is true for an `ic10` holding a 1024-pixel PNG, false for
    /// one holding a 512-pixel PNG.
    package func holds(points: Int, scale: Int) -> Bool {
        images.contains { $0.points == points && $0.scale == scale && $0.matchesItsType }
    }

    /// Reads the elements of a whole icns file.
    package static func read(_ bytes: [UInt8]) throws(ICNSError) -> ICNSFile {
        let view = ByteView(bytes)
        guard bytes.count >= headerLength else {
            if magic.starts(with: bytes) || bytes.starts(with: magic) { throw .truncated(needed: headerLength, available: bytes.count) }
            throw .notICNS
        }
        guard bytes.starts(with: magic) else { throw .notICNS }
        guard let declared = view.uint32BE(at: 4) else { throw .truncated(needed: headerLength, available: bytes.count) }
        guard declared >= UInt32(headerLength) else { throw .declaredLengthTooShort(declared) }
        guard UInt64(declared) <= UInt64(bytes.count) else { throw .truncated(needed: Int(declared), available: bytes.count) }
        let end = Int(declared)

        var elements: [ICNSElement] = []
        var offset = headerLength
        while offset < end {
            guard elements.count < maximumElements else { throw .tooManyElements(limit: maximumElements) }
            guard end - offset >= headerLength, let typeBytes = view.subrange(at: offset, count: 4), let length = view.uint32BE(at: offset + 4) else {
                throw .elementHeaderTruncated(offset: offset, available: end - offset)
            }
            let type = ICNSElement.typeText(typeBytes[...])
            guard length >= UInt32(headerLength) else { throw .elementTooShort(type: type, offset: offset, length: length) }
            guard UInt64(length) <= UInt64(end - offset) else { throw .elementPastEnd(type: type, offset: offset, length: length, end: end) }
            let elementEnd = offset + Int(length)
            let image = ICNSImage.reading(bytes[(offset + headerLength)..<elementEnd], as: ICNSElementKind.of(type))
            elements.append(ICNSElement(type: type, offset: offset, length: Int(length), image: image))
            offset = elementEnd
        }
        return ICNSFile(elements: elements, declaredLength: end)
    }
}
