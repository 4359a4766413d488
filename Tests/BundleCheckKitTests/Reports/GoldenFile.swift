import BundleCheckFormats
import Foundation

/// A checked-in expected output under `Golden/`, next to this file.
///
/// Volatile parts are replaced by placeholders before comparing or recording (only the
/// tool's version for now, as `<version>`). Run the tests with
/// `BUNDLECHECK_RECORD_GOLDEN=1` to rewrite the files from the current output, then
/// review the diff.
struct GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["BUNDLECHECK_RECORD_GOLDEN"] == "1"
    }

    let name: String

    var url: URL { Self.directory.appendingPathComponent(name) }

    func read() throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    func record(_ text: String) throws {
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The output with its volatile parts replaced by placeholders.
    static func placeholders(in output: String) -> String {
        output.replacingOccurrences(of: BundleCheckVersion.current, with: "<version>")
    }

    /// Where two texts first differ, for a readable failure message.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let got = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
            let wanted = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            if got != wanted {
                return "line \(index + 1):\n  expected: \(wanted.debugDescription)\n  actual:   \(got.debugDescription)"
            }
        }
        return "no difference"
    }
}
