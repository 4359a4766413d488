/// Rendition keys, facets and their bitmaps as CoreUI writes them: all little-endian, unlike
/// the BOM store around them.
///
/// A rendition key is one 16-bit value per attribute of `KEYFORMAT` (`tmfk`, a reserved 0, the
/// count, the attribute ids), in that order (`FixtureAssetCatalog.KeyFormat`); the `RENDITIONS`
/// tree is sorted by the keys' bytes (so by their low bytes first: identifier 38244, bytes 64 95, sorts before 36251,
/// bytes 9B 8D, as in the shorebird catalogue). A facet (a `FACETKEYS` value) is a hot spot
/// (two 16-bit zeros), a count and (attribute, value) pairs: element, part and identifier.
/// `BITMAPKEYS` has for each facet's identifier (its key a number, not a block) a 32-bit mask
/// per attribute of the values its renditions take.
enum AssetCatalogKeys {
    enum Attribute: UInt16, CaseIterable {
        case element = 1, part = 2, appearance = 7, dimension1 = 8, dimension2 = 9, state = 10, scale = 12, localization = 13
        case presentationState = 14, idiom = 15, subtype = 16, identifier = 17, previousValue = 18, previousState = 19, displayGamut = 24
    }

    /// The element of every facet and image rendition; 9 is that of the packed atlases.
    static let elementImage: UInt16 = 85
    static let elementPackedAsset: UInt16 = 9
    static let partImage: UInt16 = 181
    /// A layered image's flattened and radiosity images (the corpus's tvOS icon).
    static let partFlattenedImage: UInt16 = 208
    static let partRadiosityImage: UInt16 = 209
    static let partColor: UInt16 = 217
    static let partMultisizeImageSet: UInt16 = 218
    static let partIcon: UInt16 = 220
    /// An Icon Composer icon's facet and stacks, its groups, its gradients (Xcode 26's Mac catalogue).
    static let partIconStack: UInt16 = 245
    static let partIconGroup: UInt16 = 246
    static let partGradient: UInt16 = 247

    /// The identifiers actool gave these names in the corpus (the same `AppIcon` in Xcode 12.5's
    /// and 14.3's catalogues; the tvOS brand asset's in Xcode 15.2's): derived from the name by
    /// a hash not known here.
    static let knownIdentifiers: [String: UInt16] = [
        "AppIcon": 6849, "LaunchImage": 36251, "App Icon": 38162, "App Icon/Front/Content": 23331, "App Icon/Middle/Content": 21981,
        "Top Shelf Image": 29129, "Top Shelf Image Wide": 54774,
    ]

    /// An identifier for a set named `name`: actool's where known, else a 16-bit FNV-1a of the
    /// name's bytes (never 0, the packed atlases').
    static func identifier(for name: String) -> UInt16 {
        if let known = knownIdentifiers[name] { return known }
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let folded = UInt16(truncatingIfNeeded: hash >> 16 ^ hash)
        return folded == 0 ? 1 : folded
    }

    /// One rendition's attribute values.
    struct Key: Hashable {
        var values: [Attribute: UInt16]

        subscript(_ attribute: Attribute) -> UInt16 { values[attribute] ?? 0 }

        /// The key's bytes in `format`'s order.
        func bytes(_ format: [Attribute]) -> [UInt8] {
            format.flatMap { littleEndian16(self[$0]) }
        }

        /// The attributes of non-zero value that `format` has no room for.
        func missing(from format: [Attribute]) -> [Attribute] {
            values.filter { $0.value != 0 && !format.contains($0.key) }.map(\.key).sorted { $0.rawValue < $1.rawValue }
        }

        /// The non-zero attributes in ascending id order, each (id, value), then (0, 0): how an
        /// internal link (`INLK`) names the rendition holding its pixels.
        var linkBytes: [UInt8] {
            var bytes: [UInt8] = []
            for attribute in Attribute.allCases.sorted(by: { $0.rawValue < $1.rawValue }) where self[attribute] != 0 {
                bytes += littleEndian16(attribute.rawValue) + littleEndian16(self[attribute])
            }
            return bytes + [0, 0, 0, 0]
        }
    }

    /// `KEYFORMAT`'s block; `declaredCount` replaces the count (a hostile option).
    static func keyFormat(_ format: [Attribute], declaredCount: UInt32? = nil) -> [UInt8] {
        Array("tmfk".utf8) + littleEndian32(0) + littleEndian32(declaredCount ?? UInt32(format.count)) + format.flatMap { littleEndian32(UInt32($0.rawValue)) }
    }

    /// A facet: hot spot (0, 0), three attributes: element, part, identifier.
    static func facet(part: UInt16, identifier: UInt16) -> [UInt8] {
        [0, 0, 0, 0] + littleEndian16(3) + littleEndian16(Attribute.element.rawValue) + littleEndian16(elementImage)
            + littleEndian16(Attribute.part.rawValue) + littleEndian16(part) + littleEndian16(Attribute.identifier.rawValue) + littleEndian16(identifier)
    }

    /// A `BITMAPKEYS` value for the renditions of one facet: version 1, 0, the length of what
    /// follows, the attribute count, then per attribute of `format` the mask of its values:
    /// all ones for those that name rather than vary (element, part, identifier, appearance,
    /// and previousValue in the Mac's format, as Xcode 26 writes it), else bit `v` for each value
    /// `v` under 32. Subtype 1792 sets bit 16 in the shorebird catalogue (mask 0x00010001 with
    /// subtype 0); how CoreUI maps other large values is not known, so they do the same here,
    /// and any other large value sets every bit.
    static func bitmap(of keys: [Key], format: [Attribute]) -> [UInt8] {
        var bytes = littleEndian32(1) + littleEndian32(0) + littleEndian32(UInt32(4 + 4 * format.count)) + littleEndian32(UInt32(format.count))
        for attribute in format {
            var mask: UInt32 = 0
            switch attribute {
            case .element, .part, .identifier, .appearance, .previousValue:
                mask = 0xFFFF_FFFF
            default:
                for key in keys {
                    let value = key[attribute]
                    mask |= value < 32 ? 1 << UInt32(value) : attribute == .subtype ? 1 << 16 : 0xFFFF_FFFF
                }
            }
            bytes += littleEndian32(mask)
        }
        return bytes
    }

    static func littleEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    static func littleEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
