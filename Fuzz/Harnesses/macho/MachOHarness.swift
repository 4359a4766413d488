import BundleCheckFormats
import BundleCheckFuzzSupport

/// The Mach-O forward pass (`MachOReader`) over an in-memory entry, twice per input: once as a
/// file on disk or a stored zip entry is read (seeking past what it does not need, evidence kept),
/// and once as a deflated entry is (no seeking) while hashing every code page, as
/// `signature-modified` asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMachO(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    let declaredSize = UInt64(bytes.count)
    if let file = try? MachOReader.read(ByteEntryReader(bytes, canSeek: true), size: declaredSize, evidence: KeepEveryString()) {
        _ = file.slices.count
    }
    if let file = try? MachOReader.read(ByteEntryReader(bytes, canSeek: false), size: declaredSize, hashingCodePages: true) {
        _ = file.slices.count
    }
    return FuzzInput.keep
}

/// Keeps every string the pass offers, so the evidence collector runs over all it can find.
struct KeepEveryString: BinaryEvidenceFilter {
    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool { true }
}

/// An `EntryReader` over bytes in memory that seeks or, like a deflated zip entry, cannot.
final class ByteEntryReader: EntryReader {
    let canSeek: Bool
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8], canSeek: Bool) {
        self.bytes = bytes
        self.canSeek = canSeek
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            target.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }

    func skip(_ count: UInt64) throws {
        position += Int(min(count, UInt64(bytes.count - position)))
    }
}
