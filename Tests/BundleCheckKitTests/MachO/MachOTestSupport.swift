import Foundation
import Testing

@testable import BundleCheckFormats

/// Reading Mach-O files from the corpus, from bytes, and patching bytes for hostile-input tests.
enum MachOTestSupport {
    /// Reads one entry of a corpus zip through `ZipArchiveReader` and the Mach-O reader.
    static func readCorpusEntry(_ archive: String, _ entry: String) throws -> MachOFile? {
        let container = try ZipArchiveReader(path: archive)
        return try MachOReader.read(try container.openEntry(entry), size: try container.size(of: entry))
    }

    static func read(_ bytes: [UInt8]) throws -> MachOFile? {
        try MachOReader.read(InMemoryEntryReader(bytes: bytes), size: UInt64(bytes.count))
    }

    /// Reads `bytes` and fails the test for any error that is not a `MachOError`.
    static func readExpectingOnlyMachOErrors(_ bytes: [UInt8], declaredSize: UInt64? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try MachOReader.read(InMemoryEntryReader(bytes: bytes), size: declaredSize ?? UInt64(bytes.count))
        } catch is MachOError {
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    static func readUInt32LE(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reversed().reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    static func readUInt32BE(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    static func writeUInt32LE(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    static func writeUInt32BE(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (3 - index))) }
    }

    /// Offset of the first load command `command` in the thin Mach-O starting at `sliceOffset`.
    static func loadCommandOffset(_ command: UInt32, in bytes: [UInt8], sliceOffset: Int = 0) -> Int? {
        let is64 = readUInt32LE(bytes, at: sliceOffset) == 0xFEED_FACF
        let count = Int(readUInt32LE(bytes, at: sliceOffset + 16))
        var offset = sliceOffset + (is64 ? 32 : 28)
        for _ in 0..<count {
            if readUInt32LE(bytes, at: offset) == command { return offset }
            offset += Int(readUInt32LE(bytes, at: offset + 4))
        }
        return nil
    }
}
