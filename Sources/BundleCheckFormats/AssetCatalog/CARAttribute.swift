/// One attribute of a rendition key (CoreUI's "theme attribute"): which property of an asset a
/// 16-bit key value says, by the id the key format (`KEYFORMAT`) and facets list it under.
///
/// The ids and names follow xcbuild's libcar, vaguilar/carutil and iineva/bom, which agree on
/// 1...25; 0, 5, 7, 13 and 26...27 come from carutil's and timac.org's lists. The corpus's
/// catalogs use element, part, appearance, dimension 1 and 2, state, value, scale, idiom,
/// subtype, identifier, size classes, memory and graphics class. An id not named here is kept
/// as it is.
package struct CARAttribute: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    package let rawValue: UInt16

    package init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    package static let look = CARAttribute(rawValue: 0)
    /// 85 for an asset of a catalog, 9 for the atlases `actool` packs small images into.
    package static let element = CARAttribute(rawValue: 1)
    /// 181 an image, 220 an app icon's image, 218 an app icon's size list, 217 a colour, 208 and
    /// 209 a tvOS layered image's flattened and radiosity images.
    package static let part = CARAttribute(rawValue: 2)
    package static let size = CARAttribute(rawValue: 3)
    package static let direction = CARAttribute(rawValue: 4)
    package static let placeholder = CARAttribute(rawValue: 5)
    package static let value = CARAttribute(rawValue: 6)
    /// 0 any, 1 dark (the names are in `APPEARANCEKEYS`).
    package static let appearance = CARAttribute(rawValue: 7)
    /// For atlases, which of several of one scale and idiom.
    package static let dimension1 = CARAttribute(rawValue: 8)
    /// For app icons, the index of the icon's size in its multisize image set.
    package static let dimension2 = CARAttribute(rawValue: 9)
    package static let state = CARAttribute(rawValue: 10)
    package static let layer = CARAttribute(rawValue: 11)
    /// 1, 2, 3 for @1x, @2x, @3x; 0 for a vector (PDF) original.
    package static let scale = CARAttribute(rawValue: 12)
    package static let localization = CARAttribute(rawValue: 13)
    package static let presentationState = CARAttribute(rawValue: 14)
    /// The device family, `CARIdiom`.
    package static let idiom = CARAttribute(rawValue: 15)
    /// A device class within an idiom; in the corpus 1792 (iPhone screens 1792 pixels high).
    package static let subtype = CARAttribute(rawValue: 16)
    /// The asset's name, by number: the value a facet (`FACETKEYS`) gives its renditions.
    package static let identifier = CARAttribute(rawValue: 17)
    package static let previousValue = CARAttribute(rawValue: 18)
    package static let previousState = CARAttribute(rawValue: 19)
    package static let sizeClassHorizontal = CARAttribute(rawValue: 20)
    package static let sizeClassVertical = CARAttribute(rawValue: 21)
    package static let memoryClass = CARAttribute(rawValue: 22)
    package static let graphicsClass = CARAttribute(rawValue: 23)
    package static let displayGamut = CARAttribute(rawValue: 24)
    package static let deploymentTarget = CARAttribute(rawValue: 25)
    package static let glyphWeight = CARAttribute(rawValue: 26)
    package static let glyphSize = CARAttribute(rawValue: 27)

    static let names: [UInt16: String] = [
        0: "look", 1: "element", 2: "part", 3: "size", 4: "direction", 5: "placeholder", 6: "value", 7: "appearance",
        8: "dimension1", 9: "dimension2", 10: "state", 11: "layer", 12: "scale", 13: "localization", 14: "presentationState",
        15: "idiom", 16: "subtype", 17: "identifier", 18: "previousValue", 19: "previousState", 20: "sizeClassHorizontal",
        21: "sizeClassVertical", 22: "memoryClass", 23: "graphicsClass", 24: "displayGamut", 25: "deploymentTarget",
        26: "glyphWeight", 27: "glyphSize",
    ]

    /// The attribute's name, or `attribute N` for an id not known.
    package var description: String { Self.names[rawValue] ?? "attribute \(rawValue)" }

    package static func < (lhs: CARAttribute, rhs: CARAttribute) -> Bool { lhs.rawValue < rhs.rawValue }
}
