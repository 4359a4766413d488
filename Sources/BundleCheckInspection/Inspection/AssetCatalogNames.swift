import BundleCheckFormats
import BundleCheckModel

/// What an app's Info.plist names in its asset catalog: the icon set, the tvOS top-shelf
/// images, and the alternate icons. The loader keeps these facets' renditions when it lists
/// the catalog, and the icon rules ask whether the catalog holds them.
struct AssetCatalogNames {
    /// The icon set and where the Info.plist gives it.
    let iconSet: (name: String, pointer: JSONPointer)?
    /// `TVTopShelfImage`'s names, by key (`TVTopShelfPrimaryImage`).
    let topShelfImages: [(key: String, name: String)]
    /// `CFBundleAlternateIcons` entries that name a set (`CFBundleIconName`), per icons key.
    let alternateIcons: [(iconsKey: String, entry: String, iconSet: String)]

    /// The dictionaries whose `CFBundleAlternateIcons` an app may fill (Apple's Information
    /// Property List reference: `CFBundleIcons`, and `CFBundleIcons~ipad` for iPad).
    static let iconsKeys = ["CFBundleIcons", "CFBundleIcons~ipad"]

    init(of bundle: InspectedBundle) {
        iconSet = Self.namedIconSetPlace(of: bundle)
        topShelfImages = TopShelfImages.shipped.named(by: bundle)
        var alternates: [(String, String, String)] = []
        for key in Self.iconsKeys {
            for pair in bundle.infoPlist?.value(at: JSONPointer(key, "CFBundleAlternateIcons"))?.dictionaryValue?.entries ?? [] {
                guard let name = pair.value.dictionaryValue?["CFBundleIconName"]?.stringValue, !name.isEmpty else { continue }
                alternates.append((key, pair.key, name))
            }
        }
        alternateIcons = alternates
    }

    /// Every facet named, for the listing to keep.
    var facetNames: Set<String> {
        Set([iconSet?.name].compactMap { $0 } + topShelfImages.map(\.name) + alternateIcons.map(\.iconSet))
    }

    /// The icon set: the first string at one of its platform's places (`app-icon-sizes.yml`);
    /// where the table names none, the places any platform's Xcode writes it, the iOS one
    /// (watchOS and visionOS apps have it there) or `CFBundleIconName` (the Mac's).
    static func namedIconSetPlace(of bundle: InspectedBundle) -> (name: String, pointer: JSONPointer)? {
        let pointers =
            AppIconSizes.shipped.platforms[bundle.platform.platform.id]?.iconNamePointers
            ?? [JSONPointer("CFBundleIcons", "CFBundlePrimaryIcon", "CFBundleIconName"), JSONPointer("CFBundleIconName")]
        for pointer in pointers {
            if let name = bundle.infoPlist?.value(at: pointer)?.stringValue, !name.isEmpty { return (name, pointer) }
        }
        return nil
    }
}
