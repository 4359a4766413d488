/// A failed libzip call: the typed libzip code, the `errno` (or zlib code) behind
/// it, and libzip's own wording, e.g. `Read error: No such file or directory`.
package struct LibzipError: Error, Sendable, Equatable {
    package let code: LibzipErrorCode
    /// `errno` for system errors, the zlib code for zlib errors, otherwise 0.
    package let systemCode: Int32
    /// libzip's message as it words it (`zip_error_strerror`).
    package let message: String

    /// The message for our own error texts, which are lowercase.
    package var lowercasedMessage: String {
        message.lowercased()
    }
}

/// A libzip error code (`ZIP_ER_*`), typed so that a switch names what went wrong.
///
/// The raw values are libzip's; `LibzipErrorCodeTests` checks each constant
/// against the C definition.
package struct LibzipErrorCode: RawRepresentable, Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    package static let ok = LibzipErrorCode(rawValue: 0)
    package static let multiDisk = LibzipErrorCode(rawValue: 1)
    package static let rename = LibzipErrorCode(rawValue: 2)
    package static let close = LibzipErrorCode(rawValue: 3)
    package static let seek = LibzipErrorCode(rawValue: 4)
    package static let read = LibzipErrorCode(rawValue: 5)
    package static let write = LibzipErrorCode(rawValue: 6)
    package static let crc = LibzipErrorCode(rawValue: 7)
    package static let zipClosed = LibzipErrorCode(rawValue: 8)
    package static let noEntry = LibzipErrorCode(rawValue: 9)
    package static let exists = LibzipErrorCode(rawValue: 10)
    package static let open = LibzipErrorCode(rawValue: 11)
    package static let temporaryOpen = LibzipErrorCode(rawValue: 12)
    package static let zlib = LibzipErrorCode(rawValue: 13)
    package static let memory = LibzipErrorCode(rawValue: 14)
    package static let changed = LibzipErrorCode(rawValue: 15)
    package static let compressionNotSupported = LibzipErrorCode(rawValue: 16)
    package static let endOfFile = LibzipErrorCode(rawValue: 17)
    package static let invalidArgument = LibzipErrorCode(rawValue: 18)
    package static let notAZip = LibzipErrorCode(rawValue: 19)
    package static let `internal` = LibzipErrorCode(rawValue: 20)
    package static let inconsistent = LibzipErrorCode(rawValue: 21)
    package static let remove = LibzipErrorCode(rawValue: 22)
    package static let deleted = LibzipErrorCode(rawValue: 23)
    package static let encryptionNotSupported = LibzipErrorCode(rawValue: 24)
    package static let readOnly = LibzipErrorCode(rawValue: 25)
    package static let noPassword = LibzipErrorCode(rawValue: 26)
    package static let wrongPassword = LibzipErrorCode(rawValue: 27)
    package static let operationNotSupported = LibzipErrorCode(rawValue: 28)
    package static let inUse = LibzipErrorCode(rawValue: 29)
    package static let tell = LibzipErrorCode(rawValue: 30)
    package static let compressedData = LibzipErrorCode(rawValue: 31)
    package static let cancelled = LibzipErrorCode(rawValue: 32)

    /// Errors that mean the archive's bytes are damaged: truncated, inconsistent
    /// headers, bad checksums or undecodable compressed data.
    package var meansDamagedArchive: Bool {
        switch self {
        case .inconsistent, .read, .seek, .crc, .zlib, .endOfFile, .compressedData, .tell: true
        default: false
        }
    }
}
