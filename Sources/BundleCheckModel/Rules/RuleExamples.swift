import BundleCheckFormats

/// A rule's examples, read from its file's text when asked for. The loader checks them once and
/// lets them go: a run keeps none of the few hundred package descriptions the shipped rules hold
/// (about 5 MiB of YAML nodes), which only the tests, `--explain` and the catalogue read.
package struct RuleExamples: Sendable {
    /// The rule file's text, to read the examples from; nil for a rule made by hand.
    private let text: String?
    private let file: String
    private let ruleID: String
    /// The examples of a rule made by hand.
    private let given: [RuleExample]

    /// Examples read again from `text` on each access (the loader has checked they can be).
    init(text: String, file: String, ruleID: String) {
        self.text = text
        self.file = file
        self.ruleID = ruleID
        self.given = []
    }

    /// Examples kept as they are.
    init(_ examples: [RuleExample]) {
        self.text = nil
        self.file = ""
        self.ruleID = ""
        self.given = examples
    }

    /// The examples, in the file's order.
    var all: [RuleExample] {
        guard let text else { return given }
        // Checked when the rule was loaded; the same text reads the same way.
        return (try? Self.read(text: text, file: file, ruleID: ruleID)) ?? []
    }

    /// Reads the `examples` field of a rule file's text; none when it has none.
    static func read(text: String, file: String, ruleID: String) throws -> [RuleExample] {
        guard let root = try YAMLParser.parse(Array(text.utf8), file: file), let node = root["examples"] else { return [] }
        return try ExampleParser(reader: YAMLFieldReader(file: file), ruleID: ruleID).parse(node)
    }
}
