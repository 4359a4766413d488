import BundleCheckModel

/// `url-scheme-missing`: an app with share or action extensions that declares no URL scheme,
/// so its extensions have no way to open it (the hand-over of seed 000).
struct URLSchemeMissingCheck: Check {
    let id = "url-scheme-missing"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, bundle.parent == nil else { return nil }
            let extensions = context.children(of: bundle).filter(\.isShareOrActionExtension)
            guard let first = extensions.first else { return nil }
            let declared = URLSchemeDeclarations(bundle).schemes.contains { URLSchemeSyntax.problem(in: $0.value) == nil }
            guard !declared else { return nil }
            return rule.finding(Self.missing(bundle, first, count: extensions.count), at: bundle.infoPlistLocation(URLSchemeDeclarations.typesPointer))
        }
    }
}

extension URLSchemeMissingCheck {
    static func missing(_ app: InspectedBundle, _ example: InspectedBundle, count: Int) -> String {
        let others = count > 1 ? " and \(count - 1) more" : ""
        return "\(app.name) declares no URL scheme, so \(example.name)\(others) cannot open it; add one under CFBundleURLTypes"
    }
}
