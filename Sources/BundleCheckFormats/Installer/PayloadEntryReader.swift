/// The data of the entry a payload stream is at, read forward: what the pass hands a plan's
/// consumer, and what a later read of a file the pass did not keep gets. Failures of the
/// stream become `BundleCheckError.corruptArchive` naming the file, as a zip entry's do.
final class PayloadEntryReader: EntryReader {
    let canSeek = false
    private let stream: PayloadStream
    private let file: String
    private let package: String
    /// Bytes already taken from the stream by `peek`, handed out first.
    private var pending = PeekedBytes()

    init(stream: PayloadStream, file: String, package: String) {
        self.stream = stream
        self.file = file
        self.package = package
    }

    /// The first `count` bytes (fewer at the end), which `read` then hands out again.
    func peek(_ count: Int) throws -> [UInt8] {
        let bytes = try read(upTo: count)
        pending.keep(bytes)
        return bytes
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let count = pending.handOut(into: buffer) { return count }
        do {
            return try stream.read(into: buffer)
        } catch let error as BundleCheckError {
            throw error
        } catch {
            // libarchive's failure, or the pbzx decoder's beneath it.
            throw BundleCheckError.corruptArchive(path: package, reason: "\(file): \(error)")
        }
    }

    func skip(_ count: UInt64) throws {
        try discard(count)
    }

    /// The rest of the entry, failing past `limit` bytes.
    func readAll(limit: Int) throws -> [UInt8] {
        try EntryReading.readAll(self, limit: limit, file: file)
    }
}

/// The data of the xar member a reader is at (`Distribution`, `PackageInfo`, `Bom`, …).
final class XarMemberEntryReader: EntryReader {
    let canSeek = false
    private let xar: LibarchiveReader
    private let file: String
    private let package: String

    init(xar: LibarchiveReader, file: String, package: String) {
        self.xar = xar
        self.file = file
        self.package = package
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do {
            return try xar.read(into: buffer)
        } catch let failure as LibarchiveReader.Failure {
            throw BundleCheckError.corruptArchive(path: package, reason: "\(file): \(failure.message)")
        }
    }

    func skip(_ count: UInt64) throws {
        try discard(count)
    }

    func readAll(limit: Int) throws -> [UInt8] {
        try EntryReading.readAll(self, limit: limit, file: file)
    }
}

/// A file whose first bytes the pass kept: those come from memory, and only a reader that wants
/// more starts a pass of its own to the file (`open`), skipping what it already has.
final class PrefixFirstEntryReader: EntryReader {
    let canSeek = false
    private let prefix: [UInt8]
    private var position = 0
    private let open: () throws -> any EntryReader
    private var rest: (any EntryReader)?

    init(prefix: [UInt8], open: @escaping () throws -> any EntryReader) {
        self.prefix = prefix
        self.open = open
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if position < prefix.count {
            let count = min(buffer.count, prefix.count - position)
            buffer.copyBytes(from: prefix[position..<position + count])
            position += count
            return count
        }
        if rest == nil {
            let reader = try open()
            try reader.skip(UInt64(prefix.count))
            rest = reader
        }
        return try rest!.read(into: buffer)
    }

    func skip(_ count: UInt64) throws {
        try discard(count)
    }
}

enum EntryReading {
    /// Everything left in `reader`, failing with `entryTooLarge` past `limit` bytes.
    static func readAll(_ reader: any EntryReader, limit: Int, file: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw BundleCheckError.entryTooLarge(file: file, size: UInt64(bytes.count + count), limit: limit)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
