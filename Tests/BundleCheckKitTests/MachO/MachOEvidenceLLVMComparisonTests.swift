import Foundation
import Testing

@testable import BundleCheckFormats

/// Imported symbols, selectors and class names of corpus executables, compared as
/// complete sets with `llvm-nm -u` and `llvm-objdump --macho --section=...` from the
/// Swift toolchain, per architecture; skipped when the tools are absent.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled))
struct MachOEvidenceLLVMComparisonTests {
    static let tools = "/opt/swift/usr/bin"
    static let executables = [
        "sentry-cli/DemoApp.ipa:Payload/DemoApp.app/DemoApp",
        "isign/SimpleSaucyApp.ipa:Payload/SimpleSaucyApp.app/SimpleSaucyApp",
    ]

    @Test(arguments: executables)
    func evidenceEqualsWhatLLVMToolsPrint(executable: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "\(Self.tools)/llvm-nm") else {
            print("skipping: \(Self.tools)/llvm-nm is absent")
            return
        }
        let parts = executable.split(separator: ":").map(String.init)
        guard let path = RepositoryPaths.corpusOrSkip(parts[0]) else { return }
        let container = try ZipArchiveReader(path: path)
        let file = try #require(
            try MachOReader.read(
                try container.openEntry(parts[1]),
                size: try container.size(of: parts[1]),
                evidence: KeepAllEvidence()
            ))
        let directory = try TemporaryDirectory()
        let copy = directory.path("binary")
        try Data(try container.read(parts[1], limit: 64 << 20)).write(to: URL(fileURLWithPath: copy))
        for slice in file.slices {
            let arch = "--arch=\(slice.architecture)"
            let values = { (kind: BinaryEvidenceKind) in Set(slice.evidence.filter { $0.kind == kind }.map(\.value)) }
            let imports = Set(try Self.run("llvm-nm", ["-u", arch, copy]).split(separator: "\n").map(String.init))
            #expect(!imports.isEmpty)
            #expect(values(.symbol) == imports, "\(executable) \(slice.architecture)")
            #expect(values(.selector) == (try Self.sectionStrings("__objc_methname", arch, copy)), "\(executable) \(slice.architecture)")
            #expect(values(.class) == (try Self.sectionStrings("__objc_classname", arch, copy)), "\(executable) \(slice.architecture)")
        }
    }

    /// The strings objdump prints for a C-string section, one `<address>  <string>` line each.
    static func sectionStrings(_ section: String, _ arch: String, _ path: String) throws -> Set<String> {
        let output = try run("llvm-objdump", ["--macho", "--section=__TEXT,\(section)", arch, path])
        var strings: Set<String> = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let separator = line.range(of: "  "),
                line[..<separator.lowerBound].allSatisfy(\.isHexDigit),
                !line[..<separator.lowerBound].isEmpty
            else { continue }
            let string = String(line[separator.upperBound...])
            if !string.isEmpty { strings.insert(string) }
        }
        return strings
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(tools)/\(tool)")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output
    }
}
