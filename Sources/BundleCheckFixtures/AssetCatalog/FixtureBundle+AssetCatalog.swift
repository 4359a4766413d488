extension FixtureBundle {
    /// The same bundle with its `Assets.car` (where `app` puts it, or `Resources/Assets.car` on
    /// the Mac) holding `catalog` instead of the default (`FixtureBundle.assetCatalogue`);
    /// a bundle without one gets it at `path`.
    public func withAssetCatalog(_ catalog: FixtureAssetCatalog, path: String? = nil) throws(AssetCatalogWriterError) -> FixtureBundle {
        let bytes = try catalog.bytes()
        var copy = self
        let place =
            path ?? files.first { $0.path == "Assets.car" || $0.path == "Resources/Assets.car" }?.path
            ?? (platform.os.isMac ? "Resources/Assets.car" : "Assets.car")
        if let index = copy.files.firstIndex(where: { $0.path == place }) {
            copy.files[index].contents = bytes
            return copy
        }
        return copy.adding(file: place, contents: bytes)
    }
}

extension FixtureBundle {
    /// The same Mac app (`built(for: .macOS)`) with its icon made in Icon Composer, as Xcode 26
    /// builds it: `Resources/Assets.car` holding `catalog`, the partial `Resources/AppIcon.icns`
    /// actool writes beside it (`ICNSWriter.actoolPartial`), `CFBundleIconFile` and
    /// `CFBundleIconName` AppIcon, as the corpus's `actool.plist` gives them.
    public func withIconComposerIcon(_ catalog: FixtureAssetCatalog = .iconComposer()) throws(AssetCatalogWriterError) -> FixtureBundle {
        var copy = try withAssetCatalog(catalog)
        copy.files.removeAll { $0.path == "Resources/AppIcon.icns" }
        return copy.adding(file: "Resources/AppIcon.icns", contents: ICNSWriter.actoolPartial())
            .setting("CFBundleIconFile", to: .string("AppIcon"))
            .setting("CFBundleIconName", to: .string("AppIcon"))
    }
}
