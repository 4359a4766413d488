import BundleCheckFormats
import BundleCheckModel

/// The activation-rule checks of share and action extensions, one mode per rule:
/// `activation-rule-missing`, `-truepredicate`, `-invalid`, `-never-matches` and `-unknown-type`.
///
/// Other extension points are left alone: TRUEPREDICATE is legitimate for, say,
/// a File Provider action's own activation rule.
struct ActivationRuleCheck: Check {
    var id: String { mode.rawValue }
    /// `activation-rule-invalid` reports a value of the wrong type and a wrong value under Apple's two codes.
    var appleCodeKeys: [AppleCodeKey] { mode == .invalid ? ActivationRuleProblemKind.allCases.map(Self.appleCodeKey) : [] }

    enum Mode: String {
        case missing = "activation-rule-missing"
        case truePredicate = "activation-rule-truepredicate"
        case invalid = "activation-rule-invalid"
        case neverMatches = "activation-rule-never-matches"
        case unknownType = "activation-rule-unknown-type"
    }

    static let pointer = InspectedBundle.activationRulePointer

    let mode: Mode

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter(\.isShareOrActionExtension).flatMap { bundle -> [Finding] in
            guard let plist = bundle.infoPlist else { return [] }
            // Bundles built by hand (tests) have no stored analysis: read it then.
            let analysis = bundle.activationRule ?? ActivationRuleAnalysis(rule: bundle.activationRuleValue, types: .shipped)
            switch mode {
            case .missing:
                guard analysis.isMissing else { return [] }
                return [rule.finding(Self.missing(bundle), at: bundle.infoPlistLocation(Self.pointer))]
            case .truePredicate:
                guard analysis.isAlwaysTrue else { return [] }
                return [rule.finding(Self.alwaysTrue(bundle, literally: analysis.isLiterallyTruePredicate), at: bundle.infoPlistLocation(Self.pointer))]
            case .neverMatches:
                guard let reason = analysis.neverMatchesReason else { return [] }
                return [rule.finding(Self.neverMatches(bundle, reason), at: bundle.infoPlistLocation(Self.pointer))]
            case .invalid:
                return findings(for: analysis.problems, in: bundle, plist: plist, rule: rule, codes: { rule.appleCodes(for: Self.appleCodeKey($0.kind)) })
            case .unknownType:
                return findings(for: analysis.notes, in: bundle, plist: plist, rule: rule, codes: { _ in [] })
            }
        }
    }

    /// One finding per problem, at the problem's key inside the rule; predicate problems also
    /// carry their column and caret excerpt, and the plist line of the predicate's own line.
    private func findings(
        for problems: [ActivationRuleProblem],
        in bundle: InspectedBundle,
        plist: PropertyListDocument,
        rule: RuleDefinition,
        codes: (ActivationRuleProblem) -> [String]
    ) -> [Finding] {
        var seen: [JSONPointer: Int] = [:]
        return problems.map { problem in
            let pointer = JSONPointer(components: Self.pointer.components + problem.pointer.components)
            let ordinal = seen[pointer, default: 0]
            seen[pointer] = ordinal + 1
            let valueLine = plist.line(of: pointer)
            let line = valueLine.map { $0 + (problem.line ?? 1) - 1 }
            var location = bundle.infoPlistLocation(pointer, line: line)
            location.column = problem.column
            location.excerpt = problem.excerpt
            return rule.finding(problem.message, at: location, identity: ordinal == 0 ? nil : String(ordinal), appleCodes: codes(problem))
        }
    }
}

extension ActivationRuleCheck {
    static func appleCodeKey(_ kind: ActivationRuleProblemKind) -> AppleCodeKey {
        switch kind {
        case .type: "wrong-type"
        case .value: "wrong-value"
        }
    }

    static func missing(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) has no NSExtensionActivationRule, so it never appears in the share sheet; describe what it accepts in NSExtensionAttributes"
    }

    static func alwaysTrue(_ bundle: InspectedBundle, literally: Bool) -> String {
        let what = literally ? "is TRUEPREDICATE" : "is always true (its literals alone make it true)"
        return "the activation rule of \(bundle.name) \(what): it offers the extension for everything, which App Review rejects; list the types it accepts"
    }

    static func neverMatches(_ bundle: InspectedBundle, _ reason: String) -> String {
        "the activation rule of \(bundle.name) accepts nothing: \(reason); the extension never appears"
    }
}
