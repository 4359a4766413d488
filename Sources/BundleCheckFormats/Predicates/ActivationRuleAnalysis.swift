/// What an extension's NSExtensionActivationRule (at
/// `/NSExtension/NSExtensionAttributes/NSExtensionActivationRule`) accepts, and what is
/// wrong with it, in either of its two forms: a predicate string or a dictionary.
///
/// Whether TRUEPREDICATE is a problem depends on the extension point (share and action
/// extensions only); the analysis reports the fact, the checks decide.
public struct ActivationRuleAnalysis: Sendable {
    let form: ActivationRuleForm
    /// In the order a reader meets them: the rule as a whole first, then key by key or by position.
    public let observations: [ActivationRuleObservation]
    /// The content the rule lets in: types in document order, each once.
    public let accepts: [ActivationRuleAcceptedType]

    /// `types`: the system's type identifiers, which a predicate's type literals are checked against.
    package init(rule: PlistValue?, types: KnownTypeIdentifiers) {
        switch rule {
        case nil:
            self.init(form: .missing, observations: [.missing], accepts: [])
        case .string(let text)?:
            self = Self.analyzePredicate(text, types: types)
        case .dictionary(let dictionary)?:
            let reading = ActivationRuleDictionaryReading(dictionary)
            self.init(form: .dictionary, observations: reading.observations, accepts: reading.accepts)
        case let value?:
            let problem = ActivationRuleProblem(
                kind: .type, pointer: .root,
                message: "NSExtensionActivationRule must be a predicate string or a dictionary, found \(value.typeName)"
            )
            self.init(form: .other(value.typeName), observations: [.invalid(problem)], accepts: [])
        }
    }

    private init(form: ActivationRuleForm, observations: [ActivationRuleObservation], accepts: [ActivationRuleAcceptedType]) {
        self.form = form
        self.observations = observations
        self.accepts = accepts
    }

    private static func analyzePredicate(_ text: String, types: KnownTypeIdentifiers) -> ActivationRuleAnalysis {
        if UnexpandedVariable.occurs(in: text) {
            return ActivationRuleAnalysis(form: .unexpanded, observations: [], accepts: [])
        }
        if text.allSatisfy(\.isWhitespace) {
            let problem = ActivationRuleProblem(
                kind: .value, pointer: .root,
                message: "the activation rule is an empty string; write a predicate or use the dictionary form"
            )
            return ActivationRuleAnalysis(form: .predicate(nil), observations: [.invalid(problem)], accepts: [])
        }
        let predicate: Predicate
        do {
            predicate = try PredicateParser.parse(text)
        } catch {
            let problem = ActivationRuleProblem(
                kind: .value, pointer: .root, message: "the predicate does not parse: \(error.message)", location: error.location
            )
            return ActivationRuleAnalysis(form: .predicate(nil), observations: [.invalid(problem)], accepts: [])
        }
        var observations: [ActivationRuleObservation] = []
        var accepts = PredicateAcceptedTypes.collect(from: predicate)
        switch PredicateFolding.truthValue(of: predicate) {
        case true?:
            // Whatever the rest says, everything gets in.
            let literally = predicate.kind == .constant(true)
            observations.append(.alwaysTrue(literally: literally, location: predicate.location))
            accepts = [ActivationRuleAcceptedType(type: "public.item", max: nil)]
        case false?:
            observations.append(.neverMatches(reason: "the predicate is false whatever is shared: its literals alone make it false"))
            accepts = []
        case nil:
            break
        }
        for issue in PredicateAnalyzer.issues(in: predicate, types: types) {
            let problem = ActivationRuleProblem(kind: .value, pointer: .root, message: issue.message, location: issue.location)
            observations.append(issue.severity == .error ? .invalid(problem) : .note(problem))
        }
        return ActivationRuleAnalysis(form: .predicate(predicate), observations: observations, accepts: accepts)
    }

    // MARK: Conveniences for the checks

    /// The parsed predicate, when the rule is one that parses.
    var predicate: Predicate? {
        if case .predicate(let predicate) = form { return predicate }
        return nil
    }

    public var isMissing: Bool {
        observations.contains(.missing)
    }

    /// Every reason the rule is invalid (activation-rule-invalid).
    public var problems: [ActivationRuleProblem] {
        observations.compactMap { if case .invalid(let problem) = $0 { problem } else { nil } }
    }

    /// Possible mistakes that may be intended.
    public var notes: [ActivationRuleProblem] {
        observations.compactMap { if case .note(let problem) = $0 { problem } else { nil } }
    }

    /// Whether the rule lets everything in.
    public var isAlwaysTrue: Bool {
        observations.contains { if case .alwaysTrue = $0 { true } else { false } }
    }

    /// Whether the rule is TRUEPREDICATE itself, in any case or spacing.
    public var isLiterallyTruePredicate: Bool {
        observations.contains { if case .alwaysTrue(literally: true, _) = $0 { true } else { false } }
    }

    /// Why the rule lets nothing in, when it does not.
    public var neverMatchesReason: String? {
        observations.lazy.compactMap { if case .neverMatches(let reason) = $0 { reason } else { nil } }.first
    }
}

/// How an activation rule is written.
enum ActivationRuleForm: Sendable, Hashable {
    case missing
    /// A predicate string; the tree is nil when it is empty or does not parse.
    case predicate(Predicate?)
    case dictionary
    /// A predicate string holding `$(…)`/`${…}` build settings that Xcode
    /// should have expanded; left to the `unexpanded-variable` rule, so one mistake is one finding.
    case unexpanded
    /// An array, integer or other value that cannot be a rule; the plist type's name.
    case other(String)
}

/// One thing the analysis of an activation rule found; the checks turn each into a finding.
public enum ActivationRuleObservation: Sendable, Hashable {
    /// There is no rule: the extension is never offered (activation-rule-missing).
    case missing
    /// The rule accepts everything (activation-rule-truepredicate): the predicate folds to
    /// true; `literally` when it is TRUEPREDICATE itself, in any case or spacing.
    case alwaysTrue(literally: Bool, location: PredicateSourceLocation)
    /// The rule accepts nothing (activation-rule-never-matches), and why.
    case neverMatches(reason: String)
    /// A type or value Apple rejects (activation-rule-invalid).
    case invalid(ActivationRuleProblem)
    /// Possibly intended, such as a custom type identifier; `kind` is `.value`.
    case note(ActivationRuleProblem)
}

/// One kind of content an activation rule lets in, for the report's `accepts` list.
public struct ActivationRuleAcceptedType: Sendable, Hashable, CustomStringConvertible {
    /// A type identifier: the one a predicate names, or the one a dictionary key stands for
    /// (`public.url` for `NSExtensionActivationSupportsWebURLWithMaxCount`).
    public let type: String
    /// The most items of this type at once, or nil when unbounded.
    public let max: Int?

    public init(type: String, max: Int?) {
        self.type = type
        self.max = max
    }

    public var description: String {
        "{\(type), \(max.map(String.init) ?? "nil")}"
    }
}
