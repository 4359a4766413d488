import BundleCheckModel

/// `url-scheme-reserved`: a scheme the system owns, which an app cannot claim.
struct URLSchemeReservedCheck: Check {
    let id = "url-scheme-reserved"
    /// Schemes iOS handles itself; an app declaring one never receives it.
    static let reserved: Set<String> = [
        "http", "https", "mailto", "tel", "telprompt", "sms", "facetime", "facetime-audio", "facetime-group",
        "itms", "itms-apps", "itms-appss", "itms-services", "itms-books", "itms-bookss", "maps", "file",
        "ftp", "about", "data", "javascript", "webcal", "music", "videos", "shortcuts", "prefs", "app-prefs",
        "message", "x-apple-health", "wallet", "shoebox",
    ]

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle in
            URLSchemeDeclarations(bundle).schemes
                .filter { Self.reserved.contains($0.value.lowercased()) }
                .map { rule.finding(Self.reserved($0.value, bundle), at: bundle.infoPlistLocation($0.pointer)) }
        }
    }
}

extension URLSchemeReservedCheck {
    static func reserved(_ scheme: String, _ bundle: InspectedBundle) -> String {
        "URL scheme '\(scheme)' belongs to the system; \(bundle.platform.platform.name) opens it in its own app, so pick a scheme of your own such as your bundle id's last component"
    }
}
