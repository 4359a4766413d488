/// A deflated zip entry, read as stored a chunk at a time (under the lock of a shared archive)
/// and inflated by ISA-L on the reading thread: faster than libzip's zlib, and workers sharing
/// one libzip handle inflate side by side.
///
/// libzip's checks are kept: at the end the size and CRC-32 are compared with the central
/// directory's. On any failure (libzip's, ISA-L's, or those checks) the reader hands over to a
/// reader libzip inflates, at the same offset, which then fails or not exactly as libzip alone
/// does: the bytes before that point are the same (every inflater gives the same bytes for the
/// same valid data), so a damaged entry is reported in libzip's words, whoever read it.
final class RawDeflateEntryReader: EntryReader {
    /// Stored bytes taken (under the lock) at a time.
    static let inputChunkSize = 64 << 10

    /// Deflated data cannot be sought in: skipping reads and discards, as libzip does.
    let canSeek = false
    private let source: any StoredEntrySource
    private let path: String
    private let stat: Libzip.EntryStat
    /// The entry opened as stored; nil once closed.
    private var raw: OpaquePointer?
    private var inflater: (any DeflateInflater)?
    private let input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var rawExhausted = false
    private var streamEnded = false
    private var finished = false
    /// Bytes handed out so far, and their CRC-32.
    private var position: UInt64 = 0
    private var crc: UInt32 = 0
    private var handedOver: (any EntryReader)?

    /// Why this reader gives way to libzip's.
    private struct HandOver: Error {}

    /// Takes `raw`, the entry opened as stored (`StoredEntrySource.openRawEntry`), to close it.
    init(source: any StoredEntrySource, raw: OpaquePointer, inflater: any DeflateInflater, path: String, stat: Libzip.EntryStat) {
        self.source = source
        self.raw = raw
        self.inflater = inflater
        self.path = path
        self.stat = stat
        input = .allocate(byteCount: Self.inputChunkSize, alignment: 16)
    }

    deinit {
        closeRaw()
        input.deallocate()
    }

    /// Whether a failure made this reader hand over to libzip (for tests).
    var isHandedOver: Bool { handedOver != nil }

    /// Fills `buffer` as `zip_fread` does: short only at the end of the entry, since what a
    /// reader does with a count (a size in a message, where a cap was crossed) must not depend
    /// on how the deflated bytes came in. A failure hands over to libzip from the start of
    /// this call, so libzip answers the whole call as it would have alone.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let handedOver { return try handedOver.read(into: buffer) }
        guard !finished, !buffer.isEmpty else { return 0 }
        let start = position
        var filled = 0
        do {
            while filled < buffer.count {
                let count = try inflateSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if count == 0 { break }
                filled += count
            }
            return filled
        } catch is HandOver {
            position = start
            return try handOver().read(into: buffer)
        }
    }

    /// As `ZipEntryReader` skips in a compressed entry: by reading, up to the declared size.
    func skip(_ count: UInt64) throws {
        if let handedOver { return try handedOver.skip(count) }
        let remaining = stat.size > position ? stat.size - position : 0
        try discard(min(count, remaining))
    }

    // MARK: - Private

    /// Some bytes into `buffer`, or 0 at an end whose size and CRC were checked.
    private func inflateSome(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let inflater else { throw HandOver() }
        while true {
            if streamEnded {
                // libzip checks at the end of the data, on the read that returns nothing.
                guard position == stat.size, stat.crc.map({ $0 == crc }) ?? true else { throw HandOver() }
                finished = true
                closeRaw()
                return 0
            }
            if inputStart == inputEnd, !rawExhausted { try fill() }
            let step: (consumed: Int, produced: Int, ended: Bool)
            do {
                step = try inflater.inflate(UnsafeRawBufferPointer(rebasing: input[inputStart..<inputEnd]), into: buffer)
            } catch {
                throw HandOver()
            }
            inputStart += step.consumed
            streamEnded = step.ended
            if step.produced > 0 {
                crc = CRC32.update(crc, UnsafeRawBufferPointer(rebasing: buffer[..<step.produced]))
                position += UInt64(step.produced)
                return step.produced
            }
            // No progress with no input left: the stored data ended inside the deflate stream.
            if !step.ended, step.consumed == 0, inputStart == inputEnd, rawExhausted { throw HandOver() }
            // No progress with input to spare cannot happen with room in `buffer`; never spin.
            if !step.ended, step.consumed == 0, inputStart < inputEnd { throw HandOver() }
        }
    }

    /// Takes the next stored bytes (under the lock of a shared archive).
    private func fill() throws {
        guard let raw else { throw HandOver() }
        let count: Int
        do {
            count = try source.readRaw(raw, into: input)
        } catch {
            throw HandOver()
        }
        inputStart = 0
        inputEnd = count
        rawExhausted = count == 0
    }

    /// libzip's reader of the entry, past the bytes already handed out.
    private func handOver() throws -> any EntryReader {
        closeRaw()
        inflater = nil
        let reader = try source.libzipReader(path)
        handedOver = reader
        try reader.discard(position)
        return reader
    }

    private func closeRaw() {
        guard let file = raw else { return }
        raw = nil
        source.closeRaw(file)
    }
}
