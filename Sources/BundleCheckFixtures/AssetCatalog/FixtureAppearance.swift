/// An appearance of a fixture catalogue: a name of `APPEARANCEKEYS` and the number a
/// rendition's key gives it (its `appearance` attribute).
///
/// The names and numbers are those of the corpus's catalogues: iOS's `UIAppearanceAny` 0 (the
/// shorebird, tvOS and single-size catalogues) and `UIAppearanceDark` 1 (listed, unused, in the
/// tvOS one); the Mac's Icon Composer catalogue (Xcode 26) names 0 `NSAppearanceNameSystem`, 1
/// `NSAppearanceNameDarkAqua`, 8 `NSAppearanceNameAqua` and 10 `ISAppearanceTintable`. That an
/// iOS set's tinted icon is also 10, `ISAppearanceTintable`, is a guess: no iOS catalogue with
/// a dark or tinted icon is in the corpus.
public struct FixtureAppearance: Sendable, Hashable, Codable {
    public var name: String
    public var id: UInt16

    public init(name: String, id: UInt16) {
        self.name = name
        self.id = id
    }

    /// The name without its framework's prefix: `Dark`, `Tintable`, `Aqua`.
    var shortName: String {
        for prefix in ["NSAppearanceName", "UIAppearance", "ISAppearance"] where name.hasPrefix(prefix) && name.count > prefix.count {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }

    /// iOS's default appearance, what a rendition without one has.
    public static let any = FixtureAppearance(name: "UIAppearanceAny", id: 0)
    public static let dark = FixtureAppearance(name: "UIAppearanceDark", id: 1)
    /// iOS 18's tinted icon (a guess, see the type's notes).
    public static let tinted = FixtureAppearance(name: "ISAppearanceTintable", id: 10)

    /// The Mac's default appearance, what the fallback images of an Icon Composer icon have.
    public static let macSystem = FixtureAppearance(name: "NSAppearanceNameSystem", id: 0)
    public static let macDark = FixtureAppearance(name: "NSAppearanceNameDarkAqua", id: 1)
    public static let macLight = FixtureAppearance(name: "NSAppearanceNameAqua", id: 8)
    public static let macTinted = FixtureAppearance(name: "ISAppearanceTintable", id: 10)
}
