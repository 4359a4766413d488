/// A rendition's pixel payload decoded to a `CARBitmap`, every size checked before anything is
/// allocated: the width and height against `maxBitmapDimension`, the row bytes against a row of
/// pixels, their product against `maxBitmapBytes`, the chunks' rows against the height, and
/// each chunk must decode to exactly its rows × row bytes (a decompressor is told that size and
/// refuses more).
enum CARBitmapDecoder {
    static func decode(_ payload: CARPixelPayload, of rendition: CARRendition, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARBitmap {
        let header = rendition.header
        let block = rendition.block
        guard let bytesPerPixel = header.pixelFormat.bytesPerPixel else { throw .unsupportedPixelFormat(block: block, format: header.pixelFormat) }
        let limit = limits.maxBitmapDimension
        guard header.width > 0, header.height > 0, UInt64(header.width) <= UInt64(limit), UInt64(header.height) <= UInt64(limit) else {
            throw .dimensionsOutOfRange(block: block, width: header.width, height: header.height, limit: limit)
        }
        let width = Int(header.width), height = Int(header.height)
        let rowBytes = Int(rendition.rowBytes ?? UInt32(width * bytesPerPixel))
        guard rowBytes >= width * bytesPerPixel else { throw .rowBytesTooSmall(block: block, rowBytes: UInt32(rowBytes), needed: width * bytesPerPixel) }
        let total = UInt64(rowBytes) * UInt64(height)
        guard total <= UInt64(limits.maxBitmapBytes) else { throw .bitmapTooLarge(block: block, bytes: total, limit: limits.maxBitmapBytes) }
        let rows = payload.chunks.map { UInt64($0.rows ?? header.height) }.reduce(0, +)
        guard rows == UInt64(height) else { throw .chunkRowsMismatch(block: block, rows: rows, height: header.height) }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(Int(total))
        for (index, chunk) in payload.chunks.enumerated() {
            let chunkRows = Int(chunk.rows ?? header.height)
            let expected = chunkRows * rowBytes
            let decoded: [UInt8]
            do {
                switch payload.compression {
                case .uncompressed:
                    guard chunk.bytes.count == expected else { throw CARDecompression.Failure.size(decoded: chunk.bytes.count) }
                    decoded = Array(chunk.bytes)
                case .runLength:
                    decoded = try CARRunLengthDecoder.decode(
                        chunk.bytes, width: width, rows: chunkRows, bytesPerPixel: bytesPerPixel, rowBytes: rowBytes, block: block)
                case .zlib:
                    decoded = try CARDecompression.zlib(chunk.bytes, expected: expected)
                case .lzfse:
                    decoded = try CARDecompression.lzfse(chunk.bytes, expected: expected)
                case .lzvn:
                    decoded = try CARDecompression.lzvn(chunk.bytes, expected: expected)
                default:
                    throw AssetCatalogError.unsupportedCompression(block: block, compression: payload.compression)
                }
            } catch let error as AssetCatalogError {
                throw error
            } catch CARDecompression.Failure.size(let count) {
                throw .decodedSizeMismatch(block: block, chunk: index, decoded: count, expected: expected)
            } catch CARDecompression.Failure.refused(let detail) {
                throw .decompressionFailed(block: block, chunk: index, compression: payload.compression, detail: detail)
            } catch {
                throw .decompressionFailed(block: block, chunk: index, compression: payload.compression, detail: "\(error)")
            }
            pixels += decoded
        }
        return CARBitmap(width: width, height: height, pixelFormat: header.pixelFormat, bytesPerPixel: bytesPerPixel, rowBytes: rowBytes, pixels: pixels)
    }
}
