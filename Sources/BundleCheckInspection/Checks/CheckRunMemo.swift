import BundleCheckModel

/// What the checks of one run find once and share: several rules ask for the same files, and
/// reading them again for each would cost a pass over the listing and the parsing each time.
/// Checks run one after another, so the memo needs no lock.
final class CheckRunMemo {
    private var resourceBundles: [ResourceBundle]?
    private var secretSearch: SecretSearch.Result?

    /// `embedded-secret` and `possible-secret` share one search.
    func secretSearch(in context: CheckContext) -> SecretSearch.Result {
        if let secretSearch { return secretSearch }
        let search = SecretSearch.run(in: context)
        secretSearch = search
        return search
    }

    /// The search's redaction when a check ran it; none otherwise.
    var secretRedaction: SecretRedaction { secretSearch?.redaction ?? .none }

    func resourceBundles(in context: CheckContext) -> [ResourceBundle] {
        if let resourceBundles { return resourceBundles }
        let found = ResourceBundle.all(in: context)
        resourceBundles = found
        return found
    }
}
