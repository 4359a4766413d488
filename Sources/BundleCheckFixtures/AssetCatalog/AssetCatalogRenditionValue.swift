/// A rendition's value as CoreUI writes it: a "structured image" header (`CSI`), a list of
/// tagged values (TLVs), then the payload. Little-endian throughout.
///
/// The header is 184 bytes: the magic (`ISTC` in the file), version 1, the rendition flags,
/// width and height in pixels, the scale times 100, the pixel format (`ARGB`, its bytes
/// `BGRA`), the colour space (1 for `ARGB`), a modification time (0), the layout (16 bits, then
/// 16 zero bits), the source file's name in 128 bytes, the TLVs' length, the bitmap count (1),
/// a reserved 0 and the payload's length.
///
/// The flags are 0 for every icon of the real catalogues, opaque or not: the shorebird
/// catalogue's App Store icon decodes to alpha 255 throughout and its flags are 0, as are those
/// of its packed atlases, which hold transparent pixels. The write-ups' "is opaque" bit (bit 3)
/// is set on none of them, so opacity is left to the pixels here too. (Bit 4 is set on JPEG
/// images and a grey launch image, and bit 2 on vector ones.)
///
/// An image's pixels are a `CELM` payload (its magic `MLEC` in the file): a version, the
/// compression type, a length, the data. Xcode 14 to 16.4 write version 3 (Xcode 26, version
/// 1, cutting the same) and cut the rows into chunks compressed apart, each behind a 20-byte `KCBC` header (0, 0, its rows, its length),
/// the length field then the number of chunks: 2 chunks of half the rows for up to 32 KiB of
/// pixels, else 3 of a third and the rows left over in a fourth (1024 rows: 341, 341, 341, 1).
enum AssetCatalogRenditionValue {
    enum Layout: UInt16 {
        /// A layered image's flattened and radiosity images (the corpus's tvOS icon).
        case flattenedImage = 0
        case image = 12
        case layerStack = 1002
        case internalLink = 1003
        case packedAsset = 1004
        case multisizeImageSet = 1010
        /// An Icon Composer icon's SVG layer, colours and gradients (`AssetCatalogIconPart`).
        case vector = 9
        case color = 1009
        case namedGradient = 1021
        /// An Icon Composer icon's stack and group (`AssetCatalogIconLayers`).
        case iconStack = 1019
        case iconGroup = 1020
    }

    enum Tag: UInt32 {
        case slices = 1001, metrics = 1003, composition = 1004, uti = 1005, bitmapInfo = 1006, bytesPerRow = 1007, reference = 1010
        case layerReferences = 1012
        /// An Icon Composer stack's or group's per-layer kinds and fills, and effects (`AssetCatalogIconLayers`).
        case iconLayerFills = 1020, iconLayerEffects = 1021
    }

    static let headerLength = 184
    static let pixelFormatARGB = Array("BGRA".utf8)
    static let pixelFormatJPEG = Array("GEPJ".utf8)
    static let pixelFormatData = Array("ATAD".utf8)
    static let pixelFormatSVG = Array(" GVS".utf8)
    static let pixelFormatNone: [UInt8] = [0, 0, 0, 0]
    /// Bit 4 of the flags, set on every JPEG of the corpus.
    static let flagsJPEG: UInt32 = 16

    /// The header, the TLVs and `payload`.
    static func value(
        flags: UInt32 = 0, width: Int, height: Int, scale: Int, pixelFormat: [UInt8], colorSpace: UInt32, layout: Layout, name: String,
        tlvs: [(tag: Tag, data: [UInt8])], payload: [UInt8]
    ) -> [UInt8] {
        let list = tlvs.flatMap { le32(UInt32($0.tag.rawValue)) + le32(UInt32($0.data.count)) + $0.data }
        var header = Array("ISTC".utf8) + le32(1) + le32(flags) + le32(UInt32(truncatingIfNeeded: width)) + le32(UInt32(truncatingIfNeeded: height))
        header += le32(UInt32(scale * 100)) + pixelFormat + le32(colorSpace) + le32(0) + AssetCatalogKeys.littleEndian16(layout.rawValue) + [0, 0]
        let nameBytes = Array(name.utf8.prefix(127))
        header += nameBytes + [UInt8](repeating: 0, count: 128 - nameBytes.count)
        header += le32(UInt32(list.count)) + le32(1) + le32(0) + le32(UInt32(payload.count))
        return header + list + payload
    }

    /// One slice covering `width`×`height` (or none wide, for an atlas).
    static func slices(width: Int, height: Int) -> [UInt8] { le32(1) + le32(0) + le32(0) + le32(UInt32(width)) + le32(UInt32(height)) }

    /// One metric: no insets, the image's size.
    static func metrics(width: Int, height: Int) -> [UInt8] { le32(1) + [UInt8](repeating: 0, count: 16) + le32(UInt32(width)) + le32(UInt32(height)) }

    /// Blend mode 0 (normal) and an opacity (1.0 for bitmaps; 0.0 for a size list).
    static func composition(opacity: Float) -> [UInt8] { le32(0) + le32(opacity.bitPattern) }

    /// EXIF orientation 1.
    static let bitmapInfo = le32(1)

    /// A bitmap rendition (layout 12): its TLVs as on every image of the real catalogues. A
    /// flattened or radiosity image (layout 0) has, as the corpus's tvOS ones, one empty slice
    /// and no metrics.
    static func bitmap(
        width: Int, height: Int, headerWidth: Int, headerHeight: Int, scale: Int, name: String, bytesPerRow: Int, layout: Layout = .image, payload: [UInt8]
    ) -> [UInt8] {
        let size: [(tag: Tag, data: [UInt8])] =
            layout == .flattenedImage
            ? [(.slices, slices(width: 0, height: 0))]
            : [(.slices, slices(width: width, height: height)), (.metrics, metrics(width: width, height: height))]
        return value(
            width: headerWidth, height: headerHeight, scale: scale, pixelFormat: pixelFormatARGB, colorSpace: 1, layout: layout, name: name,
            tlvs: size + [(.composition, composition(opacity: 1)), (.bitmapInfo, bitmapInfo), (.bytesPerRow, le32(UInt32(bytesPerRow)))],
            payload: payload)
    }

    /// A JPEG image (layout 12, pixel format `JPEG`), as the corpus's tvOS layers and top-shelf
    /// images: flags bit 4, the header's size 0×0 and colour space 0, the size in the slices and
    /// metrics, the file (`AssetCatalogJPEG`, a header alone) as raw data.
    static func jpeg(width: Int, height: Int, scale: Int, name: String) -> [UInt8] {
        value(
            flags: flagsJPEG, width: 0, height: 0, scale: scale, pixelFormat: pixelFormatJPEG, colorSpace: 0, layout: .image, name: name,
            tlvs: [
                (.slices, slices(width: width, height: height)), (.metrics, metrics(width: width, height: height)),
                (.composition, composition(opacity: 1)), (.bitmapInfo, bitmapInfo),
            ],
            payload: rawData(AssetCatalogJPEG.header(width: width, height: height)))
    }

    /// A layer stack (layout 1002, pixel format `DATA`, named `Contents.json`), as the corpus's
    /// tvOS icon: `width`×`height` (points there) in the header, colour space 8 as there, the
    /// layers (`layerReferences`), the UTI `public.layeredimage`, an empty raw-data payload.
    static func layerStack(width: Int, height: Int, scale: Int, layers: [UInt16]) -> [UInt8] {
        value(
            width: width, height: height, scale: scale, pixelFormat: pixelFormatData, colorSpace: 8, layout: .layerStack, name: "Contents.json",
            tlvs: [
                (.layerReferences, layerReferences(layers, width: width, height: height)), (.composition, composition(opacity: 1)),
                (.uti, uti("public.layeredimage")), (.bitmapInfo, bitmapInfo),
            ],
            payload: rawData([]))
    }

    /// Property 1005: the UTI's length with its NUL, 0, the UTI and the NUL.
    static func uti(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8) + [0]
        return le32(UInt32(bytes.count)) + le32(0) + bytes
    }

    /// Property 1012: the count, 4 zero bytes, then per layer (bottom first) 4 bytes (the
    /// corpus's are not zero and the same in both its layers; what they mean is not known),
    /// the frame (the whole stack: x 0, y 0, its size), blend mode 0, opacity 1.0, the key's
    /// length and the key of the layer's facet as attribute pairs: element 85, part 181, its
    /// identifier, then a 0 pair.
    static func layerReferences(_ layers: [UInt16], width: Int, height: Int) -> [UInt8] {
        le32(UInt32(layers.count)) + le32(0)
            + layers.flatMap { layerReference(part: AssetCatalogKeys.partImage, identifier: $0, frame: [0, 0, width, height]) }
    }

    /// One layer of property 1012: 4 zero bytes, the frame (x, y, width, height), blend mode
    /// 0, opacity 1.0, the key's length and the key of the layer's facet (element 85, `part`,
    /// `identifier`, a 0 pair).
    static func layerReference(part: UInt16, identifier: UInt16, frame: [Int]) -> [UInt8] {
        let pairs: [(AssetCatalogKeys.Attribute?, UInt16)] = [(.element, AssetCatalogKeys.elementImage), (.part, part), (.identifier, identifier), (nil, 0)]
        let key: [UInt8] = pairs.flatMap { AssetCatalogKeys.littleEndian16($0.0?.rawValue ?? 0) + AssetCatalogKeys.littleEndian16($0.1) }
        return le32(0) + frame.flatMap { le32(UInt32($0)) } + composition(opacity: 1) + le32(UInt32(key.count)) + key
    }

    /// A file kept whole: `RAWD` (`DWAR` in the file), 0, the length, the bytes.
    static func rawData(_ bytes: [UInt8]) -> [UInt8] { Array("DWAR".utf8) + le32(0) + le32(UInt32(bytes.count)) + bytes }

    /// A packed atlas (layout 1004, named `ZZZZPackedAsset-2.1.0-gamut0` for 2x in the iOS
    /// catalogues, `…-2.0.0-…` in the Mac's: `middle`): one empty slice.
    static func atlas(width: Int, height: Int, scale: Int, middle: Int, bytesPerRow: Int, payload: [UInt8]) -> [UInt8] {
        value(
            width: width, height: height, scale: scale, pixelFormat: pixelFormatARGB, colorSpace: 1, layout: .packedAsset,
            name: "ZZZZPackedAsset-\(scale).\(middle).0-gamut0",
            tlvs: [
                (.slices, slices(width: 0, height: 0)), (.composition, composition(opacity: 1)), (.bitmapInfo, bitmapInfo),
                (.bytesPerRow, le32(UInt32(bytesPerRow))),
            ],
            payload: payload)
    }

    /// An icon stored in an atlas (layout 1003): no payload, a reference TLV (`INLK`, its bytes
    /// `KLNI`: 0, the rectangle in the atlas from its bottom left, the layout it has (12), the
    /// length of the atlas's key, the key as `AssetCatalogKeys.Key.linkBytes`).
    static func link(width: Int, height: Int, scale: Int, name: String, atlas: AssetCatalogKeys.Key, x: Int, y: Int) -> [UInt8] {
        let key = atlas.linkBytes
        let reference =
            Array("KLNI".utf8) + le32(0) + le32(UInt32(x)) + le32(UInt32(y)) + le32(UInt32(width)) + le32(UInt32(height))
            + AssetCatalogKeys.littleEndian16(Layout.image.rawValue) + le32(UInt32(key.count)) + key
        return value(
            width: width, height: height, scale: scale, pixelFormat: pixelFormatARGB, colorSpace: 1, layout: .internalLink, name: name,
            tlvs: [
                (.slices, slices(width: width, height: height)), (.metrics, metrics(width: width, height: height)), (.reference, reference),
                (.composition, composition(opacity: 1)), (.bitmapInfo, bitmapInfo),
            ],
            payload: [])
    }

    /// A multisize image set (layout 1010, no pixels): `SISM`, version 1, the count, then for each
    /// size its width and height in whole points (83.5 is 83), its size index (16 bits) and 16
    /// bits that are 0 in every catalogue of the corpus (an idiom, by the write-ups).
    static func sizes(name: String, entries: [(points: Int, index: Int)]) -> [UInt8] {
        let payload =
            Array("SISM".utf8) + le32(1) + le32(UInt32(entries.count))
            + entries.flatMap { le32(UInt32($0.points)) + le32(UInt32($0.points)) + le32(UInt32($0.index)) }
        return value(
            width: 0, height: 0, scale: 0, pixelFormat: [0, 0, 0, 0], colorSpace: 0, layout: .multisizeImageSet, name: name,
            tlvs: [(.composition, composition(opacity: 0)), (.bitmapInfo, bitmapInfo)], payload: payload)
    }

    /// The `CELM` payload of `pixels` (`height` rows of `bytesPerRow`), chunked ones marked
    /// version `chunkedVersion` (3 up to Xcode 16, 1 in Xcode 26). `short` leaves the last row
    /// out of the compressed data, the declared rows as they were (a hostile option).
    static func pixelPayload(
        _ pixels: [UInt8], height: Int, bytesPerRow: Int, compression: FixtureIconRendition.Compression, chunked: Bool, chunkedVersion: UInt32 = 3,
        short: Bool = false
    ) -> [UInt8] {
        let end = short ? pixels.count - bytesPerRow : pixels.count
        guard chunked else {
            let data = compress(pixels[0..<max(0, end)], compression, rowLength: bytesPerRow)
            return Array("MLEC".utf8) + le32(0) + le32(compression.code) + le32(UInt32(data.count)) + data
        }
        var chunks: [[UInt8]] = []
        for rows in chunkRows(height: height, bytes: pixels.count) {
            let start = rows.lowerBound * bytesPerRow
            let data = compress(pixels[min(start, end)..<max(min(start, end), min(rows.upperBound * bytesPerRow, end))], compression, rowLength: bytesPerRow)
            chunks.append(Array("KCBC".utf8) + le32(0) + le32(0) + le32(UInt32(rows.count)) + le32(UInt32(data.count)) + data)
        }
        return Array("MLEC".utf8) + le32(chunkedVersion) + le32(compression.code) + le32(UInt32(chunks.count)) + chunks.joined()
    }

    /// The rows of each chunk, as Xcode 14 and 15 cut them (see the type's notes).
    static func chunkRows(height: Int, bytes: Int) -> [Range<Int>] {
        let pieces = bytes <= 32 << 10 ? 2 : 3
        let rows = max(1, height / pieces)
        return stride(from: 0, to: height, by: rows).map { $0..<min($0 + rows, height) }
    }

    static func compress(_ bytes: ArraySlice<UInt8>, _ compression: FixtureIconRendition.Compression, rowLength: Int) -> [UInt8] {
        switch compression {
        case .lzfse: LZFSEStreamWriter.lzvn(bytes, rowLength: rowLength)
        case .lzfseRaw: LZFSEStreamWriter.raw(bytes)
        case .lzvn: LZVNEncoder.encode(bytes, rowLength: rowLength)
        case .zlib: PNGWriter.zlibStored(Array(bytes))
        case .uncompressed: Array(bytes)
        }
    }

    static func le32(_ value: UInt32) -> [UInt8] { AssetCatalogKeys.littleEndian32(value) }
}
