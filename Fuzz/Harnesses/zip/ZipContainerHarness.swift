import BundleCheckFormats
import BundleCheckFuzzSupport

/// The zip container (libzip behind `ZipArchiveReader`), opened from a file as every input is:
/// the listing (files, folders, duplicate names, symbolic links), then each of the first entries
/// read whole, streamed, and read forward with a skip, as the Mach-O reader does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZipContainer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = InputFile.holding(FuzzInput.bytes(data, size))
    guard let container = try? PackageOpener.open(path: path) else { return FuzzInput.keep }
    _ = (container.byteCount, container.folders.count, container.duplicateNames.count, container.symbolicLinks.count)
    for entry in container.files.prefix(maximumEntriesRead) {
        _ = try? container.read(entry.path, limit: 1 << 20)
        var streamed = 0
        try? container.stream(entry.path, chunkSize: 4096) { chunk in
            streamed += chunk.count
            return streamed < 1 << 20
        }
        if let reader = try? container.openEntry(entry.path) {
            _ = try? reader.read(upTo: 64)
            try? reader.skip(4096)
            _ = try? reader.read(upTo: 64)
        }
    }
    return FuzzInput.keep
}

/// Entries past this many are listed but not read: the listing is what grows with them, and
/// reading hundreds per input would only slow the run down.
let maximumEntriesRead = 32
