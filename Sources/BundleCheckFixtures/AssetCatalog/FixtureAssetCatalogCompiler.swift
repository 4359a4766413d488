extension FixtureAssetCatalog {
    /// What the catalogue says compiled it, and the habits of that actool the file shows:
    /// `CARHEADER`'s CoreUI version, version strings and key semantics, `EXTENDED_METADATA`'s
    /// authoring tool, how icon sizes are numbered and how chunked pixels are marked, as the
    /// corpus's catalogues of these Xcodes have them.
    public struct Compiler: Sendable, Hashable, Codable {
        /// CoreUI's version, `CARHEADER`'s first number (804 for Xcode 14.3, 866 for 15.2).
        public var coreUIVersion: UInt32
        /// `CARHEADER`'s first string, whole: `@(#)PROGRAM:CoreUI  PROJECT:CoreUI-804.3` and a
        /// newline up to Xcode 16, without one in Xcode 26.
        public var mainVersion: String
        /// `Xcode 14.3.1 (14E300c) via AssetCatalogSimulatorAgent`: the header's second string.
        public var creator: String
        /// `EXTENDED_METADATA`'s last string, whole (`@(#)PROGRAM:CoreThemeDefinition  PROJECT:…`,
        /// a newline at its end up to Xcode 15, none since).
        public var authoringTool: String
        /// `CARHEADER`'s last number: 2 in the iOS catalogues, 1 in Xcode 26's Mac one.
        public var keySemantics: UInt32
        /// The size index (`dimension2`) of an icon set's smallest size: the shorebird
        /// catalogue (Xcode 14.3) numbers its sizes from 0; Xcode 16.4's single-size set gives
        /// its one size 1, and Xcode 26's Mac icon its seven sizes 1 to 7.
        public var firstSizeIndex: UInt16
        /// The `CELM` version of chunked pixels: 3 up to Xcode 16.4, 1 in Xcode 26.
        public var chunkedPixelsVersion: UInt32

        public init(
            coreUIVersion: UInt32, mainVersion: String, creator: String, authoringTool: String, keySemantics: UInt32 = 2, firstSizeIndex: UInt16 = 0,
            chunkedPixelsVersion: UInt32 = 3
        ) {
            self.coreUIVersion = coreUIVersion
            self.mainVersion = mainVersion
            self.creator = creator
            self.authoringTool = authoringTool
            self.keySemantics = keySemantics
            self.firstSizeIndex = firstSizeIndex
            self.chunkedPixelsVersion = chunkedPixelsVersion
        }

        /// The shorebird catalogue's (shorebird/flutter-base.ipa).
        public static let xcode14_3 = Compiler(
            coreUIVersion: 804, mainVersion: "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-804.3\n", creator: "Xcode 14.3.1 (14E300c) via AssetCatalogSimulatorAgent",
            authoringTool: "@(#)PROGRAM:CoreThemeDefinition  PROJECT:CoreThemeDefinition-556.2\n")
        /// The tvOS catalogue's (app-info/apple-tv.ipa).
        public static let xcode15_2 = Compiler(
            coreUIVersion: 866, mainVersion: "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-866.4\n", creator: "Xcode 15.2 (15C500b) via AssetCatalogSimulatorAgent",
            authoringTool: "@(#)PROGRAM:CoreThemeDefinition  PROJECT:CoreThemeDefinition-581\n")
        /// The single-size catalogue's (sentry-cli/single-size-icon.ipa), with its key format
        /// `KeyFormat.xcode16_4`. Its `EXTENDED_METADATA` records that it was thinned for one
        /// device (`carutil 918.300000, thinned <mode app> <idiom 1> …`); what actool itself
        /// writes there, and what the writer writes, is no thinning (an empty string).
        public static let xcode16_4 = Compiler(
            coreUIVersion: 918, mainVersion: "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-918.3\n", creator: "Xcode 16.4 (16F6) via AssetCatalogSimulatorAgent",
            authoringTool: "@(#)PROGRAM:CoreThemeDefinition  PROJECT:CoreThemeDefinition-611  [IIO-2661.5.2]", firstSizeIndex: 1)
        /// The Icon Composer catalogue's (Xcode 26.0 for macOS, icon-composer/Assets.car), with
        /// its key format `KeyFormat.xcode26Mac`.
        public static let xcode26_0 = Compiler(
            coreUIVersion: 968, mainVersion: "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-968 [LAR]",
            creator: "Xcode 26.0 (17A5295f) via AssetCatalogAgent-AssetRuntime",
            authoringTool: "@(#)PROGRAM:CoreThemeDefinition  PROJECT:CoreThemeDefinition-651 [LAR] [IIO-2772.0.1][LAR] AppleJPEG[1][32]  CMPhoto[1][173]]",
            keySemantics: 1, firstSizeIndex: 1, chunkedPixelsVersion: 1)
    }
}
