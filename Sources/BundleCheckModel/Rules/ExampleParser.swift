import BundleCheckFormats
import Foundation

/// Reads a rule's `examples`: each a package description and the exact findings expected.
struct ExampleParser {
    let reader: YAMLFieldReader
    let ruleID: String

    func parse(_ node: YAMLNode) throws(YAMLLoadError) -> [RuleExample] {
        guard let items = node.sequence else {
            throw reader.error(node, "examples", "expected a list of examples, found \(node.kindName)")
        }
        return try items.enumerated().map { (index, item) throws(YAMLLoadError) in try example(item, field: "examples[\(index)]") }
    }

    func example(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> RuleExample {
        let fields = try reader.mapping(
            node, field: field, allowed: ["name", "triggers", "distribution", "now", "configuration", "previous", "diff", "package", "expect"])
        let name = try reader.nonEmptyString(try reader.required(fields, "name", in: node, field: "\(field).name"), field: "\(field).name")
        let triggers = try reader.bool(try reader.required(fields, "triggers", in: node, field: "\(field).triggers"), field: "\(field).triggers")
        let package = try reader.required(fields, "package", in: node, field: "\(field).package")
        guard package.mapping != nil else {
            throw reader.error(package, "\(field).package", "expected a package description (a mapping)")
        }
        let previous = fields["previous"]
        if let previous, previous.mapping == nil {
            throw reader.error(previous, "\(field).previous", "expected the previous build's package description (a mapping)")
        }
        var review = ReviewConfiguration()
        if let node = fields["diff"] {
            review = try ConfigurationLoader.review(node, reader: reader, field: "\(field).diff")
        }
        var configuration = Configuration()
        if let node = fields["configuration"] {
            configuration = try ConfigurationLoader.exampleConfiguration(node, reader: reader, field: "\(field).configuration")
        }
        let distribution = try fields["distribution"].map { value throws(YAMLLoadError) in
            try reader.choice(value, field: "\(field).distribution", as: Distribution.self)
        }
        let now = try fields["now"].map { value throws(YAMLLoadError) -> Date in
            let text = try reader.string(value, field: "\(field).now")
            guard let date = ISODateParser.parse(text) else {
                throw reader.error(value, "\(field).now", "'\(text)' is not an ISO 8601 date (2026-03-01) or UTC timestamp (2026-03-01T12:00:00Z)")
            }
            return date
        }
        var expectations: [ExampleExpectation] = []
        if let expect = fields["expect"] {
            guard let items = expect.sequence else {
                throw reader.error(expect, "\(field).expect", "expected a list of {bundle, key-path, file, count}")
            }
            expectations = try items.map { value throws(YAMLLoadError) in try expectation(value, field: "\(field).expect") }
        }
        if triggers && expectations.isEmpty {
            throw reader.error(node, "\(field).expect", "a triggering example must say which findings it expects")
        }
        if !triggers && expectations.contains(where: { $0.rule == ruleID }) {
            throw reader.error(node, "\(field).expect", "a non-triggering example cannot expect findings of its own rule")
        }
        return RuleExample(
            name: name, triggers: triggers, distribution: distribution, now: now, package: package,
            previous: previous, review: review, configuration: configuration, expectations: expectations, line: node.line
        )
    }

    func expectation(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> ExampleExpectation {
        let fields = try reader.mapping(node, field: field, allowed: ["rule", "bundle", "key-path", "file", "count"])
        let rule = try fields["rule"].map { value throws(YAMLLoadError) in try reader.string(value, field: "\(field).rule") } ?? ruleID
        let bundle = try fields["bundle"].map { value throws(YAMLLoadError) in try reader.string(value, field: "\(field).bundle") }
        let keyPath = try fields["key-path"].map { node throws(YAMLLoadError) -> String in
            let text = try reader.string(node, field: "\(field).key-path")
            guard JSONPointer(parsing: text) != nil else {
                throw reader.error(node, "\(field).key-path", "'\(text)' is not a JSON Pointer")
            }
            return text
        }
        let file = try fields["file"].map { value throws(YAMLLoadError) in try reader.string(value, field: "\(field).file") }
        let count = try fields["count"].map { value throws(YAMLLoadError) in try reader.nonNegativeInteger(value, field: "\(field).count") } ?? 1
        return ExampleExpectation(rule: rule, bundle: bundle, keyPath: keyPath, file: file, count: count)
    }
}
