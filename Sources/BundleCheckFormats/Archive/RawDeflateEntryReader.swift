/// A deflated entry of a `SharedZipArchive`, read as stored under the archive's lock a chunk
/// at a time and inflated on the reading thread, so that workers sharing one libzip handle
/// inflate side by side.
///
/// libzip's checks are kept: at the end the size and CRC-32 are compared with the central
/// directory's. On any failure (libzip's, zlib's, or those checks) the reader hands over to a
/// reader libzip inflates, at the same offset, which then fails or not exactly as a read
/// without sharing does: the bytes before that point are the same (the same zlib inflates
/// them), so what a report says of a damaged entry does not depend on `--jobs`.
final class RawDeflateEntryReader: EntryReader {
    /// Stored bytes taken under the lock at a time.
    static let inputChunkSize = 64 << 10

    /// Deflated data cannot be sought in: skipping reads and discards, as libzip does.
    let canSeek = false
    private let archive: SharedZipArchive
    private let path: String
    private let stat: Libzip.EntryStat
    /// The entry opened as stored; nil once closed.
    private var raw: OpaquePointer?
    private var inflater: RawInflater?
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

    /// Takes `raw`, the entry opened as stored (`ZipArchiveReader.openRawEntry`), to close it.
    init(archive: SharedZipArchive, raw: OpaquePointer, inflater: RawInflater, path: String, stat: Libzip.EntryStat) {
        self.archive = archive
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
    /// this call, so libzip answers the whole call as it would have without sharing.
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
                let produced = UnsafeRawBufferPointer(rebasing: buffer[..<step.produced])
                crc = RawInflater.crc32(crc, produced)
                position += UInt64(step.produced)
                return step.produced
            }
            // No progress with no input left: the stored data ended inside the deflate stream.
            if !step.ended, step.consumed == 0, inputStart == inputEnd, rawExhausted { throw HandOver() }
            // No progress with input to spare cannot happen with room in `buffer`; never spin.
            if !step.ended, step.consumed == 0, inputStart < inputEnd { throw HandOver() }
        }
    }

    /// Takes the next stored bytes under the lock.
    private func fill() throws {
        guard let raw else { throw HandOver() }
        let count: Int
        do {
            count = try archive.withArchive { _ throws(LibzipError) in try Libzip.read(raw, into: input) }
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
        let reader = try archive.libzipReader(path)
        handedOver = reader
        try reader.discard(position)
        return reader
    }

    private func closeRaw() {
        guard let file = raw else { return }
        raw = nil
        archive.withArchive { _ in Libzip.closeEntry(file) }
    }
}
