/// A rendition's decoded pixels: `height` rows of `rowBytes` bytes, the first
/// `width × bytesPerPixel` of each the pixels, in the pixel format's order (ARGB: B, G, R, A,
/// premultiplied), top row first.
package struct CARBitmap: Sendable, Hashable {
    package let width: Int
    package let height: Int
    package let pixelFormat: CARPixelFormat
    package let bytesPerPixel: Int
    package let rowBytes: Int
    package let pixels: [UInt8]

    package init(width: Int, height: Int, pixelFormat: CARPixelFormat, bytesPerPixel: Int, rowBytes: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rowBytes >= width * bytesPerPixel && pixels.count == rowBytes * height, "a bitmap's pixels fill its rows")
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.bytesPerPixel = bytesPerPixel
        self.rowBytes = rowBytes
        self.pixels = pixels
    }

    /// The bytes of pixel (`x`, `y`), `y` counted from the top.
    package func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = y * rowBytes + x * bytesPerPixel
        return pixels[start..<(start + bytesPerPixel)]
    }

    /// The pixels without the padding past each row: `width × bytesPerPixel` bytes a row.
    package var packedPixels: [UInt8] {
        let rowLength = width * bytesPerPixel
        if rowLength == rowBytes { return pixels }
        var out: [UInt8] = []
        out.reserveCapacity(rowLength * height)
        for row in 0..<height { out += pixels[(row * rowBytes)..<(row * rowBytes + rowLength)] }
        return out
    }

    /// The pixels of `frame` (y counted from the bottom, as CoreUI gives it), rows packed tight;
    /// nil when the frame does not lie inside the bitmap.
    package func cropped(to frame: CARFrame) -> CARBitmap? {
        let x = Int(frame.x), width = Int(frame.width), height = Int(frame.height)
        guard UInt64(frame.x) + UInt64(frame.width) <= UInt64(self.width), UInt64(frame.y) + UInt64(frame.height) <= UInt64(self.height) else { return nil }
        let top = self.height - Int(frame.y) - height
        let rowLength = width * bytesPerPixel
        var out: [UInt8] = []
        out.reserveCapacity(rowLength * height)
        for row in top..<(top + height) {
            let start = row * rowBytes + x * bytesPerPixel
            out += pixels[start..<(start + rowLength)]
        }
        return CARBitmap(width: width, height: height, pixelFormat: pixelFormat, bytesPerPixel: bytesPerPixel, rowBytes: rowLength, pixels: out)
    }
}
