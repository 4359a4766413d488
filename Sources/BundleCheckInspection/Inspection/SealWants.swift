import BundleCheckFormats
import BundleCheckModel

/// What of each bundle's seal a run compares: nothing unless a check that declares it runs
/// (`signature-modified`), since hashing the code pages reads every executable whole; the
/// resources CodeResources lists only with `--verify-resources`.
struct SealWants {
    let isEmpty: Bool
    let comparesResources: Bool
    /// Where the bundles' loaders hand code pages to a worker with nothing left to load.
    var sharing: SharedWork?

    /// What the checks of `rules` declare they read of the seals (`CheckReads.comparesSeals`).
    init(rules: [RuleDefinition], settings: InspectionSettings) {
        isEmpty = !CheckReads.declared(by: rules).comparesSeals
        comparesResources = !isEmpty && settings.verifiesResources
    }

    /// The same, with code pages hashed by whichever of the loaders' workers is free.
    func sharingPages(through sharing: SharedWork) -> SealWants {
        var wants = self
        wants.sharing = sharing
        return wants
    }
}
