/// Splits a stream of NUL-terminated strings fed chunk by chunk, carrying a
/// string cut by a chunk boundary into the next chunk.
///
/// A string longer than `maximumLength` is dropped whole (no rule matches a
/// 4 KiB literal, and keeping it would let one string grow without bound).
struct CStringScanner {
    /// A complete string: its offset from the start of the stream and its bytes, NUL excluded.
    typealias Handler = (_ start: UInt64, _ bytes: ArraySlice<UInt8>) throws -> Void

    let maximumLength: Int
    /// Bytes of the string being read, when it started in an earlier chunk.
    private var pending: [UInt8] = []
    private var pendingStart: UInt64 = 0
    private var pendingIsTooLong = false
    /// Offset of the next byte fed, from the start of the stream.
    private var position: UInt64 = 0

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func feed(_ chunk: ArraySlice<UInt8>, _ handler: Handler) throws {
        var index = chunk.startIndex
        while index < chunk.endIndex {
            let terminator = chunk[index...].firstIndex(of: 0)
            let end = terminator ?? chunk.endIndex
            let offset = position + UInt64(index - chunk.startIndex)
            if pending.isEmpty && !pendingIsTooLong {
                pendingStart = offset
            }
            if !pendingIsTooLong {
                if pending.count + (end - index) > maximumLength {
                    pendingIsTooLong = true
                    pending = []
                } else if terminator != nil && pending.isEmpty {
                    // The common case: the whole string lies in this chunk, no copy needed.
                    try handler(pendingStart, chunk[index..<end])
                } else {
                    pending.append(contentsOf: chunk[index..<end])
                }
            }
            guard let terminator else { break }
            if !pending.isEmpty { try handler(pendingStart, pending[...]) }
            pending = []
            pendingIsTooLong = false
            index = terminator + 1
        }
        position += UInt64(chunk.count)
    }

    /// Reports a last string that the stream ended without terminating.
    mutating func finish(_ handler: Handler) throws {
        if !pending.isEmpty && !pendingIsTooLong { try handler(pendingStart, pending[...]) }
        pending = []
        pendingIsTooLong = false
    }
}
