/// The first bytes of a forward-only stream that a reader looked at before its consumer
/// (`peek`, to tell a format by its magic), handed out again ahead of the stream's next.
struct PeekedBytes {
    private var bytes: [UInt8] = []

    mutating func keep(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies as much of what is kept as fits into `buffer`; nil when nothing is left, so the
    /// caller reads on from its stream.
    mutating func handOut(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard !bytes.isEmpty else { return nil }
        let count = min(buffer.count, bytes.count)
        buffer.copyBytes(from: bytes[..<count])
        bytes.removeFirst(count)
        return count
    }
}
