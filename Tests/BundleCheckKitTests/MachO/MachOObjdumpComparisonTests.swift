import Foundation
import Testing

@testable import BundleCheckFormats

/// Every Mach-O in the corpus zips, compared with `llvm-objdump --macho --private-headers`
/// from the Swift toolchain when it is installed at the usual place; skipped otherwise.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled))
struct MachOObjdumpComparisonTests {
    static let objdump = "/opt/swift/usr/bin/llvm-objdump"
    static let archives = [
        "isign/SimpleSaucyApp.ipa",
        "isign/TestSimulator.app.zip",
        "sentry-cli/DemoApp.ipa",
        "fastlane/very-capable-app.ipa",
    ]

    /// Architectures and linked dylibs per slice, as objdump prints them.
    struct ObjdumpSlice: Equatable {
        var architecture = ""
        var dylibs: [String] = []
    }

    @Test(arguments: archives)
    func architecturesAndDylibsMatchLLVMObjdump(archive: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.objdump) else {
            print("skipping: \(Self.objdump) is absent")
            return
        }
        guard let path = RepositoryPaths.corpusOrSkip(archive) else { return }
        let container = try ZipArchiveReader(path: path)
        let directory = try TemporaryDirectory()
        var compared = 0
        for entry in container.files {
            guard let file = try MachOReader.read(try container.openEntry(entry.path), size: entry.size) else { continue }
            let copy = directory.path("binary")
            try Data(try container.read(entry.path, limit: 64 << 20)).write(to: URL(fileURLWithPath: copy))
            let expected = try Self.objdumpSlices(copy)
            let actual = file.slices.map { slice in
                ObjdumpSlice(architecture: slice.architecture, dylibs: slice.linkedDylibs.map(\.path))
            }
            #expect(actual == expected, "\(archive): \(entry.path)")
            compared += 1
        }
        #expect(compared > 0)
    }

    /// Runs objdump and picks, per `Mach header`, the cputype/subtype and the dylib-linking commands' names.
    static func objdumpSlices(_ path: String) throws -> [ObjdumpSlice] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objdump)
        process.arguments = ["--macho", "--private-headers", "--arch=all", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        let dylibCommands: Set<String> = ["LC_LOAD_DYLIB", "LC_LOAD_WEAK_DYLIB", "LC_REEXPORT_DYLIB", "LC_LAZY_LOAD_DYLIB", "LC_LOAD_UPWARD_DYLIB"]
        var slices: [ObjdumpSlice] = []
        var lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
        var inDylibCommand = false
        while let line = lines.popFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line == "Mach header" {
                _ = lines.popFirst() // the column titles
                let header = (lines.popFirst() ?? "").split(separator: " ")
                slices.append(ObjdumpSlice(architecture: architectureName(String(header[1]), String(header[2]))))
            } else if fields.first == "cmd" {
                inDylibCommand = fields.count > 1 && dylibCommands.contains(String(fields[1]))
            } else if inDylibCommand, fields.first == "name", let range = line.range(of: " (offset ") {
                slices[slices.count - 1].dylibs.append(
                    String(line[line.index(line.startIndex, offsetBy: 5)..<range.lowerBound]).trimmingCharacters(in: .whitespaces))
                inDylibCommand = false
            }
        }
        return slices
    }

    /// objdump's cputype and subtype columns in the names bundlecheck uses.
    static func architectureName(_ cpu: String, _ subtype: String) -> String {
        switch (cpu, subtype) {
        case ("ARM", "V7"): "armv7"
        case ("ARM", "V7S"): "armv7s"
        case ("ARM64", "ALL"): "arm64"
        case ("ARM64", "E"): "arm64e"
        case ("X86_64", "ALL"): "x86_64"
        case ("I386", "ALL"): "i386"
        default: "\(cpu)/\(subtype)"
        }
    }
}
