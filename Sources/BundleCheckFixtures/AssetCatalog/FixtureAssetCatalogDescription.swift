import BundleCheckFormats

/// A rule example's compiled asset catalogue, as its `files` entry describes it:
///
/// ```yaml
/// - path: Assets.car
///   asset-catalog:
///     icon-sets:                      # default: one single-size AppIcon, opaque, as Xcode 16.4
///                                     # compiles it for an iPhone app (none when brand-asset or
///                                     # layered-icon is given)
///       - name: AppIcon
///         kind: all-sizes             # single-size (the default, Xcode 14 and later: a 1024×1024
///                                     # icon and a size list per idiom, FixtureIconSet.singleSize),
///                                     # single-size-universal (the writer's old guess: one
///                                     # universal image), all-sizes, watch-all-sizes (a watch
///                                     # app's), mac-all-sizes (16 to 512 points at 1x and 2x), or
///                                     # icon-composer (a Mac app's Icon Composer icon as Xcode 26
///                                     # compiles it: stacks, group, fallbacks; FixtureIconSet.iconComposerMac),
///                                     # or ios-icon-composer (an iOS app's, in the Mac's structure:
///                                     # no real file confirms it; FixtureIconSet.iconComposerIOS)
///         idioms: [phone, pad]        # single-size, ios-icon-composer: phone (the default), pad, or both
///         appearances: [dark, tinted] # single-size: variants beside the any icon (default none)
///         variant-pixels: transparent # single-size: the variants' pixels, as app-store-icon's
///                                     # (default flat; a dark icon may well be transparent)
///         fallbacks: without-1024     # icon-composer: all (the default), without-1024: no
///                                     # 1024- and 2048-pixel fallbacks (512 and 1024 points @2x),
///                                     # or none: the stacks alone; ios-icon-composer: all or none
///         app-store-icon: translucent # opaque, flat, transparent, transparent-pixel, translucent,
///                                     # absent: the 1024-pixel icon's pixels (single-size: the
///                                     # any-appearance icons'; absent keeps the dark and tinted
///                                     # ones; icon-composer and mac-all-sizes: the 512@2x image's)
///     brand-asset:                    # tvOS's "App Icon & Top Shelf Image" (FixtureBrandAsset)
///       name: App Icon                # the default
///       layers: 3                     # 2 to 5, the default 3
///       layer-format: jpeg            # or argb (slow at these sizes)
///       app-store-icon: opaque        # the flattened 1280×768 App Store image's pixels, folded
///                                     # into the icon as idiom marketing: opaque (the default,
///                                     # flat pixels), flat, transparent, transparent-pixel,
///                                     # translucent; or absent, or separate (its own facet
///                                     # `App Icon - App Store`, ITMS-90471's mistake)
///       top-shelf: {name: Top Shelf Image, format: jpeg, pixels: opaque, scales: [1, 2], size: [1920, 720]}
///                                     # each optional (those the defaults); absent: none
///       top-shelf-wide: {format: argb, pixels: transparent-pixel}   # the default name
///                                     # Top Shelf Image Wide, size [2320, 720]; absent: none
///     layered-icon:                   # visionOS's (FixtureLayeredIcon)
///       name: AppIcon                 # the default
///       layers: 3                     # 1 to 3, the default 3
///       layer-format: jpeg            # or argb
///       back-layer-scale: 2           # the default; 1; 0 for none in its Contents.json
///       back-layer-pixels: 1024       # the default; 512 is @1x art
///     layout: index-after-first-blocks  # or index-at-end (the default)
///     hostile: [truncated, tree-cycle, wide-tree-node, lying-dimensions, key-format-count, short-pixel-payload]
/// ```
///
/// `size` is the @1x image's: the @2x one is twice it. A JPEG has no alpha channel, so a
/// `jpeg` top-shelf image's pixels are `opaque` (or `flat`). The catalogue's platform
/// (`EXTENDED_METADATA`) is `atv` with a brand asset, `xros` with a layered icon, `watchos`
/// with a watch set, `macosx` with an icon-composer set, else `ios`. A catalogue with an
/// icon-composer set is written as Xcode 26 writes the Mac's (`FixtureAssetCatalog.iconComposer`:
/// its other sets can only be mac-all-sizes), one with an ios-icon-composer set as
/// `FixtureAssetCatalog.iconComposerIOS` (its other sets can only be ios-icon-composer or
/// single-size), one with a single-size set as Xcode 16.4 does
/// (`Compiler.xcode16_4`, `KeyFormat.xcode16_4`), the others as before (Xcode 15.2's header,
/// Xcode 14.3's keys).
///
/// A Mac app carries the partial `AppIcon.icns` actool writes beside an Icon Composer icon
/// with its bundle's `files: [{path: Resources/AppIcon.icns, icns: actool-partial}]` and
/// `plist: {CFBundleIconFile: AppIcon}` (`built(for: .macOS)` sets `CFBundleIconName` AppIcon;
/// `FixtureBundle.withIconComposerIcon` does all three in Swift).
extension FixtureAssetCatalog {
    static func described(_ node: YAMLNode) throws -> FixtureAssetCatalog {
        let fields = try FixtureDescription.mapping(node, allowed: ["icon-sets", "brand-asset", "layered-icon", "layout", "hostile"])
        let brandAsset = try fields["brand-asset"].map(brandAsset)
        let layeredIcon = try fields["layered-icon"].map(layeredIcon)
        var sets: [FixtureIconSet] = brandAsset == nil && layeredIcon == nil ? [.singleSize()] : []
        var kinds: Set<String> = brandAsset == nil && layeredIcon == nil ? ["single-size"] : []
        var platform: FixturePlatform.OS = brandAsset != nil ? .tvOS : layeredIcon != nil ? .visionOS : .iOS
        if let list = fields["icon-sets"] {
            guard let items = list.sequence else { throw FixtureDescription.Problem(line: list.line, message: "'icon-sets' must be a list") }
            sets = []
            kinds = []
            for item in items {
                let (set, kind) = try iconSet(item)
                sets.append(set)
                kinds.insert(kind)
                if kind == "watch-all-sizes", platform == .iOS { platform = .watchOS }
            }
            if kinds.contains("ios-icon-composer") {
                guard kinds.isSubset(of: ["ios-icon-composer", "single-size"]), brandAsset == nil, layeredIcon == nil else {
                    throw FixtureDescription.Problem(
                        line: list.line, message: "an ios-icon-composer set is an iOS catalogue's: its other sets can only be ios-icon-composer or single-size")
                }
            }
            if kinds.contains("icon-composer") {
                guard kinds.isSubset(of: ["icon-composer", "mac-all-sizes"]), brandAsset == nil, layeredIcon == nil else {
                    throw FixtureDescription.Problem(
                        line: list.line, message: "an icon-composer set is a Mac catalogue's: its other sets can only be mac-all-sizes")
                }
            }
        }
        var catalog = FixtureAssetCatalog(
            iconSets: sets, brandAssets: brandAsset.map { [$0] } ?? [], layeredIcons: layeredIcon.map { [$0] } ?? [],
            deploymentPlatform: deploymentPlatform(for: platform))
        if kinds.contains("icon-composer") {
            var mac = FixtureAssetCatalog.iconComposer()
            // The Mac names appearance 0 NSAppearanceNameSystem, a mac-all-sizes set's too.
            mac.iconSets = sets.map { set in
                var set = set
                for index in set.renditions.indices where set.renditions[index].appearance.id == 0 { set.renditions[index].appearance = .macSystem }
                return set
            }
            catalog = mac
        } else if kinds.contains("ios-icon-composer") {
            catalog = FixtureAssetCatalog.iconComposerIOS(sets)
        } else if kinds.contains("single-size") {
            catalog.compiler = .xcode16_4
            catalog.keyFormat = .xcode16_4
        }
        if let layout = fields["layout"] {
            switch try FixtureDescription.scalar(layout) {
            case "index-at-end": catalog.layout = .indexAtEnd
            case "index-after-first-blocks": catalog.layout = .indexAfterFirstBlocks
            default: throw FixtureDescription.Problem(line: layout.line, message: "layout is index-at-end or index-after-first-blocks")
            }
        }
        if let hostile = fields["hostile"] {
            for item in hostile.sequence ?? [hostile] {
                catalog.hostile.append(try damage(item))
            }
        }
        return catalog
    }

    private static let kinds = ["single-size", "single-size-universal", "all-sizes", "watch-all-sizes", "mac-all-sizes", "icon-composer", "ios-icon-composer"]

    /// The set and its kind.
    private static func iconSet(_ node: YAMLNode) throws -> (FixtureIconSet, kind: String) {
        let fields = try FixtureDescription.mapping(node, allowed: ["name", "kind", "app-store-icon", "idioms", "appearances", "variant-pixels", "fallbacks"])
        let name = try fields["name"].map(FixtureDescription.scalar) ?? "AppIcon"
        var pixels: FixtureIconRendition.Pixels = .opaque
        var absent = false
        if let icon = fields["app-store-icon"] {
            if try FixtureDescription.scalar(icon) == "absent" {
                absent = true
            } else {
                pixels = try Self.pixels(icon, field: "app-store-icon", more: ["absent"])
            }
        }
        let kind = try fields["kind"].map(FixtureDescription.scalar) ?? "single-size"
        guard kinds.contains(kind) else {
            throw FixtureDescription.Problem(line: fields["kind"]?.line ?? node.line, message: "kind is \(listed(kinds))")
        }
        let owners = [
            ("idioms", ["single-size", "ios-icon-composer"]), ("appearances", ["single-size"]), ("variant-pixels", ["single-size"]),
            ("fallbacks", ["icon-composer", "ios-icon-composer"]),
        ]
        for (field, kindsOwning) in owners where fields[field] != nil && !kindsOwning.contains(kind) {
            throw FixtureDescription.Problem(line: fields[field]!.line, message: "\(field) is a field of \(kindsOwning.joined(separator: " and ")) sets only")
        }
        let idioms = try fields["idioms"].map { try words($0, field: "idioms", from: ["phone": FixtureIconRendition.Idiom.phone, "pad": .pad]) } ?? [.phone]
        var set: FixtureIconSet
        switch kind {
        case "single-size":
            let appearances =
                try fields["appearances"].map { try words($0, field: "appearances", from: ["dark": FixtureAppearance.dark, "tinted": .tinted]) } ?? []
            let variantPixels = try fields["variant-pixels"].map { try Self.pixels($0, field: "variant-pixels") } ?? .flat
            // Absent: no any-appearance icon, the dark and tinted ones kept.
            return (.singleSize(name, idioms: idioms, appearances: appearances, pixels: absent ? nil : pixels, variantPixels: variantPixels), kind)
        case "single-size-universal": set = .singleSizeUniversal(name, pixels: pixels)
        case "all-sizes": set = .allSizes(name, pixels: pixels)
        case "watch-all-sizes": set = .watchAllSizes(name, pixels: pixels)
        case "mac-all-sizes": set = .macAllSizes(name, pixels: pixels)
        case "ios-icon-composer":
            let fallbacks = try fields["fallbacks"].map { try Self.fallbacks($0, from: ["all": .all, "none": .none]) } ?? .all
            set = .iconComposerIOS(name, idioms: idioms, fallbacks: fallbacks, pixels: pixels)
        default:
            let fallbacks = try fields["fallbacks"].map { try Self.fallbacks($0, from: ["all": .all, "without-1024": .without1024, "none": .none]) } ?? .all
            set = .iconComposerMac(name, fallbacks: fallbacks, pixels: pixels)
        }
        if absent {
            // The set without its 1024-pixel image: what ITMS-90704 is about (a Mac set's 512@2x).
            set.renditions.removeAll { $0.pixelWidth == 1024 }
        }
        return (set, kind)
    }

    /// An Icon Composer set's `fallbacks`: one of the words of `table` (the Mac's sets may also
    /// lack their 1024-pixel ones; no iOS shape of that is known).
    private static func fallbacks(
        _ node: YAMLNode, from table: KeyValuePairs<String, FixtureIconSet.IconComposerFallbacks>
    ) throws -> FixtureIconSet.IconComposerFallbacks {
        let word = try FixtureDescription.scalar(node)
        guard let fallbacks = table.first(where: { $0.key == word })?.value else {
            throw FixtureDescription.Problem(line: node.line, message: "fallbacks is \(listed(table.map(\.key)))")
        }
        return fallbacks
    }

    /// A list of the words of `table`, each once, in the order given.
    private static func words<Value>(_ node: YAMLNode, field: String, from table: KeyValuePairs<String, Value>) throws -> [Value] {
        let names = table.map(\.key)
        func problem() -> FixtureDescription.Problem {
            FixtureDescription.Problem(line: node.line, message: "\(field) lists \(listed(names)), each once")
        }
        guard let items = node.sequence, !items.isEmpty else { throw problem() }
        var seen: Set<String> = []
        return try items.map { item in
            let word = try FixtureDescription.scalar(item)
            guard let value = table.first(where: { $0.key == word })?.value, seen.insert(word).inserted else { throw problem() }
            return value
        }
    }

    /// `opaque`, `flat`, `transparent`, `transparent-pixel` (the pixel at 0, 0), `translucent`
    /// (alpha 200); the error names `more`, the other words the field takes.
    private static func pixels(_ node: YAMLNode, field: String, more: [String] = [], words: [String] = pixelWords) throws -> FixtureIconRendition.Pixels {
        let word = try FixtureDescription.scalar(node)
        let pixels: [String: FixtureIconRendition.Pixels] = [
            "opaque": .opaque, "flat": .flat, "transparent": .transparent, "transparent-pixel": .transparentPixel(x: 0, y: 0),
            "translucent": .translucent(alpha: 200),
        ]
        guard words.contains(word), let value = pixels[word] else {
            throw FixtureDescription.Problem(line: node.line, message: "\(field) is \(listed(words + more)), not '\(word)'")
        }
        return value
    }

    private static let pixelWords = ["opaque", "flat", "transparent", "transparent-pixel", "translucent"]

    /// `a, b or c`.
    private static func listed(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    private static func integer(_ node: YAMLNode, field: String, in range: ClosedRange<Int>) throws -> Int {
        let text = try FixtureDescription.scalar(node)
        guard let value = Int(text), range.contains(value) else {
            throw FixtureDescription.Problem(
                line: node.line, message: "\(field) is a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    private static func format(_ node: YAMLNode, field: String) throws -> FixtureImageFormat {
        let text = try FixtureDescription.scalar(node)
        guard let format = FixtureImageFormat(rawValue: text) else {
            throw FixtureDescription.Problem(line: node.line, message: "\(field) is jpeg or argb, not '\(text)'")
        }
        return format
    }

    private static func brandAsset(_ node: YAMLNode) throws -> FixtureBrandAsset {
        let fields = try FixtureDescription.mapping(node, allowed: ["name", "layers", "layer-format", "app-store-icon", "top-shelf", "top-shelf-wide"])
        var asset = FixtureBrandAsset()
        if let name = fields["name"] { asset.name = try FixtureDescription.scalar(name) }
        if let layers = fields["layers"] { asset.layers = FixtureBrandAsset.layerNames(try integer(layers, field: "layers", in: 2...5)) }
        if let format = fields["layer-format"] { asset.layerFormat = try Self.format(format, field: "layer-format") }
        if let icon = fields["app-store-icon"] {
            switch try FixtureDescription.scalar(icon) {
            case "absent": asset.appStoreIcon = .absent
            case "separate": asset.appStoreIcon = .separate(.flat)
            // Flat pixels: as opaque, and a few KB.
            case "opaque": asset.appStoreIcon = .folded(.flat)
            default: asset.appStoreIcon = .folded(try pixels(icon, field: "app-store-icon", more: ["absent", "separate"]))
            }
        }
        if let node = fields["top-shelf"] { asset.topShelf = try topShelf(node, field: "top-shelf", default: .standard()) }
        if let node = fields["top-shelf-wide"] { asset.topShelfWide = try topShelf(node, field: "top-shelf-wide", default: .wide()) }
        return asset
    }

    /// A top-shelf image's mapping, or `absent` (nil).
    private static func topShelf(_ node: YAMLNode, field: String, default image: FixtureBrandAsset.TopShelfImage) throws -> FixtureBrandAsset.TopShelfImage? {
        if node.scalar == "absent" { return nil }
        guard node.mapping != nil else {
            throw FixtureDescription.Problem(line: node.line, message: "\(field) is a mapping {name, format, pixels, scales, size} or absent")
        }
        let fields = try FixtureDescription.mapping(node, allowed: ["name", "format", "pixels", "scales", "size"])
        var image = image
        if let name = fields["name"] { image.name = try FixtureDescription.scalar(name) }
        if let format = fields["format"] { image.format = try Self.format(format, field: "\(field) format") }
        if let pixels = fields["pixels"] {
            image.pixels =
                image.format == .jpeg
                ? try Self.pixels(pixels, field: "\(field) pixels (a JPEG has no alpha channel)", words: ["opaque", "flat"])
                : try Self.pixels(pixels, field: "\(field) pixels")
        }
        if let scales = fields["scales"] {
            guard let items = scales.sequence, !items.isEmpty, items.count <= 2 else {
                throw FixtureDescription.Problem(line: scales.line, message: "\(field) scales is [1], [2] or [1, 2]")
            }
            image.scales = try items.map { try integer($0, field: "\(field) scale", in: 1...2) }
            guard Set(image.scales).count == image.scales.count else {
                throw FixtureDescription.Problem(line: scales.line, message: "\(field) scales is [1], [2] or [1, 2]")
            }
        }
        if let size = fields["size"] {
            guard let items = size.sequence, items.count == 2 else {
                throw FixtureDescription.Problem(line: size.line, message: "\(field) size is [width, height] in @1x pixels, such as [1920, 720]")
            }
            image.width = try integer(items[0], field: "\(field) width", in: 1...8192)
            image.height = try integer(items[1], field: "\(field) height", in: 1...8192)
        }
        return image
    }

    private static func layeredIcon(_ node: YAMLNode) throws -> FixtureLayeredIcon {
        let fields = try FixtureDescription.mapping(node, allowed: ["name", "layers", "layer-format", "back-layer-scale", "back-layer-pixels"])
        var icon = FixtureLayeredIcon()
        if let name = fields["name"] { icon.name = try FixtureDescription.scalar(name) }
        if let layers = fields["layers"] { icon.layers = FixtureLayeredIcon.layerNames(try integer(layers, field: "layers", in: 1...3)) }
        if let format = fields["layer-format"] { icon.layerFormat = try Self.format(format, field: "layer-format") }
        if let scale = fields["back-layer-scale"] { icon.backLayerScale = try integer(scale, field: "back-layer-scale", in: 0...2) }
        if let pixels = fields["back-layer-pixels"] { icon.backLayerPixels = try integer(pixels, field: "back-layer-pixels", in: 1...4096) }
        return icon
    }

    private static func damage(_ node: YAMLNode) throws -> Hostile {
        switch try FixtureDescription.scalar(node) {
        case "truncated": return .truncated(length: 600)
        case "tree-cycle": return .renditionsTreeCycle
        case "wide-tree-node": return .wideTreeNode(count: 65535)
        case "lying-dimensions": return .lyingDimensions(width: 1024, height: 4096)
        case "key-format-count": return .keyFormatCount(0xFFFF_FFFF)
        case "short-pixel-payload": return .shortPixelPayload
        default:
            throw FixtureDescription.Problem(
                line: node.line, message: "hostile is truncated, tree-cycle, wide-tree-node, lying-dimensions, key-format-count or short-pixel-payload"
            )
        }
    }
}
