import BundleCheckFixtures
import Foundation

@testable import BundleCheckFormats

/// bsdtar (libarchive, as the reader uses it) and python3 run on the packages the fixture
/// builder writes, so that what it writes is checked by the library that will read it.
enum InstallerTestSupport {
    static let bsdtar = ["/usr/bin/bsdtar", "/usr/local/bin/bsdtar"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python3 = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let bsdtarMissing = "bsdtar (libarchive-tools) is not installed: apt-get install -y libarchive-tools"

    struct Run {
        var status: Int32
        var output: [UInt8]
        var error: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `tool` with `arguments`, `input` on its standard input.
    static func run(_ tool: String, _ arguments: [String], input: [UInt8] = []) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Feed and drain on their own threads: a large payload would fill either pipe.
        let errors = Box()
        let group = DispatchGroup()
        let writer = stdin.fileHandleForWriting, errorReader = stderr.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            writer.write(Data(input))
            try? writer.close()
        }
        DispatchQueue.global().async(group: group) { errors.set(errorReader.readDataToEndOfFile()) }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return Run(status: process.terminationStatus, output: [UInt8](output), error: String(decoding: errors.get(), as: UTF8.self))
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) { lock.withLock { data = value } }
        func get() -> Data { lock.withLock { data } }
    }

    static func bsdtar(_ arguments: [String], input: [UInt8] = []) throws -> Run {
        try run(bsdtar ?? "/usr/bin/bsdtar", arguments, input: input)
    }

    /// `bsdtar -tvf` of the archive at `path` (or `-` for `input`): one (mode, name, link target) a line.
    static func listing(_ path: String, input: [UInt8] = []) throws -> [(mode: String, name: String, target: String?)] {
        let run = try bsdtar(["-tvf", path], input: input)
        guard run.status == 0 else { throw Failure(message: "bsdtar -tvf failed: \(run.error)") }
        return run.text.split(separator: "\n").map { line in
            let fields = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
            let rest = fields.count > 8 ? String(fields[8]) : ""
            if let arrow = rest.range(of: " -> ") {
                return (String(fields[0]), String(rest[..<arrow.lowerBound]), String(rest[arrow.upperBound...]))
            }
            return (String(fields[0]), rest, nil)
        }
    }

    /// The bytes bsdtar extracts for `member` of the archive at `path`.
    static func extract(_ member: String, from path: String) throws -> [UInt8] {
        let run = try bsdtar(["-xOf", path, member])
        guard run.status == 0 else { throw Failure(message: "bsdtar -xOf \(member) failed: \(run.error)") }
        return run.output
    }

    /// Whether python3's expat parses `text` as XML.
    static func parsesAsXML(_ text: String) throws -> Bool {
        guard let python3 else { return true }
        let run = try run(python3, ["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parseString(sys.stdin.buffer.read())"], input: Array(text.utf8))
        return run.status == 0
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let directory = try ArchiveTestSupport.makeTemporaryDirectory()
        let path = directory + "/" + name
        try ArchiveTestSupport.writeFile(path, bytes)
        return path
    }

    static func removeTemporaryFile(_ path: String) {
        ArchiveTestSupport.cleanUp((path as NSString).deletingLastPathComponent)
    }

    /// The header fields of a xar archive and its inflated table of contents.
    static func xarHeader(_ bytes: [UInt8]) -> (magic: String, headerSize: Int, version: Int, compressed: UInt64, uncompressed: UInt64, algorithm: UInt32) {
        func be(_ offset: Int, _ count: Int) -> UInt64 {
            bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        return (String(decoding: bytes[0..<4], as: UTF8.self), Int(be(4, 2)), Int(be(6, 2)), be(8, 8), be(16, 8), UInt32(be(24, 4)))
    }

    /// The table of contents the archive's bytes hold, inflated (a zlib stream: a two-byte
    /// header, raw deflate, an Adler-32).
    static func tableOfContents(_ bytes: [UInt8]) throws -> String {
        let header = xarHeader(bytes)
        let compressed = Array(bytes[28..<(28 + Int(header.compressed))])
        let inflater = try ZlibInflater()
        var output = [UInt8](repeating: 0, count: 1 << 22)
        let produced = try compressed.dropFirst(2).withUnsafeBytes { input in
            try output.withUnsafeMutableBytes { try inflater.inflate(input, into: $0).produced }
        }
        return String(decoding: output.prefix(produced), as: UTF8.self)
    }
}
