import Foundation
import Testing

@testable import BundleCheckFormats

/// action.yml against SchemaStore's schema for action metadata (GitHub publishes none), the copy
/// vendored from check-jsonschema's wheel and pinned by its sha256 in
/// `Data/github-action.schema.source`. Validated with Python's jsonschema, as the report
/// schemas are; skipped without it, except on CI.
@Suite struct ActionSchemaTests {
    static let data = RepositoryPaths.root.appendingPathComponent("Tests/BundleCheckKitTests/Action/Data")
    static let schemaURL = data.appendingPathComponent("github-action.schema.json")
    static let sourceURL = data.appendingPathComponent("github-action.schema.source")
    static let validatorAvailable = ReportValidator.canRun || ReportValidator.isCI

    /// The `key: value` lines of the source record.
    static func record() throws -> [String: String] {
        var values: [String: String] = [:]
        for line in try String(contentsOf: sourceURL, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    @Test func theVendoredSchemaIsTheRecordedFile() throws {
        let record = try Self.record()
        #expect(record["package"] == "check-jsonschema 0.39.0")
        #expect(record["file"] == "check_jsonschema/builtin_schemas/vendor/github-actions.json")
        let wheel = try #require(record["wheel"])
        #expect(wheel.hasPrefix("https://files.pythonhosted.org/") && wheel.hasSuffix("check_jsonschema-0.39.0-py3-none-any.whl"))
        let bytes = try [UInt8](Data(contentsOf: Self.schemaURL))
        let digest = try Digest.hash(bytes, .sha256).map { String(format: "%02x", $0) }.joined()
        #expect(digest == record["sha256"], "the vendored schema changed; record its origin and sha256 in \(Self.sourceURL.lastPathComponent)")
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""$id": "https://json.schemastore.org/github-action.json""#))
    }

    @Test func theConversionTypesScalarsAsGitHubReadsThem() throws {
        let node = try #require(try YAMLParser.parse(Array("a: true\nb: 'true'\nc: 3\nd:\ne: [x, \"\"]\nf: !!str 4\n".utf8), file: "t.yml"))
        let json = JSONWriter(style: .compact).string(from: YAMLJSONConversion.json(node))
        #expect(json == #"{"a":true,"b":"true","c":3,"d":null,"e":["x",""],"f":"4"}"#)
    }

    /// action.yml (or a changed copy of it) as JSON, validated; the validator's output names each error.
    static func validate(_ yaml: String) throws -> ReportValidator.Outcome {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "action.yml"))
        let directory = try TemporaryDirectory()
        let document = try directory.write(JSONWriter().string(from: YAMLJSONConversion.json(node)), to: "action.json")
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(document), key=lambda e: list(e.absolute_path))
            for error in errors:
                print("/" + "/".join(str(part) for part in error.absolute_path) + ": " + error.message)
            sys.exit(1 if errors else 0)
            """
        return try ReportValidator.run(["python3", "-c", script, schemaURL.path, document])
    }

    @Test(.enabled(if: validatorAvailable, "python3 with jsonschema is not installed"))
    func actionYAMLMatchesTheSchema() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let outcome = try Self.validate(String(contentsOf: ActionMetadata.url, encoding: .utf8))
        #expect(outcome.status == 0, "action.yml does not match SchemaStore's github-action.json:\n\(outcome.output)")
    }

    /// The validation can fail: a misspelt `using`, and `required` as a string, are refused.
    @Test(
        .enabled(if: validatorAvailable, "python3 with jsonschema is not installed"),
        arguments: [("  using: composite\n", "  using: composit\n"), ("    required: true\n", "    required: 'true'\n")])
    func aBrokenCopyFails(original: String, broken: String) throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let yaml = try String(contentsOf: ActionMetadata.url, encoding: .utf8)
        try #require(yaml.contains(original))
        let outcome = try Self.validate(yaml.replacingOccurrences(of: original, with: broken))
        #expect(outcome.status == 1, "the broken copy passed:\n\(outcome.output)")
        #expect(outcome.output.contains(original.hasPrefix("  using") ? "/runs" : "/inputs/packages"), "\(outcome.output)")
    }
}
