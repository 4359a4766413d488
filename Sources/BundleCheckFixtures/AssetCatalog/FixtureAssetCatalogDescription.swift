import BundleCheckFormats

/// A rule example's compiled asset catalogue, as its `files` entry describes it:
///
/// ```yaml
/// - path: Assets.car
///   asset-catalog:
///     icon-sets:                      # default: one single-size AppIcon, opaque
///       - name: AppIcon
///         kind: all-sizes             # or single-size (Xcode 14 and later)
///         app-store-icon: translucent # opaque, transparent, transparent-pixel, translucent, absent
///     layout: index-after-first-blocks  # or index-at-end (the default)
///     hostile: [truncated, tree-cycle, wide-tree-node, lying-dimensions, key-format-count, short-pixel-payload]
/// ```
extension FixtureAssetCatalog {
    static func described(_ node: YAMLNode) throws -> FixtureAssetCatalog {
        let fields = try FixtureDescription.mapping(node, allowed: ["icon-sets", "layout", "hostile"])
        var sets: [FixtureIconSet] = [.singleSize()]
        if let list = fields["icon-sets"] {
            guard let items = list.sequence else { throw FixtureDescription.Problem(line: list.line, message: "'icon-sets' must be a list") }
            sets = []
            for item in items { sets.append(try iconSet(item)) }
        }
        var catalog = FixtureAssetCatalog(iconSets: sets)
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

    private static func iconSet(_ node: YAMLNode) throws -> FixtureIconSet {
        let fields = try FixtureDescription.mapping(node, allowed: ["name", "kind", "app-store-icon"])
        let name = try fields["name"].map(FixtureDescription.scalar) ?? "AppIcon"
        var pixels: FixtureIconRendition.Pixels = .opaque
        var absent = false
        if let icon = fields["app-store-icon"] {
            switch try FixtureDescription.scalar(icon) {
            case "opaque": pixels = .opaque
            case "transparent": pixels = .transparent
            case "transparent-pixel": pixels = .transparentPixel(x: 0, y: 0)
            case "translucent": pixels = .translucent(alpha: 200)
            case "absent": absent = true
            default:
                throw FixtureDescription.Problem(line: icon.line, message: "app-store-icon is opaque, transparent, transparent-pixel, translucent or absent")
            }
        }
        var set: FixtureIconSet
        switch try fields["kind"].map(FixtureDescription.scalar) ?? "single-size" {
        case "single-size": set = .singleSize(name, pixels: pixels)
        case "all-sizes": set = .allSizes(name, pixels: pixels)
        default: throw FixtureDescription.Problem(line: node.line, message: "kind is single-size or all-sizes")
        }
        if absent {
            // The set without its 1024-pixel image: what ITMS-90704 is about.
            set.renditions.removeAll { $0.pixelWidth == 1024 }
        }
        return set
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
