/// Reading a property list from an entry reader rather than from bytes in memory: an XML plist
/// past a threshold streams into libxml2 as it is read, so a large Info.plist is never held whole,
/// and every byte is shown to an observer on the way (the signature's seal hashes them).
extension PropertyListParser {
    /// An XML plist longer than this is handed to libxml2 from its reader a piece at a time;
    /// shorter files, and binary plists (read by offset), are read whole first.
    static let streamingThreshold = 64 << 10

    /// Reads the property list `reader` yields, at most `byteLimit` bytes (more is
    /// `BundleCheckError.entryTooLarge`, as `PackageContainer.read` says it). An XML plist past
    /// `streamingThreshold` is never held whole: libxml2 reads it from `reader` as it parses.
    ///
    /// `observe` sees every byte the reader yields, in order, once, and all of them even when
    /// the plist is malformed (what the parser did not need is read for it), so a hash taken
    /// there is the file's. A reader that fails throws its own error. `expectedSize` (the size a
    /// listing declares) sizes the buffer of a file that is read whole. Another threshold is for
    /// the `xml-plist` fuzz harness, which reads every input both ways.
    package static func parse(
        reading reader: any EntryReader, file: String, byteLimit: Int, expectedSize: Int = 0,
        streamingThreshold: Int = streamingThreshold, observe: (UnsafeRawBufferPointer) -> Void
    ) throws -> PropertyListDocument {
        try parse(
            reading: reader, file: file, byteLimit: byteLimit, expectedSize: expectedSize, limits: .standard,
            streamingThreshold: streamingThreshold, observe: observe
        )
    }

    /// The same read with other caps and threshold (tests).
    static func parse(
        reading reader: any EntryReader, file: String, byteLimit: Int, expectedSize: Int = 0, limits: PropertyListLimits,
        streamingThreshold: Int, observe: (UnsafeRawBufferPointer) -> Void
    ) throws -> PropertyListDocument {
        try withoutActuallyEscaping(observe) { observe in
            var source = CountedSource(reader: reader, file: file, byteLimit: byteLimit, maxBytes: limits.maxBytes, observe: observe)
            return try parse(from: &source, file: file, expectedSize: expectedSize, limits: limits, streamingThreshold: streamingThreshold)
        }
    }

    private static func parse(
        from source: inout CountedSource, file: String, expectedSize: Int, limits: PropertyListLimits, streamingThreshold: Int
    ) throws -> PropertyListDocument {
        var head: [UInt8] = []
        try source.append(upTo: streamingThreshold, to: &head)
        let isWhole = head.count < streamingThreshold
        guard !isWhole, !head.starts(with: "bplist".utf8), let xmlHead = textForXMLParser(head, isWhole: false) else {
            if !isWhole {
                head.reserveCapacity(Swift.min(Swift.max(expectedSize, head.count), source.byteLimit, limits.maxBytes))
                try source.append(upTo: Int.max, to: &head)
            }
            return try parse(head, file: file, limits: limits)
        }
        var served = 0
        let document: PropertyListDocument
        do {
            document = try XMLPropertyListParser.parse(
                reading: { buffer in
                    // libxml2 takes a short read for the end of the input at places (the
                    // declaration), so every piece is filled: the head's rest, then the reader's.
                    let fromHead = min(buffer.count, xmlHead.count - served)
                    if fromHead > 0 {
                        xmlHead.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + served, byteCount: fromHead) }
                        served += fromHead
                    }
                    guard let fromReader = source.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[fromHead...])) else { return nil }
                    return fromHead + fromReader
                },
                file: file, limits: limits
            )
        } catch {
            // The rest is read even so: a reader that fails anywhere says why first, as a
            // whole read would have, and the observer sees the whole file.
            source.drain()
            throw source.failure ?? error
        }
        source.drain()
        if let failure = source.failure { throw failure }
        return document
    }

    /// A reader whose bytes are counted against a limit and shown to an observer; the first
    /// error it meets is kept and ends it.
    private struct CountedSource {
        let reader: any EntryReader
        let file: String
        let byteLimit: Int
        /// `PropertyListLimits.maxBytes`: past it the file is no property list bundlecheck reads.
        let maxBytes: Int
        let observe: (UnsafeRawBufferPointer) -> Void
        private(set) var failure: (any Error)?
        private var total = 0

        init(reader: any EntryReader, file: String, byteLimit: Int, maxBytes: Int, observe: @escaping (UnsafeRawBufferPointer) -> Void) {
            self.reader = reader
            self.file = file
            self.byteLimit = byteLimit
            self.maxBytes = maxBytes
            self.observe = observe
        }

        /// Fills the start of `buffer`; the count, 0 at the end, nil once the reader failed.
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            guard failure == nil else { return nil }
            do {
                let count = try reader.read(into: buffer)
                total += count
                guard total <= byteLimit else { throw BundleCheckError.entryTooLarge(file: file, size: UInt64(total), limit: byteLimit) }
                // Too large is the reader's failure, not a malformed plist: what was read is not
                // the whole file, and a caller hashing it must not take it for one.
                guard total <= maxBytes else { throw BundleCheckError.entryTooLarge(file: file, size: UInt64(total), limit: maxBytes) }
                observe(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                return count
            } catch {
                failure = error
                return nil
            }
        }

        /// Fills `buffer` but at the end; the count, nil once the reader failed.
        mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
            var filled = 0
            while filled < buffer.count {
                guard let count = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) else { return nil }
                if count == 0 { break }
                filled += count
            }
            return filled
        }

        /// Appends up to `count` bytes to `bytes`, fewer only at the end; throws what the reader failed with.
        mutating func append(upTo count: Int, to bytes: inout [UInt8]) throws {
            var chunk = [UInt8](repeating: 0, count: Swift.min(count, 64 << 10))
            var added = 0
            while added < count {
                let wanted = Swift.min(chunk.count, count - added)
                let read = chunk.withUnsafeMutableBytes { self.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }
                guard let read else { throw failure! }
                if read == 0 { break }
                bytes += chunk[..<read]
                added += read
            }
        }

        /// Reads what is left for the observer only.
        mutating func drain() {
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while let read = chunk.withUnsafeMutableBytes({ self.read(into: $0) }), read > 0 {}
        }
    }
}
