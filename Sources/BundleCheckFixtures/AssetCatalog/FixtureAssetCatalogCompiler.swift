extension FixtureAssetCatalog {
    /// What the catalogue says compiled it: `CARHEADER`'s CoreUI version and creator strings and
    /// `EXTENDED_METADATA`'s authoring tool, as the corpus's catalogues of these Xcodes have them.
    public struct Compiler: Sendable, Hashable, Codable {
        /// CoreUI's version, `CARHEADER`'s first number (804 for Xcode 14.3, 866 for 15.2).
        public var coreUIVersion: UInt32
        /// `CoreUI-804.3`, in the header's `@(#)PROGRAM:CoreUI  PROJECT:…` string.
        public var coreUIProject: String
        /// `Xcode 14.3.1 (14E300c) via AssetCatalogSimulatorAgent`: the header's second string.
        public var creator: String
        /// `CoreThemeDefinition-556.2`, in `EXTENDED_METADATA`'s authoring-tool string.
        public var themeDefinitionProject: String

        public init(coreUIVersion: UInt32, coreUIProject: String, creator: String, themeDefinitionProject: String) {
            self.coreUIVersion = coreUIVersion
            self.coreUIProject = coreUIProject
            self.creator = creator
            self.themeDefinitionProject = themeDefinitionProject
        }

        /// The shorebird catalogue's (shorebird/flutter-base.ipa).
        public static let xcode14_3 = Compiler(
            coreUIVersion: 804, coreUIProject: "CoreUI-804.3", creator: "Xcode 14.3.1 (14E300c) via AssetCatalogSimulatorAgent",
            themeDefinitionProject: "CoreThemeDefinition-556.2")
        /// The tvOS catalogue's (app-info/apple-tv.ipa).
        public static let xcode15_2 = Compiler(
            coreUIVersion: 866, coreUIProject: "CoreUI-866.4", creator: "Xcode 15.2 (15C500b) via AssetCatalogSimulatorAgent",
            themeDefinitionProject: "CoreThemeDefinition-581")
    }
}
