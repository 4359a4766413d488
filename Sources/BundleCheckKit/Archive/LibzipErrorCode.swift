/// A libzip error code (`ZIP_ER_*`), typed so that a switch names what went wrong.
///
/// The raw values are libzip's; `LibzipErrorCodeTests` checks each constant
/// against the C definition.
struct LibzipErrorCode: RawRepresentable, Hashable, Sendable {
    let rawValue: Int32

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    static let ok = LibzipErrorCode(rawValue: 0)
    static let multiDisk = LibzipErrorCode(rawValue: 1)
    static let rename = LibzipErrorCode(rawValue: 2)
    static let close = LibzipErrorCode(rawValue: 3)
    static let seek = LibzipErrorCode(rawValue: 4)
    static let read = LibzipErrorCode(rawValue: 5)
    static let write = LibzipErrorCode(rawValue: 6)
    static let crc = LibzipErrorCode(rawValue: 7)
    static let zipClosed = LibzipErrorCode(rawValue: 8)
    static let noEntry = LibzipErrorCode(rawValue: 9)
    static let exists = LibzipErrorCode(rawValue: 10)
    static let open = LibzipErrorCode(rawValue: 11)
    static let temporaryOpen = LibzipErrorCode(rawValue: 12)
    static let zlib = LibzipErrorCode(rawValue: 13)
    static let memory = LibzipErrorCode(rawValue: 14)
    static let changed = LibzipErrorCode(rawValue: 15)
    static let compressionNotSupported = LibzipErrorCode(rawValue: 16)
    static let endOfFile = LibzipErrorCode(rawValue: 17)
    static let invalidArgument = LibzipErrorCode(rawValue: 18)
    static let notAZip = LibzipErrorCode(rawValue: 19)
    static let `internal` = LibzipErrorCode(rawValue: 20)
    static let inconsistent = LibzipErrorCode(rawValue: 21)
    static let remove = LibzipErrorCode(rawValue: 22)
    static let deleted = LibzipErrorCode(rawValue: 23)
    static let encryptionNotSupported = LibzipErrorCode(rawValue: 24)
    static let readOnly = LibzipErrorCode(rawValue: 25)
    static let noPassword = LibzipErrorCode(rawValue: 26)
    static let wrongPassword = LibzipErrorCode(rawValue: 27)
    static let operationNotSupported = LibzipErrorCode(rawValue: 28)
    static let inUse = LibzipErrorCode(rawValue: 29)
    static let tell = LibzipErrorCode(rawValue: 30)
    static let compressedData = LibzipErrorCode(rawValue: 31)
    static let cancelled = LibzipErrorCode(rawValue: 32)

    /// Errors that mean the archive's bytes are damaged: truncated, inconsistent
    /// headers, bad checksums or undecodable compressed data.
    var meansDamagedArchive: Bool {
        switch self {
        case .inconsistent, .read, .seek, .crc, .zlib, .endOfFile, .compressedData, .tell: true
        default: false
        }
    }
}
