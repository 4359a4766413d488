import BundleCheckModel

/// What bundlecheck knows about extension points, from Apple's documentation and validation messages.
enum ExtensionPoints {
    /// Share and action extensions: the ones with an activation rule and a share-sheet presence.
    static let shareAndAction: Set<String> = ["com.apple.share-services", "com.apple.ui-services", "com.apple.services"]

    /// Points that live in `Extensions/` and declare `EXAppExtensionAttributes` (ExtensionKit).
    static let extensionKit: Set<String> = ["com.apple.deviceactivityui.report-extension", "com.apple.app-intents"]

    /// NSExtension points of iOS, and of Apple's other platforms where they can be met in an iOS package.
    static let nsExtension: Set<String> = [
        "com.apple.share-services", "com.apple.ui-services", "com.apple.services",
        "com.apple.widgetkit-extension", "com.apple.widget-extension",
        "com.apple.usernotifications.service", "com.apple.usernotifications.content-extension",
        "com.apple.keyboard-service", "com.apple.fileprovider-ui", "com.apple.fileprovider-nonui",
        "com.apple.fileprovider-actionsui", "com.apple.photo-editing", "com.apple.intents-service",
        "com.apple.intents-ui-service", "com.apple.callkit.call-directory",
        "com.apple.identitylookup.message-filter", "com.apple.identitylookup.classification-ui",
        "com.apple.authentication-services-credential-provider-ui",
        "com.apple.authentication-services-account-authentication-modification-ui",
        "com.apple.AppSSO.idp-extension", "com.apple.broadcast-services-setupui",
        "com.apple.broadcast-services-upload", "com.apple.classkit.context-provider",
        "com.apple.message-payload-provider", "com.apple.Safari.content-blocker", "com.apple.Safari.extension",
        "com.apple.Safari.web-extension", "com.apple.networkextension.packet-tunnel",
        "com.apple.networkextension.app-proxy", "com.apple.networkextension.filter-data",
        "com.apple.networkextension.filter-control", "com.apple.ctk-tokens", "com.apple.quicklook.preview",
        "com.apple.quicklook.thumbnail", "com.apple.spotlight.index", "com.apple.AudioUnit-UI",
        "com.apple.tv-top-shelf", "com.apple.tv-services", "com.apple.watchkit", "com.apple.FinderSync",
        "com.apple.dt.Xcode.extension.source-editor",
    ]

    /// Points whose extensions name neither a principal class nor a storyboard:
    /// WidgetKit finds its `@main` widget bundle, WatchKit its extension delegate.
    static let withoutPrincipalClass: Set<String> = ["com.apple.widgetkit-extension", "com.apple.watchkit"]

    static func isKnown(_ point: String) -> Bool {
        nsExtension.contains(point) || extensionKit.contains(point)
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
