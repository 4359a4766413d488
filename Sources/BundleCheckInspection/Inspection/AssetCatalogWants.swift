import BundleCheckModel

/// Whether a run lists the apps' asset catalogs, and which images' pixels it decodes (the App
/// Store icon's, the tvOS top-shelf images'): only when a rule that judges them runs, since a
/// catalog can be hundreds of MiB.
struct AssetCatalogWants {
    /// The rules whose checks read the listing (`CheckReads`), for tests that look at them all.
    static var listingRules: Set<String> {
        Set(BuiltInCheck.registry.filter(\.reads.readsAssetCatalogs).map(\.id))
    }

    let lists: Bool
    let decodesAppStoreIcon: Bool
    let decodesTopShelfImages: Bool
    /// The named set's dark and tinted images, drawn by the HTML report alone, with the App
    /// Store icon's (`InspectionSettings.picturesIconVariants`).
    let decodesIconVariants: Bool

    /// What the checks of `rules` declare they read of the catalogs; the icon's variants when
    /// `picturesIconVariants` (the HTML report is asked for) and the App Store icon is decoded.
    init(rules: [RuleDefinition], picturesIconVariants: Bool = false) {
        let reads = CheckReads.declared(by: rules)
        lists = reads.listsAssetCatalogs
        decodesAppStoreIcon = reads.decodesAppStoreIcon
        decodesTopShelfImages = reads.decodesTopShelfImages
        decodesIconVariants = picturesIconVariants && reads.decodesAppStoreIcon
    }

    init(lists: Bool, decodesAppStoreIcon: Bool, decodesTopShelfImages: Bool = false, decodesIconVariants: Bool = false) {
        self.lists = lists
        self.decodesAppStoreIcon = decodesAppStoreIcon
        self.decodesTopShelfImages = decodesTopShelfImages
        self.decodesIconVariants = decodesIconVariants
    }
}
