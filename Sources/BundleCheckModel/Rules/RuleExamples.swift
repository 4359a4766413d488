import BundleCheckFormats

/// A rule's examples, read from its file's text when asked for: a run neither reads nor keeps
/// the few hundred package descriptions the shipped rules hold (about 5 MiB of YAML nodes), which
/// only the tests, `--explain` and the catalogue read. The loader checks a `--rules` pack's
/// examples as it loads; the tests and the generator check the built-in rules' (`checked()`).
package struct RuleExamples: Sendable {
    /// The rule file's text, to read the examples from; nil for a rule made by hand.
    private let text: String?
    private let file: String
    private let ruleID: String
    /// The examples of a rule made by hand.
    private let given: [RuleExample]

    /// Examples read again from `text` on each access.
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

    /// The examples, in the file's order; none if they do not read, which `checked()` reports
    /// (a `--rules` pack's were checked when it loaded, the built-in rules' by the tests).
    var all: [RuleExample] {
        (try? checked()) ?? []
    }

    /// The examples, or why they do not read.
    func checked() throws -> [RuleExample] {
        guard let text else { return given }
        return try Self.read(text: text, file: file, ruleID: ruleID)
    }

    /// Reads the `examples` field of a rule file's text; none when it has none.
    static func read(text: String, file: String, ruleID: String) throws -> [RuleExample] {
        guard let root = try YAMLParser.parse(Array(text.utf8), file: file), let node = root["examples"] else { return [] }
        return try ExampleParser(reader: YAMLFieldReader(file: file), ruleID: ruleID).parse(node)
    }
}
