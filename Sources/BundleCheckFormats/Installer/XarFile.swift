/// The parts of a xar file bundlecheck reads itself, before libarchive: the header and the
/// table of contents, checked against `InstallerPackageLimits`, and the heap's checksum of the
/// compressed table (what a signature signs).
struct XarFile: Sendable {
    let header: XarHeader
    let toc: XarTableOfContents
    let fileSize: UInt64
    /// Whether the heap's checksum matches the compressed table; nil when the archive has none
    /// or its algorithm is one bundlecheck does not compute.
    let checksumMatches: Bool?

    var heapLength: UInt64 { fileSize - header.heapStart }

    init(path: String, limits: InstallerPackageLimits) throws {
        let (descriptor, status): (Int32, FileSystem.Status)
        do throws(FileSystem.Failure) {
            (descriptor, status) = try FileSystem.openFile(path)
        } catch {
            throw error.bundleCheckError(path: path)
        }
        defer { FileSystem.closeFile(descriptor) }
        fileSize = status.size
        func read(at offset: UInt64, count: Int) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            let failure: FileSystem.Failure? = bytes.withUnsafeMutableBytes { buffer in
                do throws(FileSystem.Failure) {
                    try FileSystem.seek(descriptor, to: Int64(offset))
                    while filled < count {
                        let got = try FileSystem.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                        if got == 0 { break }
                        filled += got
                    }
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure.bundleCheckError(path: path) }
            guard filled == count else { throw InstallerPackageError.malformed("the file ends inside the xar header or table of contents") }
            return bytes
        }
        let start = try read(at: 0, count: min(Int(fileSize), XarHeader.fixedSize))
        var header = try XarHeader(start, fileSize: fileSize, limits: limits)
        if header.headerSize > XarHeader.fixedSize {
            header = try XarHeader(try read(at: 0, count: header.headerSize), fileSize: fileSize, limits: limits)
        }
        self.header = header
        let compressed = try read(at: UInt64(header.headerSize), count: Int(header.compressedTOCLength))
        let xml = try Self.inflate(compressed, declared: Int(header.tocLength), limits: limits)
        toc = try XarTableOfContents(xml: xml, heapLength: fileSize - header.heapStart, limits: limits)
        if let range = toc.checksum, let algorithm = Self.digest(of: header.checksum), range.length == UInt64(header.checksum.digestLength ?? -1) {
            let stored = try read(at: header.heapStart + range.offset, count: Int(range.length))
            checksumMatches = (try? Digest.hash(compressed, algorithm)) == stored
        } else {
            checksumMatches = nil
        }
    }

    private static func digest(of algorithm: XarHeader.ChecksumAlgorithm) -> Digest.Algorithm? {
        switch algorithm {
        case .sha1: .sha1
        case .named("sha256"): .sha256
        default: nil
        }
    }

    /// The table of contents inflated, never past what the header declared (nor the cap).
    static func inflate(_ compressed: [UInt8], declared: Int, limits: InstallerPackageLimits) throws -> [UInt8] {
        let inflater: ZlibInflater
        do throws(ZlibInflater.Failure) {
            inflater = try ZlibInflater(zlibWrapped: true)
        } catch {
            throw InstallerPackageError.malformed("zlib could not start (\(error.code))")
        }
        let capacity = min(declared, limits.maxTOCBytes)
        var output = [UInt8](repeating: 0, count: capacity)
        var produced = 0
        var consumed = 0
        var ended = false
        try compressed.withUnsafeBytes { input in
            try output.withUnsafeMutableBytes { out in
                while !ended {
                    let step: (consumed: Int, produced: Int, ended: Bool)
                    do throws(ZlibInflater.Failure) {
                        step = try inflater.inflate(
                            UnsafeRawBufferPointer(rebasing: input[consumed...]), into: UnsafeMutableRawBufferPointer(rebasing: out[produced...]))
                    } catch {
                        throw InstallerPackageError.malformed("the table of contents is not valid zlib data")
                    }
                    consumed += step.consumed
                    produced += step.produced
                    ended = step.ended
                    if !ended && step.consumed == 0 && step.produced == 0 {
                        if produced == capacity {
                            throw InstallerPackageError.limit("the table of contents inflates past the \(capacity) bytes its header declares")
                        }
                        throw InstallerPackageError.malformed("the table of contents' zlib data is cut short")
                    }
                }
            }
        }
        guard produced == declared else {
            throw InstallerPackageError.malformed("the table of contents inflates to \(produced) bytes; its header declares \(declared)")
        }
        return output
    }
}
