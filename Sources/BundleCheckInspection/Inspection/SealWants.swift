import BundleCheckModel

/// What of each bundle's seal a run compares: nothing unless the rule about bundles modified
/// after signing runs (hashing the code pages reads every executable whole); the resources
/// CodeResources lists only with `--verify-resources`.
struct SealWants {
    let isEmpty: Bool
    let comparesResources: Bool

    init(rules: [RuleDefinition], settings: InspectionSettings) {
        isEmpty = !rules.contains { rule in
            if case .builtIn(let name) = rule.implementation { return name == SignatureModifiedCheck.ruleID }
            return false
        }
        comparesResources = !isEmpty && settings.verifiesResources
    }
}
