import BundleCheckFormats
import BundleCheckModel

/// What of each bundle's seal a run compares: nothing unless the rule about bundles modified
/// after signing runs (hashing the code pages reads every executable whole); the resources
/// CodeResources lists only with `--verify-resources`.
struct SealWants {
    let isEmpty: Bool
    let comparesResources: Bool
    /// Where the bundles' loaders hand code pages to a worker with nothing left to load.
    var sharing: SharedWork?

    init(rules: [RuleDefinition], settings: InspectionSettings) {
        isEmpty = !rules.contains { rule in
            if case .builtIn(let name) = rule.implementation { return name == SignatureModifiedCheck.ruleID }
            return false
        }
        comparesResources = !isEmpty && settings.verifiesResources
    }

    /// The same, with code pages hashed by whichever of the loaders' workers is free.
    func sharingPages(through sharing: SharedWork) -> SealWants {
        var wants = self
        wants.sharing = sharing
        return wants
    }
}
