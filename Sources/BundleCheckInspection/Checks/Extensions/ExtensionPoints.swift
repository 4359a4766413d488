import BundleCheckModel

/// The extension points of the platform table (`Rules/data/platforms.yml`), as the extension
/// checks ask about them.
enum ExtensionPoints {
    static let table = ApplePlatforms.shipped.extensionPoints

    /// Share and action extensions: the ones with an activation rule and a share-sheet presence.
    static let shareAndAction: Set<String> = ApplePlatforms.shipped.activationRulePoints

    /// Points that live in `Extensions/` and declare `EXAppExtensionAttributes` (ExtensionKit).
    static let extensionKit: Set<String> = Set(table.values.filter(\.extensionKit).map(\.identifier))

    /// Points whose extensions name neither a principal class nor a storyboard.
    static let withoutPrincipalClass: Set<String> = Set(table.values.filter { !$0.needsPrincipalClass }.map(\.identifier))

    /// Every point some platform loads.
    static let all: Set<String> = Set(table.keys)

    static func isKnown(_ point: String) -> Bool {
        table[point] != nil
    }
}

extension InspectedBundle {
    /// Share and action extensions, the ones whose activation rule decides where they appear.
    var isShareOrActionExtension: Bool {
        kind == .appex && extensionPoint.map(ExtensionPoints.shareAndAction.contains) == true
    }

    /// The folder the bundle sits in inside its parent (`PlugIns`, `Extensions`, `Watch`, …).
    var containingFolder: String? {
        let components = path.split(separator: "/")
        return components.count >= 2 ? String(components[components.count - 2]) : nil
    }
}
