/// The device family a rendition is for: the value of its `idiom` attribute.
///
/// 0...6 as xcbuild's libcar, carutil and iineva/bom give them and the corpus shows (phone and
/// pad icons, the App Store's 1024-pixel icon as marketing, tvOS images as tv); mac (7) and
/// vision (8) follow CoreUI's later numbering and are not in the corpus (the macOS catalog's key
/// format has no idiom). Other values are kept as they are.
package struct CARIdiom: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt16

    package init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    package static let universal = CARIdiom(rawValue: 0)
    package static let phone = CARIdiom(rawValue: 1)
    package static let pad = CARIdiom(rawValue: 2)
    package static let tv = CARIdiom(rawValue: 3)
    package static let car = CARIdiom(rawValue: 4)
    package static let watch = CARIdiom(rawValue: 5)
    /// The App Store's icon (`ios-marketing` in an icon set's Contents.json).
    package static let marketing = CARIdiom(rawValue: 6)
    package static let mac = CARIdiom(rawValue: 7)
    package static let vision = CARIdiom(rawValue: 8)

    static let names = ["universal", "phone", "pad", "tv", "car", "watch", "marketing", "mac", "vision"]

    package var description: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "idiom \(rawValue)" }
}
