/// What the checks of one run find once and share: several rules ask for the same files, and
/// reading them again for each would cost a pass over the listing and the parsing each time.
/// Checks run one after another, so the memo needs no lock.
final class CheckRunMemo {
    private var resourceBundles: [ResourceBundle]?

    func resourceBundles(in context: CheckContext) -> [ResourceBundle] {
        if let resourceBundles { return resourceBundles }
        let found = ResourceBundle.all(in: context)
        resourceBundles = found
        return found
    }
}
