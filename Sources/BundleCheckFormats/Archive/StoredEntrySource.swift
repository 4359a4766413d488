/// A zip archive as `RawDeflateEntryReader` reads it: an entry's bytes as stored, and libzip's
/// own reader of the entry for when it gives way. The archive alone (`ZipArchiveReader`, one
/// thread) or shared by workers under a lock (`SharedZipArchive`), which then holds the lock
/// for each of these calls and for nothing else.
protocol StoredEntrySource: AnyObject {
    /// libzip's index of `path` and what the central directory states of it.
    func storedEntry(_ path: String) throws -> (index: Int, stat: Libzip.EntryStat)
    /// Opens the entry at libzip `index` as stored; `closeRaw` closes it.
    func openRawEntry(index: Int) throws(LibzipError) -> OpaquePointer
    /// The next stored bytes of an entry `openRawEntry` opened; 0 at its end.
    func readRaw(_ file: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer) throws(LibzipError) -> Int
    func closeRaw(_ file: OpaquePointer)
    /// A reader of `path` that libzip inflates (with zlib) and checks.
    func libzipReader(_ path: String) throws -> any EntryReader
}

extension StoredEntrySource {
    /// A reader of `path`: deflated entries inflated by ISA-L on the reading thread, anything
    /// else (stored, another method, encrypted) read by libzip. A deflated entry is opened as
    /// stored here, so that a failure to open it is libzip's, thrown now as libzip would.
    func openInflating(_ path: String) throws -> any EntryReader {
        let (index, stat) = try storedEntry(path)
        guard stat.isPlainDeflate, let raw = try? openRawEntry(index: index) else {
            return try libzipReader(path)
        }
        guard let inflater = IsalInflater() else {
            closeRaw(raw)
            return try libzipReader(path)
        }
        return RawDeflateEntryReader(source: self, raw: raw, inflater: inflater, path: path, stat: stat)
    }

    /// Whether zlib refuses the deflated entry at `path` for an incomplete Huffman code (the one
    /// kind of stream ISA-L decodes and zlib does not), reading at most `limit` stored bytes.
    /// For the fuzz harness and tests, which compare ISA-L's reading with libzip's.
    func zlibRefusesForAnIncompleteCode(_ path: String, limit: Int) -> Bool {
        guard let (index, stat) = try? storedEntry(path), stat.isPlainDeflate, let raw = try? openRawEntry(index: index) else { return false }
        defer { closeRaw(raw) }
        guard let inflater = try? ZlibInflater() else { return false }
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var read = 0
        while read < limit, let count = try? readRaw(raw, into: input), count > 0 {
            read += count
            var pending = UnsafeRawBufferPointer(rebasing: input[..<count])
            while !pending.isEmpty {
                do throws(ZlibInflater.Failure) {
                    let step = try inflater.inflate(pending, into: output)
                    if step.ended { return false }
                    if step.consumed == 0 && step.produced == 0 { break }
                    pending = UnsafeRawBufferPointer(rebasing: pending[step.consumed...])
                } catch {
                    return error.message.map(ZlibInflater.incompleteCodeMessages.contains) ?? false
                }
            }
        }
        return false
    }
}
