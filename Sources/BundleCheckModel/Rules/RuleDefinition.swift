/// One rule of the catalogue, as its `Rules/<id>.yml` file describes it.
///
/// The YAML file is the single source of everything here; a built-in check
/// (Swift code) only decides where the rule fires.
public struct RuleDefinition: Sendable {
    /// Stable id, a public contract: the file name, and what reports, configuration and baselines use.
    public let id: String
    public let title: String
    public let severity: Severity
    /// A grouping for the catalogue: `versions`, `structure`, `hygiene`, `security`, …
    public let category: String
    /// Codes Apple's validation prints for the same problem; never invented. Every code once,
    /// in the file's order.
    public let appleCodes: [String]
    /// The same codes by the keys of an `apple-codes` mapping, by which a built-in check picks
    /// for each finding; empty when the file lists them.
    public let keyedAppleCodes: [KeyedAppleCodes]
    /// What Apple prints with each code, as it words it, in the codes' order (`apple-messages`).
    public let appleMessages: [AppleMessage]
    /// Why Apple rejects it, or why it breaks at run time.
    public let rationale: String
    /// How to fix it.
    public let fix: String
    public let scope: RuleScope
    package let implementation: RuleImplementation
    /// Read from the rule file when asked for (`RuleExamples`).
    package var examples: [RuleExample] { exampleSource.all }
    /// The examples, or the error that stops them reading (for a built-in rule, not read at load).
    package func checkedExamples() throws -> [RuleExample] { try exampleSource.checked() }
    let exampleSource: RuleExamples
    /// Where the rule was read from, for messages and for examples that fail.
    public let source: RuleSource
    /// A matcher rule's message, with `{file}`, `{name}`, `{bundle}`, `{key-path}` and `{value}`
    /// filled from each hit; nil means the title followed by the location.
    package let messageTemplate: String?
    /// A matcher hit whose value holds an unexpanded `$(VAR)` is dropped, so one mistake gives one
    /// finding, unless the rule is the one that reports them (`reports-unexpanded-variables: true`).
    package let reportsUnexpandedVariables: Bool
    /// Whether it runs when no configuration names it (`default: off` says not: a rule that
    /// guesses, such as `possible-secret`, runs only where `.bundlecheck.yml` turns it on).
    public let runsByDefault: Bool

    init(
        id: String,
        title: String,
        severity: Severity,
        category: String,
        appleCodes: [String],
        keyedAppleCodes: [KeyedAppleCodes] = [],
        appleMessages: [AppleMessage] = [],
        rationale: String,
        fix: String,
        scope: RuleScope,
        implementation: RuleImplementation,
        examples: RuleExamples,
        source: RuleSource,
        messageTemplate: String? = nil,
        reportsUnexpandedVariables: Bool = false,
        runsByDefault: Bool = true
    ) {
        self.id = id
        self.title = title
        self.severity = severity
        self.category = category
        self.appleCodes = appleCodes
        self.keyedAppleCodes = keyedAppleCodes
        self.appleMessages = appleMessages
        self.rationale = rationale
        self.fix = fix
        self.scope = scope
        self.implementation = implementation
        self.exampleSource = examples
        self.source = source
        self.messageTemplate = messageTemplate
        self.reportsUnexpandedVariables = reportsUnexpandedVariables
        self.runsByDefault = runsByDefault
    }

    /// The same rule at another severity, as a configuration may ask.
    public func with(severity: Severity) -> RuleDefinition {
        RuleDefinition(
            id: id, title: title, severity: severity, category: category, appleCodes: appleCodes,
            keyedAppleCodes: keyedAppleCodes, appleMessages: appleMessages, rationale: rationale, fix: fix, scope: scope, implementation: implementation,
            examples: exampleSource, source: source, messageTemplate: messageTemplate,
            reportsUnexpandedVariables: reportsUnexpandedVariables, runsByDefault: runsByDefault
        )
    }
}

/// How a rule finds problems: Swift code, or a declarative matcher from its YAML file.
package enum RuleImplementation: Sendable {
    /// A built-in check of the inspection layer, by name: the rule's id, unless its file names
    /// another with `check:`.
    case builtIn(check: String)
    case matcher(Matcher)
}

/// Where a rule came from: a file shipped in the binary, or one of a user's packs.
public struct RuleSource: Sendable, Hashable, CustomStringConvertible {
    /// `Rules/<id>.yml` for shipped rules, the path as given for user packs.
    public let file: String
    public let isBuiltIn: Bool
    /// The line of the rule's `id` in its file, for messages about the id (a collision).
    public let line: Int

    init(file: String, isBuiltIn: Bool, line: Int = 1) {
        self.file = file
        self.isBuiltIn = isBuiltIn
        self.line = line
    }

    public var description: String { file }
}

/// The one way a check or a matcher reports a finding, as swift-format's `Rule.diagnose(_:on:)`:
/// the rule stamps its id, severity and Apple codes; the caller gives only what varies.
extension RuleDefinition {
    /// A finding of this rule. `identity` tells apart findings at the same key path for the
    /// fingerprint. `appleCodes`, when given, is the subset of the rule's codes this finding
    /// concerns: those of a key (`appleCodes(for:)`: `version-missing` prints ITMS-90056 or
    /// ITMS-90057), or those a data table gives. The loader made sure the rule defines both, from
    /// the check's declarations; a code outside the rule's own is still dropped, never invented.
    ///
    /// `atMost` weakens one finding the check has weaker evidence for (`url-scheme-missing`: an
    /// extension whose code shows no sign of opening its app is a note): the finding is the
    /// weaker of the rule's severity, as configured, and `atMost`, so a configuration can still
    /// lower it or turn the rule off, never raise a weakened finding.
    package func finding(
        _ message: String,
        at location: FindingLocation,
        identity: String? = nil,
        appleCodes subset: [String]? = nil,
        atMost cap: Severity? = nil
    ) -> Finding {
        var codes = appleCodes
        if let subset {
            assert(subset.allSatisfy(appleCodes.contains), "\(id): \(subset) is not a subset of the rule's Apple codes \(appleCodes)")
            codes = subset.filter(appleCodes.contains)
        }
        // Severity orders error first: the weaker of two is the greater.
        let severity = cap.map { Swift.max(self.severity, $0) } ?? self.severity
        return Finding(rule: id, severity: severity, message: message, location: location, appleCodes: codes, identity: identity)
    }

    /// The rule's codes as a message cites them: `ITMS-90242`, or `ITMS-90056, ITMS-90057`.
    package var appleCodesText: String { appleCodes.joined(separator: ", ") }

    /// The codes the rule file gives `key`. A check asks only for the keys it declares, which the
    /// loader made sure the file defines; an undeclared one is a mistake of the check.
    package func appleCodes(for key: AppleCodeKey) -> [String] {
        guard let entry = keyedAppleCodes.first(where: { $0.key == key }) else {
            assertionFailure("\(id): apple-codes defines no key '\(key)'; declare it in the check's appleCodeKeys")
            return []
        }
        return entry.codes
    }
}
