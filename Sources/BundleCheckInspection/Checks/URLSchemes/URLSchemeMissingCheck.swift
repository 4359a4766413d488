import BundleCheckModel

/// `url-scheme-missing`: an app with share or action extensions that declares no URL scheme,
/// so its extensions have no way to open it (the hand-over of seed 000). A warning where an
/// extension's code shows it opens a URL (`Rules/data/extension-opens-app.yml`: an openURL
/// selector, or a `scheme://` string); a note otherwise, as for most share extensions, which
/// never open their app, and on the Mac, whose extensions open their app by bundle identifier.
struct URLSchemeMissingCheck: Check {
    let id = "url-scheme-missing"
    var reads: CheckReads { CheckReads(evidence: ExtensionOpensApp.shipped.needs) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let facts = ExtensionOpensApp.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, bundle.parent == nil else { return nil }
            let extensions = context.children(of: bundle).filter(\.isShareOrActionExtension)
            guard let first = extensions.first else { return nil }
            let declared = URLSchemeDeclarations(bundle).schemes.contains { URLSchemeSyntax.problem(in: $0.value) == nil }
            guard !declared else { return nil }
            let at = bundle.infoPlistLocation(URLSchemeDeclarations.typesPointer)
            if facts.byBundleIdentifier.contains(bundle.platform.id) {
                return rule.finding(Self.byBundleIdentifier(bundle, first, count: extensions.count), at: at, atMost: .note)
            }
            for appex in extensions {
                if let evidence = facts.evidence(in: appex) {
                    return rule.finding(Self.missing(bundle, appex, evidence: evidence, count: extensions.count), at: at)
                }
            }
            return rule.finding(Self.unused(bundle, first, count: extensions.count), at: at, atMost: .note)
        }
    }
}

extension URLSchemeMissingCheck {
    static func others(_ count: Int) -> String {
        count > 1 ? " and \(count - 1) more" : ""
    }

    static func missing(_ app: InspectedBundle, _ opener: InspectedBundle, evidence: String, count: Int) -> String {
        "\(app.name) declares no URL scheme, yet the code of \(opener.name) opens a URL (\(evidence)): it cannot open its app; add the scheme under CFBundleURLTypes"
    }

    static func unused(_ app: InspectedBundle, _ example: InspectedBundle, count: Int) -> String {
        "\(app.name) declares no URL scheme, so \(example.name)\(others(count)) could not open it; their code shows no sign of opening a URL (no openURL selector, no scheme:// string), so this is a note: add one under CFBundleURLTypes if an extension is to hand over to the app"
    }

    static func byBundleIdentifier(_ app: InspectedBundle, _ example: InspectedBundle, count: Int) -> String {
        "\(app.name) declares no URL scheme; on \(app.platform.platform.name) \(example.name)\(others(count)) can still open it by bundle identifier (NSWorkspace), so this is a note: add one under CFBundleURLTypes if it is to be opened by URL"
    }
}
