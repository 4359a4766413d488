import Foundation
import Testing

@testable import BundleCheckFormats

/// Our parser against files written by Python's plistlib, compared with exact typed descriptions.
///
/// plistlib keeps apart what Foundation blurs: integers, reals and booleans stay
/// distinct, integers run from -2^63 to 2^64-1 (16-byte integers in binary),
/// UIDs exist (binary only; plistlib cannot write them in XML), dictionaries keep
/// their key order (`sort_keys=False`), and binary files share equal objects.
/// `scripts/plistlib-differential.py` writes the files and the descriptions; see it
/// for the description format. Without python3 the tests are skipped, unless CI=true.
@Suite struct PropertyListPlistlibDifferentialTests {
    static let script = PlistTestEnvironment.repositoryRoot.appendingPathComponent("scripts/plistlib-differential.py")

    @Test(
        .enabled(
            if: PlistTestEnvironment.python3 != nil || PlistTestEnvironment.isCI,
            "python3 is not on PATH; set CI=true to make that a failure"))
    func ourParserReadsPlistlibsFilesExactly() throws {
        let python = try #require(PlistTestEnvironment.python3, "python3 is required when CI=true")
        let directory = try PlistTestEnvironment.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try PlistTestEnvironment.run(python, [Self.script.path, "--seed", "7", "--count", "200", "--out", directory.path])
        try #require(run.status == 0, "plistlib-differential.py failed: \(run.errors)")

        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("manifest.json"))) as? [[String: Any]])
        #expect(manifest.count == 403)
        var formats: [String: Int] = [:]
        for entry in manifest {
            let name = try #require(entry["name"] as? String)
            let file = try #require(entry["file"] as? String)
            let format = try #require(entry["format"] as? String)
            let expected = try Self.canonical(typed: try #require(entry["value"]))
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
            let document: PropertyListDocument
            do {
                document = try PropertyListParser.parse(bytes, file: file)
            } catch {
                Issue.record("\(name): \(error)")
                continue
            }
            formats[format, default: 0] += 1
            #expect(document.format.rawValue == format, "\(name)")
            #expect(PlistTestSupport.canonical(document.root) == expected, "\(name)")
            let duplicates = try #require(entry["duplicates"] as? [[String: Any]])
            let expectedDuplicates = duplicates.map { "\($0["dictionary"] as? String ?? "?") \($0["key"] as? String ?? "?") \($0["line"] as? Int ?? -1)" }
            let actualDuplicates = document.duplicateKeys.map { "\($0.dictionary.description) \($0.key) \($0.line ?? -1)" }
            #expect(actualDuplicates == expectedDuplicates, "\(name)")
        }
        #expect(formats == ["xml": 203, "binary": 200])
    }

    /// A typed description from the script, in `PlistTestSupport.canonical` form.
    static func canonical(typed: Any) throws -> String {
        let node = try #require(typed as? [String: Any])
        let type = try #require(node["t"] as? String)
        switch type {
        case "string":
            return "s" + String(reflecting: try #require(node["v"] as? String))
        case "int":
            return "i:" + (try #require(node["v"] as? String))
        case "real":
            let text = try #require(node["v"] as? String)
            if text == "nan" { return "r:nan" }
            let bits = try #require(UInt64(text.dropFirst(2), radix: 16))
            return PlistTestSupport.canonicalReal(Double(bitPattern: bits))
        case "bool":
            return "b:\(try #require(node["v"] as? Bool))"
        case "date":
            let text = try #require(node["v"] as? String)
            let seconds = try #require(Double(text))
            return "d:\(seconds)"
        case "data":
            return "x:" + (try #require(node["v"] as? String))
        case "uid":
            return "u:" + (try #require(node["v"] as? String))
        case "array":
            let elements = try #require(node["v"] as? [Any])
            return "[" + (try elements.map { try canonical(typed: $0) }).joined(separator: ",") + "]"
        case "dict":
            let pairs = try #require(node["v"] as? [[Any]])
            let entries = try pairs.map { pair -> String in
                let key = try #require(pair.first as? String)
                return String(reflecting: key) + ":" + (try canonical(typed: try #require(pair.last)))
            }
            return "{" + entries.joined(separator: ",") + "}"
        default:
            Issue.record("unknown typed value \(type)")
            return "?"
        }
    }
}
