/// The copies the LZFSE and LZVN decoders make of literals and matches, a word at a time.
///
/// Each may write up to 15 bytes past the `count` it is asked for (but never reads a byte it
/// was not given): the decoders keep 16 bytes of slack after the last byte of their output, and
/// check before each copy that the bytes asked for fit the block, so the slop lands either on
/// bytes not yet decoded (overwritten next) or on the slack (cut off at the end).
enum LZFSECopy {
    /// Bytes of slack the output needs after its end for the copies' slop.
    static let slack = 16

    @inline(__always)
    private static func copy8(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(destination).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self), as: UInt64.self)
    }

    @inline(__always)
    private static func copy16(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
        let low = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
        let high = UnsafeRawPointer(source).loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        UnsafeMutableRawPointer(destination).storeBytes(of: low, as: UInt64.self)
        UnsafeMutableRawPointer(destination).storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
    }

    /// `count` bytes from `source`, which must be readable for `count` rounded up to 16 (the
    /// literal buffer is padded so) unless `sourceAvailable` says fewer are there.
    @inline(__always)
    static func literals(from source: UnsafePointer<UInt8>, sourceAvailable: Int, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        if sourceAvailable >= count + 15 {
            var index = 0
            repeat {
                copy16(from: source + index, to: destination + index)
                index += 16
            } while index < count
        } else {
            destination.update(from: source, count: count)
        }
    }

    /// A match of `count` bytes `distance` back (at least 1, and within the output). The match
    /// may overlap itself, as when a byte is repeated: it must read as a byte-by-byte copy from
    /// the lowest address up, so words are copied only from bytes already written.
    @inline(__always)
    static func match(at destination: UnsafeMutablePointer<UInt8>, distance: Int, count: Int) {
        guard count > 0 else { return }
        if distance >= 16 {
            var index = 0
            repeat {
                copy16(from: destination + (index - distance), to: destination + index)
                index += 16
            } while index < count
            return
        }
        // Below 16 bytes back the match repeats a pattern of `distance` bytes. Once its first
        // `step - distance` bytes are written byte by byte, each byte is also the one `step`
        // back (the pattern's period divides `step`), and `step` is at least 8: a word apart.
        var step = distance
        while step < 8 { step += distance }
        let prefix = min(count, step - distance)
        for index in 0..<prefix { destination[index] = destination[index - distance] }
        var index = prefix
        while index < count {
            copy8(from: destination + (index - step), to: destination + index)
            index += 8
        }
    }
}
