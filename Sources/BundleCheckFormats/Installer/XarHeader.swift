/// The fixed header of a xar archive (the flat installer package): magic `xar!`, its own size,
/// version 1, the table of contents' compressed and inflated lengths, and the checksum
/// algorithm the heap's first bytes use. Big-endian, 28 bytes (more when the algorithm is named).
struct XarHeader: Sendable, Equatable {
    static let magic: [UInt8] = Array("xar!".utf8)
    static let fixedSize = 28

    enum ChecksumAlgorithm: Sendable, Equatable {
        case none, sha1, md5
        /// `3` with the name after the fixed header (`sha256`, `sha512`).
        case named(String)

        var digestLength: Int? {
            switch self {
            case .none: 0
            case .sha1: 20
            case .md5: 16
            case .named(let name):
                switch name {
                case "sha256": 32
                case "sha512": 64
                case "sha1": 20
                default: nil
                }
            }
        }
    }

    let headerSize: Int
    let version: Int
    let compressedTOCLength: UInt64
    let tocLength: UInt64
    let checksum: ChecksumAlgorithm

    /// Where the heap begins: after the header and the compressed table of contents.
    var heapStart: UInt64 { UInt64(headerSize) + compressedTOCLength }

    static func startsLikeXar(_ prefix: some Collection<UInt8>) -> Bool {
        prefix.count >= 4 && Array(prefix.prefix(4)) == magic
    }

    /// `bytes` holds at least the fixed header (more when its size says so).
    init(_ bytes: [UInt8], fileSize: UInt64, limits: InstallerPackageLimits) throws(InstallerPackageError) {
        guard bytes.count >= Self.fixedSize, Self.startsLikeXar(bytes) else {
            throw .malformed("it does not start with a xar header")
        }
        func be(_ offset: Int, _ count: Int) -> UInt64 {
            bytes[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        headerSize = Int(be(4, 2))
        version = Int(be(6, 2))
        compressedTOCLength = be(8, 8)
        tocLength = be(16, 8)
        let algorithm = be(24, 4)
        guard headerSize >= Self.fixedSize, headerSize <= limits.maxHeaderBytes else {
            throw .malformed("the xar header says it is \(headerSize) bytes; it is 28 to \(limits.maxHeaderBytes)")
        }
        guard version == 1 else { throw .malformed("xar version \(version); only version 1 exists") }
        guard compressedTOCLength > 0, compressedTOCLength <= UInt64(limits.maxCompressedTOCBytes) else {
            throw .limit("the compressed table of contents is declared as \(compressedTOCLength) bytes, past the limit of \(limits.maxCompressedTOCBytes)")
        }
        guard tocLength > 0, tocLength <= UInt64(limits.maxTOCBytes) else {
            throw .limit("the table of contents is declared as \(tocLength) bytes inflated, past the limit of \(limits.maxTOCBytes)")
        }
        guard UInt64(headerSize) + compressedTOCLength <= fileSize else {
            throw .malformed(
                "the table of contents (\(compressedTOCLength) bytes after a \(headerSize)-byte header) runs past the end of the \(fileSize)-byte file")
        }
        switch algorithm {
        case 0: checksum = .none
        case 1: checksum = .sha1
        case 2: checksum = .md5
        case 3:
            guard bytes.count >= headerSize else { throw .malformed("the xar header is cut short") }
            let name = bytes[Self.fixedSize..<headerSize].prefix { $0 != 0 }
            checksum = .named(String(decoding: name, as: UTF8.self))
        default:
            throw .malformed("unknown xar checksum algorithm \(algorithm)")
        }
    }
}
