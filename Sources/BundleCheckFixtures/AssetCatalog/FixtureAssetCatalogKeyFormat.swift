extension FixtureAssetCatalog {
    /// Which attributes a rendition key holds, in order (`KEYFORMAT`): actool picks them for
    /// what the catalogue holds and the platform, so each is named after the corpus catalogue
    /// it copies. A rendition whose key needs an attribute its catalogue's format lacks (an
    /// appearance in the Xcode 14.3 format, an idiom in the Mac's) cannot be written.
    public enum KeyFormat: String, Sendable, Hashable, Codable, CaseIterable {
        /// The shorebird catalogue's (Xcode 14.3, iOS): scale, idiom, subtype, dimension2 (an
        /// icon's size index), dimension1 (a packed atlas's number), identifier, element, part.
        case xcode14_3
        /// The single-size catalogue's (sentry-cli's single-size-icon.ipa, Xcode 16.4, iOS):
        /// appearance, localization, scale, idiom, subtype, dimension2, displayGamut,
        /// identifier, element, part. No dimension1: its one atlas of a group is number 0.
        case xcode16_4
        /// The Icon Composer catalogue's (Xcode 26.0, macOS): appearance, element, part,
        /// identifier, dimension2, state, presentationState, scale, previousState, previousValue.
        /// No idiom and no subtype, as a Mac catalogue has neither.
        case xcode26Mac

        var attributes: [AssetCatalogKeys.Attribute] {
            switch self {
            case .xcode14_3: [.scale, .idiom, .subtype, .dimension2, .dimension1, .identifier, .element, .part]
            case .xcode16_4: [.appearance, .localization, .scale, .idiom, .subtype, .dimension2, .displayGamut, .identifier, .element, .part]
            case .xcode26Mac: [.appearance, .element, .part, .identifier, .dimension2, .state, .presentationState, .scale, .previousState, .previousValue]
            }
        }
    }
}
