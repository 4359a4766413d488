import BundleCheckFixtures
import Foundation

@testable import BundleCheckFormats

/// Temporary folders, deterministic bytes and raw zip surgery for the archive and bundle tests.
enum ArchiveTestSupport {
    /// A fresh, empty folder under the system's temporary directory, removed by `cleanUp`.
    static func makeTemporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "bundlecheck-archive-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func cleanUp(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `count` pseudo-random bytes from a fixed seed (SplitMix64), the same on every run.
    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var result = [UInt8](repeating: 0, count: count)
        result.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < count {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                withUnsafeBytes(of: z) { word in
                    let n = min(8, count - offset)
                    raw.baseAddress!.advanced(by: offset).copyMemory(from: word.baseAddress!, byteCount: n)
                }
                offset += 8
            }
        }
        return result
    }

    /// Writes a zip with `ZipArchiveWriter` and returns its path.
    static func writeZip(in directory: String, named name: String = "test.zip", _ entries: [(String, [UInt8], ZipCompression)]) throws -> String {
        let path = directory + "/" + name
        let writer = try ZipArchiveWriter(path: path)
        for (entryPath, contents, compression) in entries {
            try writer.add(path: entryPath, contents: contents, compression: compression)
        }
        try writer.close()
        return path
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// One central-directory record of a zip, as the bytes say (no Zip64).
    struct CentralRecord {
        var offset: Int
        var versionMadeBy: UInt16
        var method: UInt16
        var dosTime: UInt16
        var dosDate: UInt16
        var uncompressedSize: UInt32
        var extraLength: UInt16
        var externalAttributes: UInt32
        var localHeaderOffset: Int
        var name: String
    }

    static func centralRecords(of zip: [UInt8]) -> [CentralRecord] {
        func u16(_ at: Int) -> UInt16 { UInt16(zip[at]) | UInt16(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        guard zip.count >= 22 else { return [] }
        let end = zip.count - 22
        let count = Int(u16(end + 10))
        var offset = Int(u32(end + 16))
        var records: [CentralRecord] = []
        for _ in 0..<count {
            let nameLength = Int(u16(offset + 28))
            let extraLength = u16(offset + 30)
            let commentLength = Int(u16(offset + 32))
            records.append(
                CentralRecord(
                    offset: offset,
                    versionMadeBy: u16(offset + 4),
                    method: u16(offset + 10),
                    dosTime: u16(offset + 12),
                    dosDate: u16(offset + 14),
                    uncompressedSize: u32(offset + 24),
                    extraLength: extraLength,
                    externalAttributes: u32(offset + 38),
                    localHeaderOffset: Int(u32(offset + 42)),
                    name: String(decoding: zip[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
                ))
            offset += 46 + nameLength + Int(extraLength) + commentLength
        }
        return records
    }

    /// Extra-field length of the local header at `offset`.
    static func localExtraLength(of zip: [UInt8], at offset: Int) -> UInt16 {
        UInt16(zip[offset + 28]) | UInt16(zip[offset + 29]) << 8
    }
}
