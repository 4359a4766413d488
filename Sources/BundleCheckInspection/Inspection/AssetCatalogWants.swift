import BundleCheckModel

/// Whether a run lists the apps' asset catalogs, and whether it decodes their App Store icons'
/// pixels: only when a rule that judges them runs, since a catalog can be hundreds of MiB.
struct AssetCatalogWants {
    /// The rules that read the listing.
    static let listingRules: Set<String> = [
        AssetCatalogMalformedCheck.ruleID, AppIconSetMissingCheck.ruleID, AppStoreIconMissingCheck.ruleID, AppStoreIconAlphaCheck.ruleID,
    ]

    let lists: Bool
    let decodesAppStoreIcon: Bool

    init(rules: [RuleDefinition]) {
        let running = Set(rules.compactMap { rule -> String? in
            if case .builtIn(let name) = rule.implementation { return name }
            return nil
        })
        lists = !running.isDisjoint(with: Self.listingRules)
        decodesAppStoreIcon = running.contains(AppStoreIconAlphaCheck.ruleID)
    }

    init(lists: Bool, decodesAppStoreIcon: Bool) {
        self.lists = lists
        self.decodesAppStoreIcon = decodesAppStoreIcon
    }
}
