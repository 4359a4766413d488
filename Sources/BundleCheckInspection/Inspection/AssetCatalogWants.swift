import BundleCheckModel

/// Whether a run lists the apps' asset catalogs, and which images' pixels it decodes (the App
/// Store icon's, the tvOS top-shelf images'): only when a rule that judges them runs, since a
/// catalog can be hundreds of MiB.
struct AssetCatalogWants {
    /// The rules that read the listing.
    static let listingRules: Set<String> = [
        AssetCatalogMalformedCheck.ruleID, AppIconSetMissingCheck.ruleID, AppStoreIconMissingCheck.ruleID, AppStoreIconAlphaCheck.ruleID,
        TopShelfImageMissingCheck.ruleID, TopShelfImageAlphaCheck.ruleID, VisionIconLayersCheck.ruleID, AlternateIconMissingCheck.ruleID,
        MacAppIconCheck.ruleID,
    ]

    let lists: Bool
    let decodesAppStoreIcon: Bool
    let decodesTopShelfImages: Bool

    init(rules: [RuleDefinition]) {
        let running = Set(rules.compactMap { rule -> String? in
            if case .builtIn(let name) = rule.implementation { return name }
            return nil
        })
        lists = !running.isDisjoint(with: Self.listingRules)
        decodesAppStoreIcon = running.contains(AppStoreIconAlphaCheck.ruleID)
        decodesTopShelfImages = running.contains(TopShelfImageAlphaCheck.ruleID)
    }

    init(lists: Bool, decodesAppStoreIcon: Bool, decodesTopShelfImages: Bool = false) {
        self.lists = lists
        self.decodesAppStoreIcon = decodesAppStoreIcon
        self.decodesTopShelfImages = decodesTopShelfImages
    }
}
