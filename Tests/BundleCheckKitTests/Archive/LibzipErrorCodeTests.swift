import CLibzip
import Testing

@testable import BundleCheckFormats

@Suite struct LibzipErrorCodeTests {
    static let pairs: [(LibzipErrorCode, Int32)] = [
        (.ok, ZIP_ER_OK),
        (.multiDisk, ZIP_ER_MULTIDISK),
        (.rename, ZIP_ER_RENAME),
        (.close, ZIP_ER_CLOSE),
        (.seek, ZIP_ER_SEEK),
        (.read, ZIP_ER_READ),
        (.write, ZIP_ER_WRITE),
        (.crc, ZIP_ER_CRC),
        (.zipClosed, ZIP_ER_ZIPCLOSED),
        (.noEntry, ZIP_ER_NOENT),
        (.exists, ZIP_ER_EXISTS),
        (.open, ZIP_ER_OPEN),
        (.temporaryOpen, ZIP_ER_TMPOPEN),
        (.zlib, ZIP_ER_ZLIB),
        (.memory, ZIP_ER_MEMORY),
        (.changed, ZIP_ER_CHANGED),
        (.compressionNotSupported, ZIP_ER_COMPNOTSUPP),
        (.endOfFile, ZIP_ER_EOF),
        (.invalidArgument, ZIP_ER_INVAL),
        (.notAZip, ZIP_ER_NOZIP),
        (.internal, ZIP_ER_INTERNAL),
        (.inconsistent, ZIP_ER_INCONS),
        (.remove, ZIP_ER_REMOVE),
        (.deleted, ZIP_ER_DELETED),
        (.encryptionNotSupported, ZIP_ER_ENCRNOTSUPP),
        (.readOnly, ZIP_ER_RDONLY),
        (.noPassword, ZIP_ER_NOPASSWD),
        (.wrongPassword, ZIP_ER_WRONGPASSWD),
        (.operationNotSupported, ZIP_ER_OPNOTSUPP),
        (.inUse, ZIP_ER_INUSE),
        (.tell, ZIP_ER_TELL),
        (.compressedData, ZIP_ER_COMPRESSED_DATA),
        (.cancelled, ZIP_ER_CANCELLED),
    ]

    @Test(arguments: pairs)
    func constantMatchesTheCDefinition(_ code: LibzipErrorCode, _ cValue: Int32) {
        #expect(code.rawValue == cValue)
    }

    @Test func everyCodeIsCoveredOnce() {
        let values = Self.pairs.map(\.1)
        #expect(Set(values).count == values.count)
        #expect(values.sorted() == Array(0...32))
    }

    @Test func libzipWordsTheCodes() {
        #expect(Libzip.message(for: .notAZip) == "Not a zip archive")
        #expect(Libzip.message(for: .inconsistent) == "Zip archive inconsistent")
        #expect(Libzip.message(for: .crc) == "CRC error")
    }

    @Test func damagedArchiveCodesAreTheOnesThatMeanBrokenBytes() {
        #expect(LibzipErrorCode.crc.meansDamagedArchive)
        #expect(LibzipErrorCode.inconsistent.meansDamagedArchive)
        #expect(!LibzipErrorCode.notAZip.meansDamagedArchive)
        #expect(!LibzipErrorCode.memory.meansDamagedArchive)
    }
}
